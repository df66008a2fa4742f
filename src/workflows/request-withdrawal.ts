import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  checkWithdrawalAllowedStep,
  createLocalWithdrawalStep,
  saveWithdrawalResultStep,
  sendWithdrawalStep,
  WithdrawalRequestInput,
} from "./steps/withdrawal-steps"

/**
 * A withdrawal to a PIX key: checked against the balance, recorded locally (who asked, when), sent
 * with a deterministic Idempotency-Key, and the gateway's answer stored. If sending fails, the
 * local record is removed: nothing is left half-done.
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
      transform({ input, local }, ({ input, local }) => ({ ...input, local_id: local.id }))
    )
    const saved = saveWithdrawalResultStep(
      transform({ local, outcome }, ({ local, outcome }) => ({ local_id: local.id, outcome }))
    )
    return new WorkflowResponse({
      withdrawal: saved,
      refused: transform({ outcome }, ({ outcome }) => outcome.refused),
    })
  }
)
