/**
 * The provider's announcement of a charge it just created, recorded while the shopper's checkout is
 * still running, in the same process: kept light, so it costs the checkout little. One read of
 * the session (its provider and collection), one insert. The order is linked later, by
 * `order.placed` (or the status route): a checkout can still fail after its charge is made, and
 * roll back the order it had made, so the order seen now may never exist. A row already there
 * goes through the full recording workflow, which merges.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { ChargeCreatedEvent } from "../../providers/vorexy/core/events"
import { isVorexyProviderId, unlinkedProviderId } from "../../providers/vorexy/provider-ids"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { recordChargesWorkflow } from "../record-charges"
import { wakeWaitingEvents } from "../steps/wake-waiting-events"
import { chargeRow } from "./charge-record"
import { isDuplicate } from "./duplicate"

export async function recordAnnouncedCharge(
  container: MedusaContainer,
  charge: ChargeCreatedEvent
) {
  const inserted = await insertAnnounced(container, charge)
  if (inserted) await wakeWaitingEvents(container, [charge.transaction_id])
  else await recordChargesWorkflow(container).run({ input: { charges: [charge] } })
}

/** True when the row was inserted; false when one was there already. */
async function insertAnnounced(container: MedusaContainer, charge: ChargeCreatedEvent) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [session] = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions(
      { id: charge.payment_session_id },
      { select: ["id", "provider_id", "payment_collection_id"] }
    )
  // Handled late (a busy event queue), the session may be gone already: the shopper chose
  // another method after a failed checkout, and Medusa deleted it. The charge is recorded all the
  // same, linked to nothing, so the sync still watches it and flags it for the admin if paid.
  const linked = session && isVorexyProviderId(session.provider_id)
  const row = chargeRow(
    {
      ...charge,
      provider_id: linked ? session.provider_id : unlinkedProviderId(charge.method),
      payment_collection_id: (linked && session.payment_collection_id) || null,
      order_id: null,
    },
    // Only a charge settled at creation is stamped (chargeRow): an awaiting one reads no clock.
    charge.status === "pending" ? null : await service.databaseNow(),
    service.options
  )
  return service.createVorexyCharges([row]).then(
    () => true,
    (error) => {
      if (isDuplicate(error)) return false
      throw error
    }
  )
}
