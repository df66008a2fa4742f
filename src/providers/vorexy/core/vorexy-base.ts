/**
 * Everything the Vorexy payment providers share: options, the gateway client, the charge flow,
 * status mapping and errors. Each payment method is a thin subclass (services/). The provider
 * knows nothing of HTTP: it reaches the gateway only through the client, and tells the rest of the
 * plugin about a new charge with a domain event (it runs in the payment module's container and
 * cannot reach the plugin's module).
 *
 * PIX flow (design.md): initiate keeps the payer (no gateway call) -> authorize creates the charge
 * with a deterministic Idempotency-Key and answers pending_authorization with the QR -> later
 * authorizations re-fetch the charge and answer captured only when the gateway says paid for the
 * exact amount.
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
  IEventBusModuleService,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  PaymentSessionStatus as SessionStatus,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import {
  AbstractPaymentProvider,
  PaymentActions,
  PaymentSessionStatus,
} from "@medusajs/framework/utils"
import {
  centsToMajor,
  ChargeStatus,
  toCents,
  TransactionDetail,
  VorexyClient,
} from "../../../gateway"
import { clientFromOptions, parseVorexyOptions, VorexyOptions } from "../options"
import { errors } from "./errors"
import { maskPayer, Payer, PayerSeal, readPayer } from "./payer"
import { qrImageDataUrl } from "./qr"
import { clearedInputKeys, readSessionData, VorexySessionData } from "./session-data"

export type VorexyPaymentMethod = "PIX" | "BOLETO" | "CREDIT_CARD"

/** Emitted when a gateway charge is created; the plugin's subscriber records it. */
export const CHARGE_CREATED_EVENT = "vorexy.charge.created"
/** Emitted whenever a re-fetch shows a charge's status changed; the plugin applies it forward-only. */
export const CHARGE_OBSERVED_EVENT = "vorexy.charge.observed"

/**
 * Emitted for a delivery that reached Medusa's built-in /hooks/payment/<provider> route: it cannot
 * check the URL token, so the plugin stores it as untrusted and processes it like its own route's
 * deliveries (re-fetching; the body is never trusted).
 */
export const WEBHOOK_FORWARDED_EVENT = "vorexy.webhook.forwarded"

export type WebhookForwardedEvent = { raw: string; header_event_id: string | null }

export type ChargeObservedEvent = {
  transaction_id: string
  status: ChargeStatus
  gateway_status: string | null
  /** What the gateway reports (paid value once paid) and what the session expects. */
  amount_cents: number | null
  expected_amount_cents: number | null
  observed_at: string
}

export type ChargeCreatedEvent = {
  payment_session_id: string
  transaction_id: string
  method: "pix" | "boleto" | "credit_card"
  amount_cents: number
  status: ChargeStatus
  gateway_status: string | null
  qr_code: string | null
  qr_code_image: string | null
  expires_at: string | null
  company_id: string | null
}

const SESSION_STATUS: Record<ChargeStatus, SessionStatus> = {
  pending: PaymentSessionStatus.PENDING_AUTHORIZATION,
  paid: PaymentSessionStatus.CAPTURED,
  cancelled: PaymentSessionStatus.CANCELED,
  failed: PaymentSessionStatus.ERROR,
  // Paid and then given back: nothing to capture any more.
  refunded: PaymentSessionStatus.ERROR,
}

export abstract class VorexyBase extends AbstractPaymentProvider<VorexyOptions> {
  protected readonly options_: VorexyOptions
  protected readonly client_: VorexyClient
  protected readonly seal_: PayerSeal
  protected readonly eventBus_?: IEventBusModuleService
  protected readonly logger_?: Logger

  /** Which gateway payment method this provider charges with. */
  abstract get paymentMethod(): VorexyPaymentMethod

  static validateOptions(options: Record<string, unknown>): void {
    parseVorexyOptions(options)
  }

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    const parsed = parseVorexyOptions(options)
    super(cradle, parsed)
    this.options_ = parsed
    this.logger_ = cradle.logger as Logger | undefined
    this.eventBus_ = resolveOptional<IEventBusModuleService>(cradle, "event_bus")
    this.seal_ = new PayerSeal(parsed.apiKey)
    this.client_ = clientFromOptions(
      parsed,
      this.logger_ && { debug: (m) => this.logger_!.debug(m), warn: (m) => this.logger_!.warn(m) }
    )
  }

  protected get method(): VorexySessionData["payment_method"] {
    return this.paymentMethod.toLowerCase() as VorexySessionData["payment_method"]
  }

  /** No gateway call: validates and keeps the payer for authorisation. */
  async initiatePayment({
    amount,
    currency_code,
    data,
    context,
  }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    if (currency_code?.toLowerCase() !== "brl") throw errors.currency(currency_code ?? "")
    const { partial, problems } = readPayer(data, context?.customer)
    if (problems.length) throw errors.invalidPayer(problems)
    const cents = toCents(amount as any)
    const sessionId = typeof data?.session_id === "string" ? data.session_id : ""
    const sessionData: VorexySessionData = {
      session_id: sessionId,
      amount: centsToMajor(cents),
      amount_cents: cents,
      currency_code: "brl",
      payment_method: this.method,
      payer_display: maskPayer(partial),
      payer_sealed: this.seal_.seal(partial),
      payer_ip: ipv4(data?.payer_ip),
      items: checkoutItems(data?.items),
    }
    return {
      id: sessionId,
      status: PaymentSessionStatus.PENDING,
      data: { ...clearedInputKeys(data), ...sessionData },
    }
  }

  /** Payer changes before the charge exists; a new amount after it means a new charge. */
  async updatePayment({
    amount,
    currency_code,
    data,
    context,
  }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const current = readSessionData(data)
    if (currency_code && currency_code.toLowerCase() !== "brl") throw errors.currency(currency_code)
    const cents = amount === undefined ? current.amount_cents! : toCents(amount as any)
    const payerGiven = Object.keys(clearedInputKeys(data)).some(
      (k) => data?.[k] !== null && data?.[k] !== undefined
    )
    const amountChanged = cents !== current.amount_cents

    if (current.transaction_id && !amountChanged) {
      if (payerGiven) throw errors.payerLocked()
      return { data: data as Record<string, unknown> }
    }
    let payerFields: Partial<VorexySessionData> = {}
    if (payerGiven || !current.transaction_id) {
      const previous = this.seal_.open(current.payer_sealed) ?? {}
      const { partial, problems } = readPayer(payerGiven ? data : undefined, context?.customer)
      if (problems.length) throw errors.invalidPayer(problems)
      const merged = { ...previous, ...definedOnly(partial) }
      payerFields = { payer_display: maskPayer(merged), payer_sealed: this.seal_.seal(merged) }
    }
    // The old charge (if any) is for another amount: forget it so authorisation creates a new one.
    const next: VorexySessionData = {
      ...(current as VorexySessionData),
      ...clearedInputKeys(data),
      ...payerFields,
      amount: centsToMajor(cents),
      amount_cents: cents,
      ...(amountChanged
        ? {
            transaction_id: undefined,
            status: undefined,
            qr_code: undefined,
            qr_code_image: undefined,
            expires_at: undefined,
          }
        : {}),
    }
    return {
      status: PaymentSessionStatus.PENDING,
      data: next as unknown as Record<string, unknown>,
    }
  }

  /**
   * First call: creates the charge (Idempotency-Key from the session id and the amount, so a retry,
   * a double click or two concurrent completions make one charge) and answers pending_authorization.
   * Later calls re-fetch the charge and map its status; paid counts only for the exact amount.
   */
  async authorizePayment({
    data,
    context,
  }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const session = readSessionData(data)
    if (!session.transaction_id) return this.createCharge(session, context?.idempotency_key)
    const detail = await this.fetch(session, "check the PIX charge", true)
    return this.statusFromDetail(session, detail)
  }

  async getPaymentStatus({ data }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const session = readSessionData(data)
    if (!session.transaction_id) return { status: PaymentSessionStatus.PENDING, data }
    const detail = await this.fetch(session, "check the PIX charge", false)
    return this.statusFromDetail(session, detail)
  }

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const session = readSessionData(data)
    if (!session.transaction_id) return { data }
    const detail = await this.fetch(session, "read the PIX charge", false)
    return { data: { ...data, ...this.statusFields(detail) } }
  }

  /** PIX is captured when paid: confirm it, idempotently. */
  async capturePayment({ data }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const session = readSessionData(data)
    if (!session.transaction_id) throw errors.notPaid("(none)", "not created")
    const detail = await this.fetch(session, "confirm the PIX payment", false)
    if (detail.status.status !== "paid")
      throw errors.notPaid(session.transaction_id, detail.status.raw ?? "unknown")
    if (detail.amountCents !== session.amount_cents)
      throw errors.amountMismatch(session.transaction_id, detail.amountCents, session.amount_cents!)
    return { data: { ...data, ...this.statusFields(detail) } }
  }

  /** No cancel call exists: mark it locally, unless it is already paid. */
  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data: await this.closeLocally(data) }
  }

  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: await this.closeLocally(data) }
  }

  /** No refund call exists: succeeds only once the gateway reports the refund made in its panel. */
  async refundPayment({ data }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const session = readSessionData(data)
    if (!session.transaction_id) throw errors.refundInPanel("(none)", "no charge")
    const detail = await this.fetch(session, "check the refund", false)
    if (detail.status.status !== "refunded")
      throw errors.refundInPanel(session.transaction_id, detail.status.raw ?? "unknown")
    return { data: { ...data, ...this.statusFields(detail) } }
  }

  /**
   * The built-in route's deliveries go to the plugin's webhook pipeline, which re-fetches before
   * acting. The core gets "not supported" so it never acts on an unverified body itself.
   */
  async getWebhookActionAndData(
    payload: ProviderWebhookPayload["payload"]
  ): Promise<WebhookActionResult> {
    const raw = payload.rawData ? payload.rawData.toString() : JSON.stringify(payload.data ?? {})
    const header = payload.headers?.["x-webhook-event-id"]
    try {
      await this.eventBus_?.emit({
        name: WEBHOOK_FORWARDED_EVENT,
        data: {
          raw,
          header_event_id: typeof header === "string" ? header : null,
        } satisfies WebhookForwardedEvent,
      })
    } catch (error) {
      this.logger_?.warn(
        `Vorexy: could not forward a webhook from the built-in route: ${(error as Error).message}`
      )
    }
    return { action: PaymentActions.NOT_SUPPORTED }
  }

  // ---- the charge ----------------------------------------------------------------------------

  private async createCharge(
    session: Partial<VorexySessionData>,
    sessionIdFromContext?: string
  ): Promise<AuthorizePaymentOutput> {
    const sessionId = session.session_id ?? sessionIdFromContext
    if (!sessionId || !session.amount_cents)
      throw errors.fromGateway(
        new Error("the payment session has no id or amount"),
        "create the PIX charge",
        true
      )
    const payer = this.seal_.open(session.payer_sealed)
    if (!payer) throw errors.payerUnreadable()
    const missing = [!payer.name && "name", !payer.email && "e-mail"].filter(Boolean) as string[]
    if (missing.length) throw errors.payerMissing(missing)
    const full = payer as Payer

    const idempotencyKey = `tx_${sessionId}_${session.amount_cents}`
    let created
    try {
      created = await this.client_.createTransaction(
        {
          amount: session.amount_cents,
          currency: "BRL",
          paymentMethod: this.paymentMethod,
          installments: 1,
          customer: {
            name: full.name,
            email: full.email,
            ...(full.document ? { document: full.document } : {}),
            ...(full.phone ? { phone: full.phone } : {}),
            externalRef: sessionId,
          },
          ...(this.paymentMethod === "PIX"
            ? { pix: { expiresInDays: this.options_.pixExpiresInDays } }
            : {}),
          ...(session.payer_ip ? { ip: session.payer_ip } : {}),
          ...(session.items?.length
            ? {
                items: session.items.map((i) => ({
                  title: i.title,
                  unitPrice: i.unit_price_cents,
                  quantity: i.quantity,
                  tangible: i.tangible,
                })),
              }
            : {}),
        },
        { idempotencyKey }
      )
    } catch (error) {
      throw errors.fromGateway(error, "create the PIX charge", true)
    }

    const qrCode = created.pix?.qrcode ?? null
    const qrImage = qrCode ? await qrImageDataUrl(qrCode) : null
    const companyId =
      created.companyId ?? (this.options_.companyId ? Number(this.options_.companyId) : null)
    const next: VorexySessionData = {
      ...(session as VorexySessionData),
      session_id: sessionId,
      transaction_id: created.id,
      status: created.status.status,
      gateway_status: created.status.raw,
      qr_code: qrCode ?? undefined,
      qr_code_image: qrImage ?? undefined,
      expires_at: created.pix?.expiresAt ?? null,
      gateway_company_id: companyId,
    }
    await this.announce(CHARGE_CREATED_EVENT, {
      payment_session_id: sessionId,
      transaction_id: created.id,
      method: this.method,
      amount_cents: session.amount_cents,
      status: created.status.status,
      gateway_status: created.status.raw,
      qr_code: qrCode,
      qr_code_image: qrImage,
      expires_at: next.expires_at ?? null,
      company_id: companyId === null ? null : String(companyId),
    } satisfies ChargeCreatedEvent)
    // A replayed create answers with the original (waiting) response; any later status comes from
    // a re-fetch on the next authorisation.
    return {
      status: PaymentSessionStatus.PENDING_AUTHORIZATION,
      data: next as unknown as Record<string, unknown>,
    }
  }

  /** Re-fetches a charge (the gateway is the truth) and announces its status when it changed. */
  private async fetch(
    session: Partial<VorexySessionData>,
    action: string,
    checkout: boolean
  ): Promise<TransactionDetail> {
    let detail: TransactionDetail
    try {
      detail = await this.client_.getTransaction(session.transaction_id!)
    } catch (error) {
      throw errors.fromGateway(error, action, checkout)
    }
    if (detail.status.status !== session.status) {
      await this.announce(CHARGE_OBSERVED_EVENT, {
        transaction_id: session.transaction_id!,
        status: detail.status.status,
        gateway_status: detail.status.raw,
        amount_cents: detail.amountCents ?? null,
        expected_amount_cents: session.amount_cents ?? null,
        observed_at: new Date().toISOString(),
      } satisfies ChargeObservedEvent)
    }
    return detail
  }

  private statusFields(detail: TransactionDetail): Partial<VorexySessionData> {
    return {
      status: detail.status.status,
      gateway_status: detail.status.raw,
      ...(detail.status.status === "paid"
        ? { paid_at: detail.updatedAt ?? new Date().toISOString() }
        : {}),
    }
  }

  private statusFromDetail(session: Partial<VorexySessionData>, detail: TransactionDetail) {
    if (detail.status.status === "paid" && detail.amountCents !== session.amount_cents) {
      throw errors.amountMismatch(detail.transactionId, detail.amountCents, session.amount_cents!)
    }
    return {
      status: SESSION_STATUS[detail.status.status],
      data: { ...session, ...this.statusFields(detail) } as Record<string, unknown>,
    }
  }

  private async closeLocally(data: Record<string, unknown> | undefined) {
    const session = readSessionData(data)
    if (!session.transaction_id) return data ?? {}
    const detail = await this.fetch(session, "check the PIX charge before cancelling it", false)
    if (detail.status.status === "paid") throw errors.alreadyPaid(session.transaction_id)
    return {
      ...data,
      ...this.statusFields(detail),
      status: detail.status.terminal ? detail.status.status : "cancelled",
      canceled_locally_at: new Date().toISOString(),
    }
  }

  private async announce(name: string, data: ChargeCreatedEvent | ChargeObservedEvent) {
    try {
      await this.eventBus_?.emit({ name, data })
    } catch (error) {
      // Other paths record charges too (order.placed, the status route, reconciliation); never
      // fail a payment over a notification.
      this.logger_?.warn(
        `Vorexy: could not announce ${name} for ${data.transaction_id}: ${(error as Error).message}`
      )
    }
  }
}

function resolveOptional<T>(cradle: Record<string, unknown>, key: string): T | undefined {
  try {
    return cradle[key] as T | undefined
  } catch {
    return undefined
  }
}

const definedOnly = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>

/** Items as the session-creation middleware attached them; anything malformed is left out. */
function checkoutItems(value: unknown): VorexySessionData["items"] {
  if (!Array.isArray(value)) return undefined
  const items = value.filter(
    (i) =>
      i &&
      typeof i.title === "string" &&
      i.title &&
      Number.isInteger(i.unit_price_cents) &&
      i.unit_price_cents >= 0 &&
      Number.isInteger(i.quantity) &&
      i.quantity > 0
  )
  return items.length
    ? items.map((i) => ({
        title: i.title,
        unit_price_cents: i.unit_price_cents,
        quantity: i.quantity,
        tangible: Boolean(i.tangible),
      }))
    : undefined
}

/** The spec takes the payer's IPv4; IPv4-mapped IPv6 is unwrapped, anything else dropped. */
function ipv4(value: unknown): string | null {
  if (typeof value !== "string") return null
  const ip = value.replace(/^::ffff:/, "")
  return /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(ip) ? ip : null
}
