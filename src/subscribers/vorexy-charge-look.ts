import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { runChargeSync } from "../workflows/charge-sync/workflow"
import { CHARGE_LOOK_EVENT, ChargeLookEvent } from "../reconciliation/shopper-look"

/**
 * A shopper came back to the page of an old awaiting charge (shopper-look.ts): one read, through
 * the same sync as everything else. A read that started after the page load already answers it;
 * a charge another run holds is being read anyway.
 */
export default async function vorexyChargeLook({
  event,
  container,
}: SubscriberArgs<ChargeLookEvent>) {
  const { transaction_id, requested_at } = event.data
  await runChargeSync(container, { by: "shopper", transaction_id, requested_at }).catch(
    (error: Error) =>
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .info(`Vorexy: the shopper's look at ${transaction_id} did not read it: ${error.message}`)
  )
}

export const config: SubscriberConfig = { event: CHARGE_LOOK_EVENT }
