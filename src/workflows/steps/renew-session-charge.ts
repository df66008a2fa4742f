import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { forgottenFacts } from "../../charge-facts"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { isVorexyProviderId } from "../../providers/vorexy/provider-ids"
import { renewalCheck } from "../utils/renewal"
import { sessionCaptureCount } from "../utils/session-captures"
import { assertLease, ChargeLease } from "./charge-lease"

export type RenewSessionChargeInput = {
  order_id: string
  /** The lease of the order's newest charge (the one lapsed): no sync closes its order meanwhile. */
  lease: ChargeLease
  /** That charge's transaction, as the route saw it. */
  transaction_id: string
}

type SessionRow = {
  id: string
  provider_id: string
  amount: number
  currency_code: string
  data: Record<string, unknown> | null
}
type OrderRow = {
  id: string
  status: string
  payment_collections?: Array<{ payment_sessions?: Array<SessionRow | null> | null } | null> | null
}

/**
 * A new PIX or boleto for an order whose charge lapsed, checked again under that charge's lease
 * (renewal.ts; its order open and not paid). The session forgets the lapsed charge and counts the
 * renewal (its number joins the Idempotency-Key, so a retry or a double click makes one charge);
 * Medusa then authorises it, and the provider creates the charge as at checkout. No compensation:
 * a charge the gateway made is never forgotten (a retry finds it by its key), and the lapsed one
 * stays recorded and watched, its payment flagged (plan-charge-sync.ts).
 *
 * Answers the session, or null when the order's newest charge is already a payable one (a second
 * click): nothing is created then.
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
    const { order, session } = await orderAndSession(container, input.order_id, newest)
    if (order.status === "canceled")
      throw refused("This order was cancelled: please place a new order.")
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    if (await sessionCaptureCount(query, session.id))
      throw refused("This order is already paid: there is nothing more to pay.")

    const data = session.data ?? {}
    // A renewal whose create did not answer is asked for again under its own number (its key).
    const counted = Number(data.renewals ?? 0)
    const pending = !data.transaction_id && counted > 0
    const used = pending ? counted - 1 : counted
    const check = renewalCheck(newest, used, vorexy.options)
    if (!check.ok) {
      if (check.reason === "still_payable") return new StepResponse(null)
      throw refused(check.message)
    }

    await assertLease(container, input.lease)
    const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
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
        renewed_at: pending && data.renewed_at ? data.renewed_at : new Date().toISOString(),
      },
    })
    // The provider creates the charge (pending authorisation) and announces it.
    await payment.authorizePaymentSession(session.id, {})
    return new StepResponse({ session_id: session.id })
  }
)

const notFound = (orderId: string) =>
  new MedusaError(MedusaError.Types.NOT_FOUND, `No Vorexy charge for order ${orderId}`)

const refused = (message: string) => new MedusaError(MedusaError.Types.CONFLICT, message)

/** The order and the Vorexy session its newest charge was made for. */
async function orderAndSession(
  container: MedusaContainer,
  orderId: string,
  charge: { payment_session_id: string }
) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.provider_id",
      "payment_collections.payment_sessions.amount",
      "payment_collections.payment_sessions.currency_code",
      "payment_collections.payment_sessions.data",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as OrderRow | undefined
  if (!order) throw notFound(orderId)
  const session = (order.payment_collections ?? [])
    .flatMap((collection) => collection?.payment_sessions ?? [])
    .find((s) => s?.id === charge.payment_session_id && isVorexyProviderId(s.provider_id))
  if (!session)
    throw refused("This order's payment was replaced: a new charge cannot be issued for it.")
  return { order, session }
}
