/**
 * The gateway side of a session's charge: create it once (deterministic Idempotency-Key), re-fetch
 * it (the gateway is the truth, and a change is announced), and close it locally (Vorexy has no
 * cancel call). The provider class maps these onto Medusa's methods.
 */
import type { AuthorizePaymentOutput } from "@medusajs/framework/types"
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { sessionFacts, storedFacts } from "../../../charge-facts"
import { isVorexyError } from "../../../gateway"
import type { TransactionDetail, VorexyClient } from "../../../gateway"
import type { VorexyOptions } from "../options"
import { buildChargeRequest, chargeIdempotencyKey } from "./charge-request"
import { statusFields } from "./charge-status"
import { errorsFor } from "./errors"
import {
  CHARGE_CREATED_EVENT,
  CHARGE_DETACHED_EVENT,
  CHARGE_OBSERVED_EVENT,
  ProviderEvents,
} from "./events"
import type { ChargeBinding } from "./binding"
import type { ChargeMethod } from "./methods/types"
import type { Payer, PayerSeal, SealedPayer } from "./payer"
import { asRecord, readSessionData, VorexySessionData } from "./session-data"

export class ChargeFlow {
  constructor(
    private readonly client: VorexyClient,
    private readonly events: ProviderEvents,
    private readonly seal: PayerSeal,
    private readonly binding: ChargeBinding,
    private readonly options: VorexyOptions,
    private readonly method: ChargeMethod
  ) {}

  private get errors() {
    return errorsFor(this.method.label)
  }

  private get methodName() {
    return this.method.paymentMethod.toLowerCase() as VorexySessionData["payment_method"]
  }

  /**
   * True when the session's transaction is the one this provider created for this session. A
   * storefront cannot write session data, but a charge is never acted on on that belief alone.
   */
  isBound(session: Partial<VorexySessionData>, sessionIdFromContext?: string): boolean {
    if (sessionIdFromContext && session.session_id && sessionIdFromContext !== session.session_id)
      return false
    return this.binding.verify(
      {
        session_id: session.session_id ?? undefined,
        transaction_id: session.transaction_id ?? undefined,
        amount_cents: session.amount_cents,
        company_id: session.gateway_company_id ?? null,
      },
      session.charge_binding
    )
  }

  /**
   * Creates the session's charge. PIX and boleto answer pending_authorization (the order waits); a
   * card answers at once: captured, a refusal (thrown for the shopper), or an analysis.
   */
  async create(
    session: Partial<VorexySessionData>,
    sessionIdFromContext?: string
  ): Promise<AuthorizePaymentOutput> {
    const errors = this.errors
    const action = `create the ${this.method.label} charge`
    const sessionId = session.session_id ?? sessionIdFromContext
    const amountCents = session.amount_cents
    if (!sessionId || !amountCents) {
      const problem = new Error("the payment session has no id or amount")
      throw errors.fromGateway(problem, action, true)
    }
    const payer = this.seal.open(session.payer_sealed, sessionId)
    if (!payer) throw errors.payerUnreadable()
    const missing = [!payer.name && "name", !payer.email && "e-mail"].filter(Boolean) as string[]
    if (missing.length) throw errors.payerMissing(missing)

    let created
    try {
      const request = buildChargeRequest({
        sessionId,
        session: { ...session, amount_cents: amountCents },
        payer: payer as SealedPayer & Payer,
        method: this.method,
        options: this.options,
      })
      const idempotencyKey = chargeIdempotencyKey(sessionId, amountCents, session.renewals ?? 0)
      created = await this.client.createTransaction(request, { idempotencyKey })
    } catch (error) {
      throw errors.fromGateway(error, action, true)
    }

    const outcome = await this.method.outcome(created, session, this.options)
    const facts = storedFacts(this.methodName, outcome.facts)
    const configuredCompany = this.options.companyId ? Number(this.options.companyId) : null
    const companyId = created.companyId ?? configuredCompany
    const paid = created.status.status === "paid"
    const next: Partial<VorexySessionData> = {
      ...session,
      session_id: sessionId,
      transaction_id: created.id,
      status: created.status.status,
      gateway_status: created.status.raw,
      ...sessionFacts(this.methodName, outcome.facts),
      ...(paid ? { paid_at: new Date().toISOString() } : {}),
      gateway_company_id: companyId,
      charge_binding: this.binding.sign({
        session_id: sessionId,
        transaction_id: created.id,
        amount_cents: amountCents,
        company_id: companyId,
      }),
    }
    await this.events.emit(CHARGE_CREATED_EVENT, {
      payment_session_id: sessionId,
      transaction_id: created.id,
      method: this.methodName,
      amount_cents: amountCents,
      // Paid with another amount: recorded as pending, so the sync re-fetches it and flags it.
      status: outcome.amountMismatch ? "pending" : created.status.status,
      gateway_status: created.status.raw,
      ...facts,
      company_id: companyId === null ? null : String(companyId),
    })
    if (outcome.amountMismatch) {
      throw errors.cardAmountMismatch(created.amountCents, amountCents)
    }
    if (outcome.status === PaymentSessionStatus.ERROR) {
      // A refused card: nothing was charged, no order is placed, the cart stays payable.
      throw errors.cardRefused(facts.details?.refused_reason ?? null)
    }
    // A replayed create answers with the original response; any later status comes from a
    // re-fetch on the next authorisation.
    return { status: outcome.status, data: asRecord(next) }
  }

  /**
   * Re-fetches a charge and announces its status when it changed. `reusePaidMs`: a read saying
   * paid (or past it) that this process made that recently will do (the sync's verifying read,
   * just before Medusa authorises and captures the payment, or records the refund, it verified).
   * The sync's own read is not announced again (it applies it: a capture it makes never sets off
   * a second sync); any other reused read is announced as a fresh one would be.
   */
  async fetch(
    session: Partial<VorexySessionData>,
    action: string,
    checkout: boolean,
    reusePaidMs = 0
  ): Promise<TransactionDetail> {
    let detail: TransactionDetail
    try {
      const recent =
        reusePaidMs > 0 ? this.client.recentPaidRead(session.transaction_id!, reusePaidMs) : null
      if (recent?.applied) return recent.detail
      detail = recent?.detail ?? (await this.client.getTransaction(session.transaction_id!))
    } catch (error) {
      throw this.errors.fromGateway(error, action, checkout)
    }
    if (detail.status.status !== session.status) {
      await this.events.emit(CHARGE_OBSERVED_EVENT, {
        transaction_id: session.transaction_id!,
        status: detail.status.status,
        gateway_status: detail.status.raw,
        amount_cents: detail.amountCents ?? null,
        expected_amount_cents: session.amount_cents ?? null,
        refunded_cents: detail.refundedCents ?? null,
        observed_at: new Date().toISOString(),
      })
    }
    return detail
  }

  /**
   * The session is going away: its charge (if bound) is re-fetched (a payment is announced) and
   * the plugin is told, so it stops offering the charge and keeps watching it. Never throws.
   */
  async detach(data: Record<string, unknown> | undefined) {
    const session = readSessionData(data)
    if (!session.transaction_id || !this.isBound(session)) return data ?? {}
    await this.events.emit(CHARGE_DETACHED_EVENT, { transaction_id: session.transaction_id })
    const detail = await this.fetch(session, `check the ${this.method.label} charge`, false).catch(
      () => null
    )
    return {
      ...data,
      ...(detail ? statusFields(detail) : {}),
      canceled_locally_at: new Date().toISOString(),
    }
  }

  /** Vorexy has no cancel call: mark the charge closed in the session, unless it is paid. */
  async closeLocally(data: Record<string, unknown> | undefined) {
    const session = readSessionData(data)
    if (!session.transaction_id || !this.isBound(session)) return data ?? {}
    let detail: TransactionDetail
    try {
      // Always a fresh read: a payment made an instant ago must refuse the cancel.
      detail = await this.client.getTransaction(session.transaction_id)
    } catch (error) {
      // Vorexy does not know it (another account, a lost charge): nothing there can be paid or
      // cancelled, so the order may be; the plugin's row keeps its "unknown at Vorexy" flag.
      if (isVorexyError(error) && error.kind === "not_found")
        return { ...data, status: "cancelled", canceled_locally_at: new Date().toISOString() }
      throw this.errors.fromGateway(
        error,
        `check the ${this.method.label} charge before cancelling it`,
        false
      )
    }
    if (detail.status.status === "paid") throw this.errors.alreadyPaid(session.transaction_id)
    return {
      ...data,
      ...statusFields(detail),
      status: detail.status.terminal ? detail.status.status : "cancelled",
      canceled_locally_at: new Date().toISOString(),
    }
  }
}
