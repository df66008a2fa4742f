import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { syncChargeWorkflow } from "../workflows/sync-charge"
import { syncWithdrawalWorkflow } from "../workflows/sync-withdrawal"

export const RECONCILE_BATCH = { charges: 50, withdrawals: 20 }

/**
 * Catches what webhooks missed: pending charges are re-fetched (least recently synced first, so
 * every charge gets its turn), expired ones closed, and withdrawals not yet final re-fetched.
 * Bounded work per run; one failure does not stop the others.
 */
export async function reconcileVorexy(container: MedusaContainer) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const charges = await service.listVorexyCharges(
    { status: "pending" },
    { order: { last_synced_at: "ASC" }, take: RECONCILE_BATCH.charges }
  )
  const withdrawals = await service.listVorexyWithdrawals(
    { status: ["pending", "processing"], gateway_id: { $ne: null } },
    { order: { last_synced_at: "ASC" }, take: RECONCILE_BATCH.withdrawals }
  )
  const failures: string[] = []
  for (const charge of charges) {
    await syncChargeWorkflow(container)
      .run({ input: { transaction_id: charge.transaction_id } })
      .catch((e) => failures.push(`charge ${charge.transaction_id}: ${e.message}`))
  }
  for (const withdrawal of withdrawals) {
    await syncWithdrawalWorkflow(container)
      .run({ input: { gateway_id: withdrawal.gateway_id! } })
      .catch((e) => failures.push(`withdrawal ${withdrawal.gateway_id}: ${e.message}`))
  }
  if (failures.length)
    logger.warn(`Vorexy reconcile: ${failures.length} failed: ${failures.join("; ")}`)
  return { charges: charges.length, withdrawals: withdrawals.length, failures }
}

/** The scheduled run. VOREXY_RECONCILE_DISABLED=true turns it off (the integration tests do, to stay deterministic). */
export default async function vorexyReconcile(container: MedusaContainer) {
  if (process.env.VOREXY_RECONCILE_DISABLED === "true") return
  return reconcileVorexy(container)
}

export const config = { name: "vorexy-reconcile", schedule: "* * * * *" }
