/**
 * Everything the Vorexy payment providers share, mapped onto Medusa's provider methods: options,
 * the gateway client, the session data before the charge (payer-session.ts), the charge itself
 * (charge-flow.ts) and its status (charge-status.ts). Each payment method is a thin subclass
 * (services/). The provider knows nothing of HTTP and tells the rest of the plugin what it did
 * with domain events (events.ts).
 *
 * PIX flow (design.md): initiate keeps the payer (no gateway call) -> authorize creates the charge
 * with a deterministic Idempotency-Key and answers pending_authorization with the QR -> later
 * authorizations re-fetch the charge and answer captured only when the gateway says paid for the
 * exact amount.
 */
import type {
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
  isProtest,
  MajorAmountInput,
  toCents,
  TransactionDetail,
  VorexyClient,
  webhookEventId,
} from "../../../gateway"
import { clientFromOptions, parseVorexyOptions, signingSecrets, VorexyOptions } from "../options"
import { adoptedSessionData, withoutAdoption } from "./adopt-session"
import { ChargeBinding } from "./binding"
import { ChargeFlow } from "./charge-flow"
import { sessionStatusFromDetail, statusFields } from "./charge-status"
import { errorsFor } from "./errors"
import type { ChargeMethod } from "./methods/types"
import { ProviderEvents, WEBHOOK_FORWARDED_EVENT } from "./events"
import { PayerSeal } from "./payer"
import { initialSessionData, updatedSessionData } from "./payer-session"
import { readSessionData, withoutCharge } from "./session-data"
import { BUILT_IN_ROUTE_WARN_EVERY_MS, REUSE_READ_MS } from "../../../rules/timing"

/** When this process last said it ignored a delivery to the built-in route. */
let builtInRouteWarnedAt = -Infinity

/**
 * What the gateway reports given back: a chargeback takes the whole payment, whatever
 * refundedAmount says; a protest (MED) only holds it, so it gives back only what was refunded.
 */
function givenBack(detail: TransactionDetail, session: { amount_cents?: number | null }) {
  const whole = detail.amountCents ?? session.amount_cents ?? 0
  if (detail.status.status === "disputed" && !isProtest(detail.status.raw)) return whole
  return detail.refundedCents ?? (detail.status.status === "refunded" ? whole : 0)
}

export abstract class VorexyBase extends AbstractPaymentProvider<VorexyOptions> {
  protected readonly options_: VorexyOptions
  protected readonly client_: VorexyClient
  protected readonly seal_: PayerSeal
  protected readonly binding_: ChargeBinding
  protected readonly events_: ProviderEvents
  protected readonly logger_?: Logger
  private chargeFlow_?: ChargeFlow

  /** The payment method this provider charges with (methods/): a subclass names it. */
  abstract get chargeMethod(): ChargeMethod

  protected get errors_() {
    return errorsFor(this.chargeMethod.label)
  }

  static validateOptions(options: Record<string, unknown>): void {
    parseVorexyOptions(options)
  }

  constructor(cradle: Record<string, unknown>, options: Record<string, unknown>) {
    const parsed = parseVorexyOptions(options)
    super(cradle, parsed)
    this.options_ = parsed
    const logger = cradle.logger as Logger | undefined
    this.logger_ = logger
    const eventBus = resolveOptional<IEventBusModuleService>(cradle, "event_bus")
    this.events_ = new ProviderEvents(eventBus, logger)
    this.seal_ = new PayerSeal(signingSecrets(parsed))
    this.binding_ = new ChargeBinding(signingSecrets(parsed))
    this.client_ = clientFromOptions(
      parsed,
      logger && { debug: (m) => logger.debug(m), warn: (m) => logger.warn(m) }
    )
  }

  /** The charge flow for this provider's payment method (built on first use: a subclass getter). */
  protected get charges_(): ChargeFlow {
    const { client_, events_, seal_, binding_, options_, chargeMethod } = this
    this.chargeFlow_ ??= new ChargeFlow(client_, events_, seal_, binding_, options_, chargeMethod)
    return this.chargeFlow_
  }

  /** No gateway call: validates and keeps the payer for authorisation. */
  async initiatePayment({
    amount,
    currency_code,
    data,
    context,
  }: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    if (currency_code?.toLowerCase() !== "brl") throw this.errors_.currency(currency_code ?? "")
    const cents = toCents(amount as MajorAmountInput)
    const session = initialSessionData(
      this.seal_,
      this.chargeMethod,
      this.options_,
      cents,
      data,
      context?.customer
    )
    return { id: session.sessionId, status: PaymentSessionStatus.PENDING, data: session.data }
  }

  /** Payer changes before the charge exists; a new amount after it means a new charge. */
  async updatePayment({
    amount,
    currency_code,
    data,
    context,
  }: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    if (currency_code && currency_code.toLowerCase() !== "brl")
      throw this.errors_.currency(currency_code)
    const adopted = adoptedSessionData(this.binding_, data)
    if (adopted) return { status: PaymentSessionStatus.PENDING, data: adopted }
    data = withoutAdoption(data)
    const current = readSessionData(data)
    const orderCents =
      amount === undefined
        ? (current.order_amount_cents ?? current.amount_cents!)
        : toCents(amount as MajorAmountInput)
    // The same order amount keeps what the charge was made for: options changed since (or a
    // session from before them) must never make a made, maybe paid, charge look like another.
    const unchanged = orderCents === (current.order_amount_cents ?? current.amount_cents)
    const charged = unchanged
      ? { cents: current.amount_cents!, shown: {} }
      : (this.chargeMethod.charged?.(orderCents, current, this.options_) ?? {
          cents: orderCents,
          shown: {},
        })
    const next = updatedSessionData(
      this.seal_,
      this.chargeMethod.label,
      { orderCents, charged },
      data,
      context?.customer
    )
    if (!next) return { data: data as Record<string, unknown> }
    return { status: PaymentSessionStatus.PENDING, data: next }
  }

  /**
   * First call: creates the charge and answers pending_authorization. Later calls re-fetch the
   * charge and map its status; paid counts only for the exact amount.
   */
  async authorizePayment({
    data,
    context,
  }: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const session = readSessionData(data)
    if (!session.transaction_id) return this.charges_.create(session, context?.idempotency_key)
    if (!this.charges_.isBound(session, context?.idempotency_key)) {
      // Never pay from a transaction this session did not create: make the session's own charge.
      this.logger_?.warn(
        `Vorexy: payment session ${session.session_id} carried a transaction it did not create; ignored it.`
      )
      return this.charges_.create(withoutCharge(session), context?.idempotency_key)
    }
    const detail = await this.charges_.fetch(
      session,
      `check the ${this.chargeMethod.label} charge`,
      true,
      REUSE_READ_MS
    )
    return sessionStatusFromDetail(session, detail)
  }

  /** The session's charge, refusing one this session did not create. */
  protected boundCharge(data: Record<string, unknown> | undefined) {
    const session = readSessionData(data)
    if (session.transaction_id && !this.charges_.isBound(session)) {
      throw this.errors_.notBound(session.transaction_id)
    }
    return session
  }

  async getPaymentStatus({ data }: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const session = this.boundCharge(data)
    if (!session.transaction_id) return { status: PaymentSessionStatus.PENDING, data }
    const detail = await this.charges_.fetch(
      session,
      `check the ${this.chargeMethod.label} charge`,
      false
    )
    return sessionStatusFromDetail(session, detail)
  }

  async retrievePayment({ data }: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const session = this.boundCharge(data)
    if (!session.transaction_id) return { data }
    const detail = await this.charges_.fetch(
      session,
      `read the ${this.chargeMethod.label} charge`,
      false
    )
    return { data: { ...data, ...statusFields(detail) } }
  }

  /** PIX is captured when paid: confirm it, idempotently. */
  async capturePayment({ data }: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const session = this.boundCharge(data)
    if (!session.transaction_id) throw this.errors_.notPaid("(none)", "not created")
    const detail = await this.charges_.fetch(
      session,
      `confirm the ${this.chargeMethod.label} payment`,
      false,
      REUSE_READ_MS
    )
    if (detail.status.status !== "paid")
      throw this.errors_.notPaid(session.transaction_id, detail.status.raw ?? "unknown")
    if (detail.amountCents !== session.amount_cents)
      throw this.errors_.amountMismatch(
        session.transaction_id,
        detail.amountCents,
        session.amount_cents!
      )
    return { data: { ...data, ...statusFields(detail) } }
  }

  /** No cancel call exists: mark it locally, unless it is already paid. */
  async cancelPayment({ data }: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return { data: await this.charges_.closeLocally(data) }
  }

  /**
   * The session is being replaced or dropped (never refused: Medusa would answer the shopper with a
   * 500). Its charge may still be paid: the plugin stops offering it and keeps watching it.
   */
  async deletePayment({ data }: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: await this.charges_.detach(data) }
  }

  /**
   * No refund call exists: succeeds only once the gateway reports at least this much refunded in
   * its panel (partial refunds included).
   */
  async refundPayment({ data, amount }: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const session = this.boundCharge(data)
    if (!session.transaction_id) throw this.errors_.refundInPanel("(none)", "no charge")
    // Refunds already recorded in Medusa count against what the gateway reports refunded.
    const recorded = session.refunds_recorded_cents ?? 0
    const asked = toCents(amount as MajorAmountInput)
    // The sync recording a panel refund read it an instant before: that read will do when it
    // shows the refund. One that does not (an admin recording a refund just made) reads afresh.
    let detail = await this.charges_.fetch(session, "check the refund", false, REUSE_READ_MS)
    if (asked > 0 && givenBack(detail, session) < recorded + asked)
      detail = await this.charges_.fetch(session, "check the refund", false)
    if (asked <= 0 || givenBack(detail, session) < recorded + asked)
      throw this.errors_.refundInPanel(session.transaction_id, detail.status.raw ?? "unknown")
    return {
      data: { ...data, ...statusFields(detail), refunds_recorded_cents: recorded + asked },
    }
  }

  /**
   * The built-in route's deliveries go to the plugin's webhook pipeline, which re-fetches before
   * acting. The core gets "not supported" so it never acts on an unverified body itself.
   */
  async getWebhookActionAndData(
    payload: ProviderWebhookPayload["payload"]
  ): Promise<WebhookActionResult> {
    const { webhookSecret, allowBuiltInWebhookRoute } = this.options_
    if (webhookSecret && !allowBuiltInWebhookRoute) {
      // It cannot check the token: with a secret configured, only /hooks/vorexy is honoured. Said
      // at most once a minute: anyone can post there, and a flood must not flood the log.
      if (Date.now() - builtInRouteWarnedAt >= BUILT_IN_ROUTE_WARN_EVERY_MS) {
        builtInRouteWarnedAt = Date.now()
        this.logger_?.warn(
          "Vorexy: ignored a delivery to Medusa's built-in webhook route; point the gateway at /hooks/vorexy (or set allowBuiltInWebhookRoute)."
        )
      }
      return { action: PaymentActions.NOT_SUPPORTED }
    }
    const raw = payload.rawData ? payload.rawData.toString() : JSON.stringify(payload.data ?? {})
    await this.events_.emit(WEBHOOK_FORWARDED_EVENT, {
      raw,
      header_event_id: webhookEventId(payload.headers?.["x-webhook-event-id"]),
    })
    return { action: PaymentActions.NOT_SUPPORTED }
  }
}

function resolveOptional<T>(cradle: Record<string, unknown>, key: string): T | undefined {
  try {
    return cradle[key] as T | undefined
  } catch {
    return undefined
  }
}
