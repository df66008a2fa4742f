/**
 * Runs the sync workflows the way every trigger needs them (webhooks, the reconcile job, the
 * admin's "sync now"): a failure is recorded on the row, outside the workflow whose compensation
 * would erase it, so a failing row backs off instead of starving the others, and is flagged. A
 * charge the gateway answers 404 for follows its own rule instead (modules/vorexy/unknown-charge.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { isVorexyError } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import type { SyncChargeInput } from "../workflows/steps/gather-charge-sync"
import type { SyncWithdrawalInput } from "../workflows/steps/sync-withdrawal"
import { emailForStatus } from "../notifications/payment-emails"
import { syncChargeWorkflow } from "../workflows/sync-charge"
import { syncWithdrawalWorkflow } from "../workflows/sync-withdrawal"

const reason = (error: unknown) => (error as Error)?.message ?? String(error)

export async function runChargeSync(container: MedusaContainer, input: SyncChargeInput) {
  try {
    const { result } = await syncChargeWorkflow(container).run({ input })
    // The shopper hears of a payment or an expiry once it is applied (never twice: idempotent).
    await emailForStatus(container, result.charge?.id, result.plan?.status)
    return result
  } catch (error) {
    // A 404 is not a failure to retry: the sync counted it under its lock (unknown-charge.ts).
    if (!isChargeNotFound(error)) {
      await container
        .resolve<VorexyModuleService>(VOREXY_MODULE)
        .recordChargeSyncFailure(input.transaction_id, reason(error))
    }
    throw error
  }
}

/** The sync's read answered 404: already counted on the charge, whose policy decides what next. */
export const isChargeNotFound = (error: unknown) =>
  isVorexyError(error) && error.kind === "not_found"

export async function runWithdrawalSync(
  container: MedusaContainer,
  withdrawalId: string,
  input: SyncWithdrawalInput
) {
  try {
    const { result } = await syncWithdrawalWorkflow(container).run({ input })
    return result
  } catch (error) {
    await container
      .resolve<VorexyModuleService>(VOREXY_MODULE)
      .recordWithdrawalSyncFailure(withdrawalId)
    throw error
  }
}
