import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcileVorexy } from "../reconciliation/reconcile"
import { keepReconciling } from "../reconciliation/scheduler-fallback"

/**
 * The scheduled run (reconciliation/reconcile.ts). VOREXY_RECONCILE_DISABLED=true turns it off
 * (the integration tests do, and call reconcileVorexy themselves, to stay deterministic).
 */
export default async function vorexyReconcile(container: MedusaContainer) {
  if (process.env.VOREXY_RECONCILE_DISABLED === "true") return
  keepReconciling(container, reconcileVorexy, RECONCILE_EVERY_MS)
  return reconcileVorexy(container)
}

/**
 * Every 10 seconds: work that failed on a passing fault (a dead worker's lease, the database or
 * Redis back) is retried within seconds. A tick with nothing due costs a few queries and no
 * gateway call; the sweeps keep their own periods (sweep-plan.ts).
 */
export const RECONCILE_EVERY_MS = 10_000

export const config = { name: "vorexy-reconcile", schedule: { interval: RECONCILE_EVERY_MS } }
