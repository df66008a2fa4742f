import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { syncWithdrawalStep, SyncWithdrawalInput } from "./steps/sync-withdrawal"

/** Brings a local withdrawal to the gateway's status, one run at a time per withdrawal. */
export const syncWithdrawalWorkflow = createWorkflow(
  "vorexy-sync-withdrawal",
  (input: SyncWithdrawalInput) => {
    const lockKey = transform({ input }, ({ input }) => `vorexy:withdrawal:${input.gateway_id}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
    const result = syncWithdrawalStep(input)
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(result)
  }
)
