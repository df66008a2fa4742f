import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { sendPaymentEmail } from "../notifications/payment-emails"
import { recordChargesWorkflow } from "../workflows/record-charges"
import { orderVorexySessions } from "../workflows/utils/order-sessions"

/**
 * An order was placed: attach it to its Vorexy charge (recording the charge if still missing), and
 * e-mail the shopper how to pay a PIX or boleto later.
 */
export default async function vorexyOrderPlaced({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const found = await orderVorexySessions(container, event.data.id, { withCharges: true })
  if (!found?.sessionIds.length) return
  const charges =
    (await recordedForOrder(container, found.sessions, event.data.id)) ??
    (
      await recordChargesWorkflow(container).run({
        input: { payment_session_ids: found.sessionIds },
      })
    ).result
  // A PIX or boleto to pay later: the shopper gets how to pay it by e-mail (once).
  for (const charge of charges) {
    if (charge.status !== "pending") continue
    await sendPaymentEmail(container, charge.id, "created").catch((error: Error) =>
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`Vorexy: could not send the payment e-mail of ${charge.id}: ${error.message}`)
    )
  }
}

/**
 * The usual checkout: the provider's announcement recorded each session's charge already (the
 * charge the session names, recorded for that very session), not yet linked to an order or linked
 * to this one. Those rows are linked to the order and returned, without the recording workflow.
 * Null when anything else is the case: the workflow reads and merges everything.
 */
async function recordedForOrder(
  container: MedusaContainer,
  sessions: Array<{ id: string; transaction_id: string | null }>,
  orderId: string
) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const recorded = await service.listVorexyCharges({
    payment_session_id: sessions.map((session) => session.id),
  })
  const charges = sessions.map((session) =>
    recorded.find(
      (c) =>
        c.payment_session_id === session.id &&
        c.transaction_id === session.transaction_id &&
        (c.order_id === null || c.order_id === orderId) &&
        c.flag !== "paid_without_order"
    )
  )
  if (charges.some((charge) => !charge)) return null
  const unlinked = charges.filter((charge) => charge!.order_id === null)
  if (unlinked.length)
    await service.updateVorexyCharges(
      unlinked.map((charge) => ({ id: charge!.id, order_id: orderId }))
    )
  return charges.map((charge) => ({ ...charge!, order_id: orderId }))
}

export const config: SubscriberConfig = { event: "order.placed" }
