import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { CHARGE_OBSERVED_EVENT, ChargeObservedEvent } from "../providers/vorexy/core/events"
import { runChargeSync } from "../workflows/charge-sync/workflow"
import type { ChargeSyncTrigger } from "../workflows"
import { readPolicy } from "../workflows/charge-sync/trigger"
import { alreadyAnswered } from "../workflows/utils/read-rule"

/**
 * The provider re-fetched a charge and saw a status its session did not hold: the same sync as a
 * webhook's runs on what it saw (no second gateway call), so a status only ever changes together
 * with what it implies (a capture, a flag, a cancelled order). What the row already records (a
 * sync's own capture or refund re-reads it) starts nothing: no second sync, no wait on its lock.
 */
export default async function vorexyChargeObserved({
  event,
  container,
}: SubscriberArgs<ChargeObservedEvent>) {
  const seen = event.data
  const trigger: ChargeSyncTrigger = {
    by: "provider",
    transaction_id: seen.transaction_id,
    seen: {
      status: seen.status,
      raw: seen.gateway_status,
      amount_cents: seen.amount_cents,
      refunded_cents: seen.refunded_cents ?? null,
    },
  }
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [charge] = await vorexy.listVorexyCharges({ transaction_id: seen.transaction_id })
  if (!charge || alreadyAnswered(charge, readPolicy(trigger))) return
  await runChargeSync(container, trigger).catch((error: Error) =>
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Vorexy: could not apply what was seen of ${seen.transaction_id}: ${error.message}`)
  )
}

export const config: SubscriberConfig = { event: CHARGE_OBSERVED_EVENT }
