/**
 * Everything the Vorexy payment providers share: options, the gateway client, status mapping and
 * errors. Each payment method is a thin subclass (services/). The provider knows nothing of HTTP:
 * it talks to the gateway only through the client.
 */
import {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import { AbstractPaymentProvider, MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { VorexyClient } from "../../../gateway"
import { parseVorexyOptions, VorexyOptions } from "../options"

export type VorexyPaymentMethod = "PIX" | "BOLETO" | "CREDIT_CARD"

export abstract class VorexyBase extends AbstractPaymentProvider<VorexyOptions> {
  protected readonly options_: VorexyOptions
  protected readonly client_: VorexyClient

  /** Which gateway payment method this provider charges with. */
  abstract get paymentMethod(): VorexyPaymentMethod

  static validateOptions(options: Record<string, unknown>): void {
    parseVorexyOptions(options)
  }

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    const parsed = parseVorexyOptions(options)
    super(cradle, parsed)
    this.options_ = parsed
    const logger = cradle.logger as { debug?: (m: string) => void; warn?: (m: string) => void } | undefined
    this.client_ = new VorexyClient({
      baseUrl: parsed.baseUrl,
      clientId: parsed.clientId,
      apiKey: parsed.apiKey,
      timeoutMs: parsed.timeoutMs,
      retry: { retries: parsed.maxRetries },
      secrets: parsed.webhookSecret ? [parsed.webhookSecret] : [],
      logger: logger && { debug: logger.debug?.bind(logger), warn: logger.warn?.bind(logger) },
    })
  }

  async initiatePayment({ data }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const sessionId = typeof data?.session_id === "string" ? data.session_id : ""
    return { id: sessionId, status: PaymentSessionStatus.PENDING, data: {} }
  }

  async authorizePayment(_input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    throw this.notYet("authorizePayment")
  }

  async getPaymentStatus(_input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    return { status: PaymentSessionStatus.PENDING }
  }

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    return { data }
  }

  async updatePayment({ data }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    return { data }
  }

  async capturePayment(_input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    throw this.notYet("capturePayment")
  }

  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data }
  }

  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data }
  }

  async refundPayment(_input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    throw this.notYet("refundPayment")
  }

  async getWebhookActionAndData(_payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }

  private notYet(method: string) {
    return new MedusaError(MedusaError.Types.NOT_ALLOWED, `Vorexy ${this.paymentMethod}: ${method} is not available in this version`)
  }
}
