import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"

/**
 * An order was cancelled: its unpaid charges are closed locally (Vorexy has no cancel call), so the
 * storefront stops showing a payable QR; a payment arriving later is flagged, never captured.
 */
export default async function vorexyOrderCanceled({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const pending = await vorexy.listVorexyCharges({ order_id: event.data.id, status: "pending" })
  if (pending.length) {
    await vorexy.updateChargesAndNotify(
      pending.map((c) => ({
        id: c.id,
        status: "cancelled",
        flag_detail: "Order cancelled in Medusa before the PIX was paid.",
      }))
    )
  }
}

export const config: SubscriberConfig = { event: "order.canceled" }
