import { cancelOrderWorkflow } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { assertLeaseStep, type ChargeLease } from "../steps/charge-lease"
import { orderStillUnpaidStep } from "../steps/order-still-unpaid"

export type CancelChargeOrderInput = { order_id: string; lease: ChargeLease }

/**
 * A lapsed charge's order, cancelled under its cart's lock unless it was paid meanwhile (another
 * charge of it captured, such as the one a renewal replaced): Medusa's cancel would refund that.
 */
export const cancelChargeOrderWorkflow = createWorkflow(
  "vorexy-cancel-charge-order",
  (input: CancelChargeOrderInput) => {
    const unpaid = orderStillUnpaidStep(
      transform({ input }, ({ input }) => ({ order_id: input.order_id }))
    )
    when("vorexy-cancel-unpaid-order", { unpaid }, ({ unpaid }) => unpaid.cancel).then(() => {
      assertLeaseStep(input.lease).config({ name: "vorexy-lease-before-cancel" })
      cancelOrderWorkflow.runAsStep({
        input: transform({ input }, ({ input }) => ({ order_id: input.order_id })),
      })
    })
    return new WorkflowResponse(unpaid)
  }
)
