import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { CHARGE_DETACHED_EVENT, ChargeDetachedEvent } from "../providers/vorexy/core/events"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"

/**
 * A charge's payment session was replaced: it is no longer offered to the shopper (no QR), and the
 * reconcile job keeps watching it, so a payment made anyway is flagged for a refund.
 */
export default async function vorexyChargeDetached({
  event,
  container,
}: SubscriberArgs<ChargeDetachedEvent>) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [charge] = await vorexy.listVorexyCharges({
    transaction_id: event.data.transaction_id,
    status: "pending",
    offer_closed_at: null,
  })
  if (charge) {
    await vorexy.updateChargesAndNotify([
      { id: charge.id, offer_closed_at: new Date(), offer_closed_reason: "session_replaced" },
    ])
  }
}

export const config: SubscriberConfig = { event: CHARGE_DETACHED_EVENT }
