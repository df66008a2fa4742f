import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { sendWithdrawalStep } from "./steps/send-withdrawal"
import {
  checkWithdrawalAllowedStep,
  createLocalWithdrawalStep,
  saveWithdrawalResultStep,
  WithdrawalRequestInput,
} from "./steps/withdrawal-steps"

/**
 * A withdrawal to a PIX key: checked against the balance, recorded locally (who asked, when), sent
 * with a deterministic Idempotency-Key, and the gateway's answer stored. A request the gateway
 * refused before processing leaves nothing behind; one it may have accepted (a timeout, a 5xx)
 * is kept as "unknown" and settled by the reconcile job: money never leaves without a record.
 */
export const requestWithdrawalWorkflow = createWorkflow(
  "vorexy-request-withdrawal",
  (input: WithdrawalRequestInput) => {
    const allowed = checkWithdrawalAllowedStep(input)
    const local = createLocalWithdrawalStep(
      transform({ input, allowed }, ({ input, allowed }) => ({
        ...input,
        company_id: allowed.company_id,
      }))
    )
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
