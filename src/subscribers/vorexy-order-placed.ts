import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { sendPaymentEmail } from "../notifications/payment-emails"
import { recordChargesWorkflow } from "../workflows/record-charges"
import { linkRecordedCharges } from "../workflows/utils/link-recorded-charges"
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
  if (!found?.sessions.length) return
  const charges =
    (await linkRecordedCharges(container, found.sessions, event.data.id)) ??
    (
      await recordChargesWorkflow(container).run({
        input: { payment_session_ids: found.sessions.map((session) => session.id) },
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

export const config: SubscriberConfig = { event: "order.placed" }
