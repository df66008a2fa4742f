import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { CHARGE_CREATED_EVENT, ChargeCreatedEvent } from "../providers/vorexy/core/events"
import { recordAnnouncedCharge } from "../workflows/utils/record-announced-charge"

/**
 * The provider created a gateway charge: record it right away, while the checkout still runs (it
 * may yet fail, and the charge must not be lost with it); kept light (record-announced-charge.ts).
 */
export default async function vorexyChargeCreated({
  event,
  container,
}: SubscriberArgs<ChargeCreatedEvent>) {
  await recordAnnouncedCharge(container, event.data)
}

export const config: SubscriberConfig = { event: CHARGE_CREATED_EVENT }
