import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { CHARGE_CREATED_EVENT, ChargeCreatedEvent } from "../providers/vorexy/core/events"
import { recordChargesWorkflow } from "../workflows/record-charges"

/** The provider created a gateway charge: record it right away (before any order exists). */
export default async function vorexyChargeCreated({
  event,
  container,
}: SubscriberArgs<ChargeCreatedEvent>) {
  await recordChargesWorkflow(container).run({ input: { charges: [event.data] } })
}

export const config: SubscriberConfig = { event: CHARGE_CREATED_EVENT }
