import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { CHARGE_OBSERVED_EVENT, ChargeObservedEvent } from "../providers/vorexy/core/events"
import { runChargeSync } from "../reconciliation/run-sync"

/**
 * The provider re-fetched a charge and saw a new status: the same sync as a webhook's runs on what
 * it saw (no second gateway call), so a status only ever changes together with what it implies
 * (a capture, a flag, a cancelled order).
 */
export default async function vorexyChargeObserved({
  event,
  container,
}: SubscriberArgs<ChargeObservedEvent>) {
  const seen = event.data
  await runChargeSync(container, {
    transaction_id: seen.transaction_id,
    observed: {
      status: seen.status,
      raw: seen.gateway_status,
      amount_cents: seen.amount_cents,
      refunded_cents: seen.refunded_cents ?? null,
    },
  }).catch((error: Error) =>
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Vorexy: could not apply what was seen of ${seen.transaction_id}: ${error.message}`)
  )
}

export const config: SubscriberConfig = { event: CHARGE_OBSERVED_EVENT }
