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
  const found = await orderVorexySessions(container, event.data.id)
  if (!found?.sessionIds.length) return
  const charges =
    (await recordedForOrder(container, found.sessionIds, event.data.id)) ??
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
 * The charges of the order's sessions when the provider's announcement recorded every one of them
 * already, linked to this order (the usual checkout): nothing is left to record. Null otherwise.
 */
async function recordedForOrder(container: MedusaContainer, sessionIds: string[], orderId: string) {
  const charges = await container
    .resolve<VorexyModuleService>(VOREXY_MODULE)
    .listVorexyCharges({ payment_session_id: sessionIds })
  const linked = sessionIds.every((id) =>
    charges.some(
      (c) =>
        c.payment_session_id === id && c.order_id === orderId && c.flag !== "paid_without_order"
    )
  )
  return linked ? charges : null
}

export const config: SubscriberConfig = { event: "order.placed" }
