import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { sendWithdrawalStep } from "./steps/send-withdrawal"
import { checkWithdrawalLimitStep } from "./steps/withdrawal-limit"
import {
  checkWithdrawalAllowedStep,
  createLocalWithdrawalStep,
  saveWithdrawalResultStep,
  WithdrawalRequestInput,
} from "./steps/withdrawal-steps"

/** One store-wide lock: the daily limit is checked and the withdrawal recorded under it. */
export const WITHDRAWALS_LOCK = "vorexy:withdrawals"

/**
 * A withdrawal to a listed PIX key (or the company's bank key): checked against the destinations
 * and the balance, then under the store-wide lock against the daily limit and recorded locally
 * (who asked, when), sent with a deterministic Idempotency-Key, and the gateway's answer stored. A
 * request the gateway refused before processing leaves nothing behind; one it may have accepted
 * (a timeout, a 5xx) is kept as "unknown" and settled by the reconcile job: money never leaves
 * without a record.
 */
export const requestWithdrawalWorkflow = createWorkflow(
  "vorexy-request-withdrawal",
  (input: WithdrawalRequestInput) => {
    const allowed = checkWithdrawalAllowedStep(input)
    // Owned by this request's key: a repeat of the same request shares it, and makes one row.
    const owner = transform({ input }, ({ input }) => input.idempotency_key)
    acquireLockStep({ key: WITHDRAWALS_LOCK, ownerId: owner, timeout: 30, ttl: 30 })
    checkWithdrawalLimitStep(input)
    const local = createLocalWithdrawalStep(
      transform({ input, allowed }, ({ input, allowed }) => ({
        ...input,
        company_id: allowed.company_id,
      }))
    )
    releaseLockStep({ key: WITHDRAWALS_LOCK, ownerId: owner })
    const outcome = sendWithdrawalStep(
      transform({ input, local }, ({ input, local }) => ({
        local_id: local.id,
        idempotency_key: input.idempotency_key,
      }))
    )
    const saved = saveWithdrawalResultStep(
      transform({ local, outcome }, ({ local, outcome }) => ({ local_id: local.id, outcome }))
    )
    return new WorkflowResponse({ withdrawal: saved, outcome })
  }
)
