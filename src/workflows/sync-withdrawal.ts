import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { WITHDRAWAL_LOCK_S, WITHDRAWAL_LOCK_WAIT_S } from "../rules/timing"
import { syncWithdrawalStep, SyncWithdrawalInput } from "./steps/sync-withdrawal"

export type SyncWithdrawalRun = SyncWithdrawalInput & {
  /** Seconds to wait for a run holding the withdrawal (0: none; that run does the work). */
  lock_wait_s?: number
}

/** Brings a local withdrawal to the gateway's status, one run at a time per withdrawal. */
export const syncWithdrawalWorkflow = createWorkflow(
  "vorexy-sync-withdrawal",
  (input: SyncWithdrawalRun) => {
    const key = transform({ input }, ({ input }) => `vorexy:withdrawal:${input.gateway_id}`)
    const timeout = transform({ input }, ({ input }) => input.lock_wait_s ?? WITHDRAWAL_LOCK_WAIT_S)
    acquireLockStep({ key, timeout, ttl: WITHDRAWAL_LOCK_S })
    const result = syncWithdrawalStep(input)
    releaseLockStep({ key })
    return new WorkflowResponse(result)
  }
)
