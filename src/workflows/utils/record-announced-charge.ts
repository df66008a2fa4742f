/**
 * The provider's announcement of a charge it just created, recorded while the shopper's checkout is
 * still running, in the same process: kept light, so it costs the checkout little. One read of
 * the session (its provider and collection), one of the collection's order link, one insert.
 * Anything unusual (the row exists already, the session is gone) goes through the full recording
 * workflow, which reads and merges everything.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { ChargeCreatedEvent } from "../../providers/vorexy/core/events"
import { isVorexyProviderId } from "../../providers/vorexy/provider-ids"
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

/** True when the row was inserted; false when the full workflow must decide. */
async function insertAnnounced(container: MedusaContainer, charge: ChargeCreatedEvent) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [session] = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions(
      { id: charge.payment_session_id },
      { select: ["id", "provider_id", "payment_collection_id"] }
    )
  if (!session || !isVorexyProviderId(session.provider_id)) return false
  const collectionId = session.payment_collection_id ?? null
  const [orderId, syncedAt] = await Promise.all([
    // Cart completion links the order before it authorizes the payment; a charge that failed at
    // creation never paid for the order it briefly saw (it is deleted with the refusal).
    collectionId && charge.status !== "failed" ? orderOfCollection(container, collectionId) : null,
    service.databaseNow(),
  ])
  const row = chargeRow(
    {
      ...charge,
      provider_id: session.provider_id,
      payment_collection_id: collectionId,
      order_id: orderId,
    },
    syncedAt,
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

async function orderOfCollection(container: MedusaContainer, collectionId: string) {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: collectionId },
  })
  return (data[0] as { order_id?: string } | undefined)?.order_id ?? null
}
