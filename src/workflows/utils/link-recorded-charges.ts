import type { MedusaContainer } from "@medusajs/framework/types"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"

/**
 * The usual checkout: the provider's announcement recorded each session's charge already (the
 * charge the session names, recorded for that very session), not yet linked to an order or linked
 * to this one. Those rows are linked to the order and returned, without the recording workflow
 * (`order.placed`, or the shopper's first status request when it comes first). Null when
 * anything else is the case: the workflow reads and merges everything.
 */
export async function linkRecordedCharges(
  container: MedusaContainer,
  sessions: Array<{ id: string; transaction_id: string | null }>,
  orderId: string
) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const recorded = await service.listVorexyCharges({
    payment_session_id: sessions.map((session) => session.id),
  })
  const charges = sessions.map((session) =>
    recorded.find(
      (c) =>
        c.payment_session_id === session.id &&
        c.transaction_id === session.transaction_id &&
        (c.order_id === null || c.order_id === orderId) &&
        c.flag !== "paid_without_order"
    )
  )
  if (charges.some((charge) => !charge)) return null
  const unlinked = charges.filter((charge) => charge!.order_id === null)
  if (unlinked.length)
    await service.updateVorexyCharges(
      unlinked.map((charge) => ({ id: charge!.id, order_id: orderId }))
    )
  return charges.map((charge) => ({ ...charge!, order_id: orderId }))
}
