import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { ChargeObservedEvent } from "../providers/vorexy/core/events"
import { applyChargeStatusStep, ChargeStatusChange } from "./steps/apply-charge-status"

/**
 * Applies a status the provider observed at the gateway to the charge row, forward only. "Paid" for
 * an amount other than the charge's is not applied as paid (it is never captured either).
 */
export const applyChargeObservationWorkflow = createWorkflow(
  "vorexy-apply-charge-observation",
  (input: ChargeObservedEvent) => {
    const change = transform({ input }, ({ input }): ChargeStatusChange | null => {
      if (input.status === "paid") {
        if (input.amount_cents === null || input.amount_cents !== input.expected_amount_cents)
          return null
        return {
          transaction_id: input.transaction_id,
          status: "paid",
          gateway_status: input.gateway_status,
          paid_amount_cents: input.amount_cents,
          paid_at: new Date(input.observed_at),
        }
      }
      return {
        transaction_id: input.transaction_id,
        status: input.status,
        gateway_status: input.gateway_status,
      }
    })
    return new WorkflowResponse(applyChargeStatusStep(change))
  }
)
