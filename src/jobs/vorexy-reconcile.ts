import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ensureStorePromotions } from "../method-discounts/ensure-promotions"
import { reconcileVorexy } from "../reconciliation/reconcile"
import { keepReconciling } from "../reconciliation/scheduler-fallback"
import { RECONCILE_EVERY_MS } from "../rules/timing"

/**
 * The scheduled run (reconciliation/reconcile.ts). VOREXY_RECONCILE_DISABLED=true turns it off
 * (the integration tests do, and call reconcileVorexy themselves, to stay deterministic).
 */
export default async function vorexyReconcile(container: MedusaContainer) {
  // The PIX and boleto discounts' promotions exist (and follow the options) before any checkout
  // needs them: the admin sees them from the start. Checked every few minutes, not every tick.
  await ensureStorePromotions(container).catch((error: Error) =>
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Vorexy: the PIX/boleto discount promotions could not be checked: ${error.message}`)
  )
  if (process.env.VOREXY_RECONCILE_DISABLED === "true") return
  keepReconciling(container, reconcileVorexy, RECONCILE_EVERY_MS)
  return reconcileVorexy(container)
}

/**
 * Every RECONCILE_EVERY_MS (rules/timing.ts). A tick with nothing due costs a few queries and no
 * gateway call; the sweeps keep their own periods (sweep-plan.ts).
 */
export const config = { name: "vorexy-reconcile", schedule: { interval: RECONCILE_EVERY_MS } }
