import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { recordChargesWorkflow } from "../workflows/record-charges"

/** An order was placed: attach it to its Vorexy charge (recording the charge if still missing). */
export default async function vorexyOrderPlaced({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const {
    data: [order],
  } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.provider_id",
    ],
    filters: { id: event.data.id },
  })
  const sessionIds = ((order as any)?.payment_collections ?? [])
    .flatMap((c: any) => c?.payment_sessions ?? [])
    .filter((s: any) => String(s?.provider_id).startsWith("pp_vorexy-"))
    .map((s: any) => s.id)
  if (sessionIds.length)
    await recordChargesWorkflow(container).run({ input: { payment_session_ids: sessionIds } })
}

export const config: SubscriberConfig = { event: "order.placed" }
