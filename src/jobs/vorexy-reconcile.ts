import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcileVorexy } from "../reconciliation/reconcile"

/**
 * The scheduled run (reconciliation/reconcile.ts). VOREXY_RECONCILE_DISABLED=true turns it off
 * (the integration tests do, and call reconcileVorexy themselves, to stay deterministic).
 */
export default async function vorexyReconcile(container: MedusaContainer) {
  if (process.env.VOREXY_RECONCILE_DISABLED === "true") return
  return reconcileVorexy(container)
}

export const config = { name: "vorexy-reconcile", schedule: "* * * * *" }
