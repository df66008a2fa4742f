import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { applyChargeSyncStep } from "../steps/apply-charge-sync"
import { releaseChargeLeaseStep, takeChargeLeaseStep } from "../steps/charge-lease"
import { gatherChargeSyncStep } from "../steps/gather-charge-sync"
import { lockOrderCartStep, releaseOrderCartStep } from "../steps/order-cart-lock"
import { recordCaptureStep } from "../steps/record-capture"
import { cancelChargeOrderWorkflow } from "./cancel-order"
import { captureChargeWorkflow } from "./capture"
import { planSyncActs } from "./plan"
import { refundChargeWorkflow } from "./refund"
import { type ChargeSyncTrigger, readPolicy } from "./trigger"

/**
 * Brings a charge and its Medusa order to the gateway's truth, for every trigger alike
 * (trigger.ts): gather (the row, the gateway's answer, Medusa's payment and order) → plan (one pure
 * function: plan.ts) → apply (the row) → act (capture, cancel, refund: sub-workflows beside this
 * one) → record (the capture noted on the row). One run at a time per transaction (its lease,
 * renewed while it runs), so repeated and concurrent triggers converge to one capture; a run that
 * lost its lease stops before its next write.
 */
export const syncChargeWorkflow = createWorkflow(
  "vorexy-sync-charge",
  (trigger: ChargeSyncTrigger) => {
    const lease = takeChargeLeaseStep(
      transform({ trigger }, ({ trigger }) => ({
        transaction_id: trigger.transaction_id,
        wait_s: readPolicy(trigger).lock_wait_s,
      }))
    )
    const gathered = gatherChargeSyncStep(trigger)
    const acts = transform({ gathered, lease, trigger }, ({ gathered, lease, trigger }) =>
      // A caller that waits for no busy charge (the reconcile job) waits for no busy cart either.
      planSyncActs(gathered, { owner: lease.owner, wait: readPolicy(trigger).lock_wait_s !== 0 })
    )
    // Taken before the row says "paid": a shopper is never told so by a run that then waits out a
    // checkout and rolls back.
    const cartLock = lockOrderCartStep(transform({ acts }, ({ acts }) => acts.cart_lock))
    const charge = applyChargeSyncStep(
      transform({ gathered, acts, lease }, ({ gathered, acts, lease }) => ({
        lease,
        charge_id: gathered.charge.id,
        plan: acts.row,
        gateway_status: gathered.coalesced ? null : gathered.gateway.status,
        fetched_at: gathered.coalesced ? null : gathered.fetched_at,
        gateway_internal_id: gathered.coalesced ? null : gathered.learnt_internal_id,
      }))
    )
    const captured = when("vorexy-capture", { acts }, ({ acts }) => !!acts.capture).then(() =>
      captureChargeWorkflow.runAsStep({
        input: transform({ acts, lease }, ({ acts, lease }) => ({ ...acts.capture!, lease })),
      })
    )
    when("vorexy-cancel-order", { acts }, ({ acts }) => !!acts.cancel_order).then(() => {
      cancelChargeOrderWorkflow.runAsStep({
        input: transform({ acts, lease }, ({ acts, lease }) => ({ ...acts.cancel_order!, lease })),
      })
    })
    releaseOrderCartStep(cartLock)
    // Captured now, or already (at cart completion, or by an earlier run): the store knows it's paid.
    recordCaptureStep(
      transform({ acts, captured, charge }, ({ acts, captured, charge }) => ({
        charge,
        captured: acts.captured_before || (captured?.captured ?? false),
        order_seen: acts.order_seen,
      }))
    )
    when("vorexy-record-refund", { acts }, ({ acts }) => !!acts.refund).then(() => {
      refundChargeWorkflow.runAsStep({
        input: transform({ acts, lease }, ({ acts, lease }) => ({ ...acts.refund!, lease })),
      })
    })
    releaseChargeLeaseStep(lease)
    return new WorkflowResponse({ plan: acts.plan, charge })
  }
)
