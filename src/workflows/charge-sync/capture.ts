import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { assertLeaseStep, type ChargeLease } from "../steps/charge-lease"
import { captureIntoMedusaStep } from "../steps/capture-into-medusa"
import { confirmCaptureStep } from "../steps/confirm-capture"
import { rebindSessionStep } from "../steps/rebind-session"
import { recheckCaptureStep } from "../steps/recheck-capture"
import { recordCaptureTransactionsStep } from "../steps/record-capture-transactions"
import type { CaptureAct } from "./plan"

export type CaptureChargeInput = CaptureAct & { lease: ChargeLease }

/**
 * A paid charge into Medusa, as the plan says (charge-sync/plan.ts): under the order's cart lock the
 * plan's checks are made again (another charge captured meanwhile makes this one a flag, never a
 * second capture), a session whose binding no longer verifies is signed again, the lease is checked
 * last, then the payment is captured by its route, its order transactions recorded and
 * `payment.captured` announced (for a repair: the ones a dead run left missing), and the capture
 * confirmed. Steps given nothing to do do nothing.
 */
export const captureChargeWorkflow = createWorkflow(
  "vorexy-capture-charge",
  (input: CaptureChargeInput) => {
    const rechecked = recheckCaptureStep(input.recheck)
    const go = transform({ input, rechecked }, ({ input, rechecked }) => ({
      capture: input.route !== "repair" && rechecked.capture,
      write: input.route === "repair" || rechecked.capture,
    }))
    rebindSessionStep(
      transform({ input, go }, ({ input, go }) => (go.capture ? input.rebind : null))
    )
    assertLeaseStep(transform({ input, go }, ({ input, go }) => (go.write ? input.lease : null)))
    const captured = captureIntoMedusaStep(
      transform({ input, go }, ({ input, go }) => ({
        route: input.route,
        session_id: input.session_id,
        amount: input.amount,
        payment_id: input.payment_id,
        go: go.capture,
      }))
    )
    const recordable = transform({ input, captured, go }, ({ input, captured, go }) => {
      const payment = captured ?? (go.write ? input.unrecorded : null)
      return input.order_id && payment ? { order_id: input.order_id, payment } : null
    })
    recordCaptureTransactionsStep(recordable)
    confirmCaptureStep(
      transform({ input, go, captured }, ({ input, go, captured }) =>
        go.capture
          ? { session_id: input.session_id, known_captures: captured?.captures.length ?? 0 }
          : null
      )
    )
    return new WorkflowResponse(
      transform({ go, rechecked }, ({ go, rechecked }) => ({
        captured: go.capture || rechecked.captured,
      }))
    )
  }
)
