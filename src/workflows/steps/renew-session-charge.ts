import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { forgottenFacts } from "../../charge-facts"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { isVorexyProviderId } from "../../providers/vorexy/provider-ids"
import { recordChargesWorkflow } from "../record-charges"
import { renewalCheck, renewalsDone } from "../utils/renewal"
import { sessionCaptureCount } from "../utils/session-captures"
import { assertLease, ChargeLease } from "./charge-lease"
import { RENEW_RETRY_GAP_MS } from "../../rules/timing"

export type RenewSessionChargeInput = {
  order_id: string
  /** The lease of the order's newest charge (the one lapsed): no sync closes its order meanwhile. */
  lease: ChargeLease
  /** That charge's transaction, as the route saw it. */
  transaction_id: string
}

/**
 * A new PIX or boleto for an order whose charge lapsed, checked again under that charge's lease
 * (renewal.ts; its order open and not paid). The session forgets the lapsed charge and counts the
 * renewal (its number joins the Idempotency-Key, so a retry or a double click makes one charge);
 * Medusa then authorises it, and the provider creates the charge as at checkout. No compensation:
 * a charge the gateway made is never forgotten (a retry finds it by its key), and the lapsed one
 * stays recorded and watched, its payment flagged (plan-charge-sync.ts).
 *
 * The new charge is recorded before the lease is let go, so a second click (waiting on the lease)
 * finds it and makes nothing; the lapsed charge then stops being offered (still watched). Answers
 * the session, or null when nothing was to be made (the newest charge is still payable).
 */
export const renewSessionChargeStep = createStep(
  "vorexy-renew-session-charge",
  async (input: RenewSessionChargeInput, { container }) => {
    const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const [newest] = await vorexy.listVorexyCharges(
      { order_id: input.order_id },
      { order: { created_at: "DESC" }, take: 1 }
    )
    if (!newest) throw notFound(input.order_id)
    // Another request renewed it first: the new charge is the answer.
    if (newest.transaction_id !== input.transaction_id) return new StepResponse(null)
    // The newest charge's own session (listed by this order: it pays this order).
    const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const session = await payment
      .retrievePaymentSession(newest.payment_session_id)
      .catch(() => null)
    if (!session || !isVorexyProviderId(session.provider_id))
      throw refused("This order's payment was replaced: a new charge cannot be issued for it.")
    const [order] = await orderStatuses(container, input.order_id)
    if (!order) throw notFound(input.order_id)
    const data = (session.data ?? {}) as Record<string, unknown>
    // Made, but not recorded yet (its request died before): recorded now, nothing new made.
    if (data.transaction_id && data.transaction_id !== newest.transaction_id) {
      await record(container, session.id)
      return new StepResponse({ session_id: session.id })
    }
    if (order.status === "canceled")
      throw refused("This order was cancelled: please place a new order.")
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    if (await sessionCaptureCount(query, session.id))
      throw refused("This order is already paid: there is nothing more to pay.")

    // A renewal whose create did not answer is asked for again under its own number (its key).
    const used = renewalsDone(data)
    const retry = !data.transaction_id && Number(data.renewals ?? 0) > used
    const check = renewalCheck(newest, used, vorexy.options)
    if (!check.ok) {
      if (check.reason === "still_payable") return new StepResponse(null)
      throw refused(check.message)
    }
    // One attempt per order every few seconds, whoever asks (each may reach the gateway).
    const last = typeof data.renewed_at === "string" ? Date.parse(data.renewed_at) : NaN
    if (retry && Date.now() - last < RENEW_RETRY_GAP_MS)
      throw refused("A new charge is being made for this order: please try again in a moment.")
    // The payer is sealed under the store's keys: one it can no longer open (its secret gone from
    // the keyring) would be charged as nobody.
    if (!vorexy.payerSeal().open(data.payer_sealed, session.id))
      throw refused(
        "This order's payment details can no longer be read by the store: please place a new order."
      )

    await assertLease(container, input.lease)
    await payment.updatePaymentSession({
      id: session.id,
      amount: session.amount,
      currency_code: session.currency_code,
      status: "pending",
      data: {
        ...data,
        transaction_id: null,
        status: null,
        gateway_status: null,
        charge_binding: null,
        paid_at: null,
        canceled_locally_at: null,
        ...forgottenFacts(),
        renewals: check.renewal,
        // When it was asked for: every charge of the session made before it is replaced by it.
        renewed_at: new Date().toISOString(),
      },
    })
    // The provider creates the charge (pending authorisation) and announces it.
    await payment.authorizePaymentSession(session.id, {})
    const [made] = await record(container, session.id)
    // The lapsed charge is no longer offered (its reminder and its "expired" e-mail neither).
    const closed = { offer_closed_at: new Date(), offer_closed_reason: "session_replaced" as const }
    // Its window's look is the new charge's now (a lapsed one: nothing more to close).
    const lapsed = newest.status === "cancelled" || newest.status === "failed"
    await vorexy.updateChargesAndNotify([
      { id: newest.id, ...closed, ...(lapsed ? { next_sync_at: null } : {}) },
    ])
    // The order cancelled meanwhile (in the admin, which takes no charge lease): not offered.
    const [after] = await orderStatuses(container, input.order_id)
    if (made && after?.status === "canceled")
      await vorexy.updateChargesAndNotify([
        { id: made.id, offer_closed_at: new Date(), offer_closed_reason: "order_canceled" },
      ])
    return new StepResponse({ session_id: session.id })
  }
)

/** The session's charge recorded from its data (bound to it), linked to its order. */
async function record(container: MedusaContainer, sessionId: string) {
  const { result } = await recordChargesWorkflow(container).run({
    input: { payment_session_ids: [sessionId] },
  })
  return result
}

async function orderStatuses(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "status"],
    filters: { id: orderId },
  })
  return data as Array<{ id: string; status: string }>
}

const notFound = (orderId: string) =>
  new MedusaError(MedusaError.Types.NOT_FOUND, `No Vorexy charge for order ${orderId}`)

const refused = (message: string) => new MedusaError(MedusaError.Types.CONFLICT, message)
