import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { isVorexyError } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { emailForStatus } from "../../notifications/payment-emails"
import { applyChargeSyncStep } from "../steps/apply-charge-sync"
import { releaseChargeLeaseStep, takeChargeLeaseStep } from "../steps/charge-lease"
import { gatherChargeSyncStep } from "../steps/gather-charge-sync"
import { lockOrderCartStep, releaseOrderCartStep } from "../steps/order-cart-lock"
import { recordCaptureStep } from "../steps/record-capture"
import { cancelChargeOrderWorkflow } from "./cancel-order"
import { captureChargeWorkflow } from "./capture"
import { planSyncActs } from "./plan"
import { isPassingFailure } from "../utils/busy"
import { refundChargeWorkflow } from "./refund"
import { type ChargeSyncTrigger, readPolicy } from "./trigger"

/**
 * Runs the charge sync the way every trigger needs it (the one way to run it): a failure is
 * recorded on the row, outside the workflow whose compensation would erase it, so a failing charge
 * backs off instead of starving the others, and is flagged; a busy charge or an outage is not its
 * failure (isPassingFailure). A charge the gateway answers 404 for follows its own rule instead
 * (rules/unknown-charge.ts). Then the shopper's e-mail for the new status.
 */
export async function runChargeSync(container: MedusaContainer, input: ChargeSyncTrigger) {
  try {
    const { result } = await syncChargeWorkflow(container).run({ input })
    // The shopper hears of a payment or an expiry once it is applied (never twice: idempotent).
    const { charge, plan } = result
    await emailForStatus(container, charge?.id, plan?.status, plan?.renewable_until ?? null)
    return result
  } catch (error) {
    // A 404 is not a failure to retry: the sync counted it under its lock (unknown-charge.ts).
    // Nor is a charge another run holds, or the database or Redis being down: no backoff, no
    // sync_failing for what is not the charge's own fault (the next run retries it at once).
    if (!isChargeNotFound(error) && !isPassingFailure(error)) {
      await container
        .resolve<VorexyModuleService>(VOREXY_MODULE)
        .recordChargeSyncFailure(input.transaction_id, (error as Error)?.message ?? String(error))
    }
    throw error
  }
}

/** The sync's read answered 404: already counted on the charge, whose policy decides what next. */
export const isChargeNotFound = (error: unknown) =>
  isVorexyError(error) && error.kind === "not_found"

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
