import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { CHARGE_OBSERVED_EVENT, ChargeObservedEvent } from "../providers/vorexy/core/events"
import { applyChargeObservationWorkflow } from "../workflows/apply-charge-observation"

/** The provider re-fetched a charge and saw a new status: bring the charge row forward. */
export default async function vorexyChargeObserved({
  event,
  container,
}: SubscriberArgs<ChargeObservedEvent>) {
  await applyChargeObservationWorkflow(container).run({ input: event.data })
}

export const config: SubscriberConfig = { event: CHARGE_OBSERVED_EVENT }
