import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { recordChargesWorkflow } from "../workflows/record-charges"
import { orderVorexySessions } from "../workflows/utils/order-sessions"

/** An order was placed: attach it to its Vorexy charge (recording the charge if still missing). */
export default async function vorexyOrderPlaced({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const found = await orderVorexySessions(container, event.data.id)
  if (found?.sessionIds.length) {
    await recordChargesWorkflow(container).run({
      input: { payment_session_ids: found.sessionIds },
    })
  }
}

export const config: SubscriberConfig = { event: "order.placed" }
