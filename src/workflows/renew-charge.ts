import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { releaseChargeLeaseStep, takeChargeLeaseStep } from "./steps/charge-lease"
import { renewSessionChargeStep } from "./steps/renew-session-charge"

export type RenewChargeInput = {
  order_id: string
  /** The order's newest charge, lapsed: its lease keeps its sync from cancelling the order meanwhile. */
  transaction_id: string
}

/**
 * "Gerar novo PIX" / "2ª via": a new charge for an order whose PIX or boleto lapsed unpaid, under
 * the lapsed charge's lease, so it and the sync that would cancel the order at the window's end
 * never both happen (renewal.ts).
 */
export const renewChargeWorkflow = createWorkflow(
  "vorexy-renew-charge",
  (input: RenewChargeInput) => {
    const lease = takeChargeLeaseStep(
      transform({ input }, ({ input }) => ({
        key: `vorexy:charge:${input.transaction_id}`,
        wait_s: 10,
      }))
    )
    const renewed = renewSessionChargeStep(
      transform({ input, lease }, ({ input, lease }) => ({ ...input, lease }))
    )
    releaseChargeLeaseStep(lease)
    return new WorkflowResponse(renewed)
  }
)
