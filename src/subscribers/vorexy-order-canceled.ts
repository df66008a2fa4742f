import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { runChargeSync } from "../workflows/charge-sync/workflow"
import { isPassingFailure } from "../workflows/utils/busy"
import { renewalWindowEnd } from "../workflows/utils/renewal"

/**
 * An order was cancelled (in the admin, or by an expired charge). Vorexy has no cancel call, so an
 * unpaid charge may still be paid: it stops being offered to the shopper, is re-fetched now (paid
 * already: flagged as a late payment), and stays watched by the reconcile job until it expires, so
 * a payment made meanwhile is caught and flagged, never captured. A lapsed one whose order could
 * still have had a new charge (renewal.ts) stops offering that too. A paid one is read again: one
 * captured while the cancel ran (which then found nothing to refund) is flagged for a refund.
 */
export default async function vorexyOrderCanceled({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const charges = await vorexy.listVorexyCharges({
    order_id: event.data.id,
    status: ["pending", "paid", "cancelled", "failed"],
  })
  const pending = charges.filter((c) => c.status === "pending")
  const paid = charges.filter((c) => c.status === "paid")
  const now = Date.now()
  const renewable = charges.filter((c) => {
    const until =
      c.status !== "pending" && !c.offer_closed_at && renewalWindowEnd(c, vorexy.options)
    return until && until.getTime() > now
  })
  if (pending.length || renewable.length)
    await vorexy.updateChargesAndNotify(
      [...pending, ...renewable].map((c) => ({
        id: c.id,
        offer_closed_at: c.offer_closed_at ?? new Date(),
        offer_closed_reason: "order_canceled" as const,
      }))
    )
  for (const charge of [...pending, ...paid]) {
    await runChargeSync(container, {
      by: "order_cancelled",
      transaction_id: charge.transaction_id,
    }).catch(async (e: Error) => {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `Vorexy: could not re-fetch ${charge.transaction_id} after its order was cancelled: ${e.message}`
        )
      // Another run held it, or the database or Redis failed: due now for the reconcile job's
      // read instead (a paid one has no read of its own due). A failure of its own set its backoff.
      if (isPassingFailure(e))
        await vorexy
          .updateVorexyCharges({ id: charge.id, next_sync_at: new Date() })
          .catch(() => undefined)
    })
  }
}

export const config: SubscriberConfig = { event: "order.canceled" }
