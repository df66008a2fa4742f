import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { assertLeaseStep, type ChargeLease } from "../steps/charge-lease"

export type RefundChargeInput = {
  payment_id: string
  amount: string
  note: string
  lease: ChargeLease
}

/** A refund (or a chargeback) the gateway reports, recorded on Medusa's payment by core's flow. */
export const refundChargeWorkflow = createWorkflow(
  "vorexy-refund-charge",
  (input: RefundChargeInput) => {
    assertLeaseStep(input.lease).config({ name: "vorexy-lease-before-refund" })
    const refund = refundPaymentWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({
        payment_id: input.payment_id,
        amount: input.amount,
        note: input.note,
      })),
    })
    return new WorkflowResponse(refund)
  }
)
