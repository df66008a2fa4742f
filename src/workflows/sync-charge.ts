import { cancelOrderWorkflow, refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { captureSessionPayment } from "./capture-session-payment"
import { applyChargeSyncStep } from "./steps/apply-charge-sync"
import { assertLeaseStep, releaseChargeLeaseStep, takeChargeLeaseStep } from "./steps/charge-lease"
import { confirmCaptureStep } from "./steps/confirm-capture"
import { lockOrderCartStep, releaseOrderCartStep } from "./steps/order-cart-lock"
import { gatherChargeSyncStep, SyncChargeInput } from "./steps/gather-charge-sync"
import { rebindSessionStep } from "./steps/rebind-session"
import { orderStillUnpaidStep } from "./steps/order-still-unpaid"
import { recheckCaptureStep } from "./steps/recheck-capture"
import { recordCaptureStep } from "./steps/record-capture"
import { ChargeSyncPlan, planChargeSync } from "./utils/plan-charge-sync"

/**
 * Nothing read: the trigger tells nothing the row does not record (utils/read-rule.ts), or the
 * charge's 404s hold its reads back (the reason then replaces the summary).
 */
const COALESCED: ChargeSyncPlan = {
  status: null,
  gateway_status: null,
  paid_amount_cents: null,
  refunded_amount_cents: null,
  flag: null,
  action: { type: "none" },
  summary: "coalesced: a re-fetch after this event already applied the gateway's state",
}

/**
 * Brings a charge and its Medusa order to the gateway's truth: re-fetch, plan (plan-charge-sync),
 * apply. Used by webhooks, the reconciliation job and the admin's "sync now". One run at a time
 * per transaction (its lease), so repeated and concurrent triggers converge to one capture; a run
 * that lost its lease stops before its next write.
 */
export const syncChargeWorkflow = createWorkflow("vorexy-sync-charge", (input: SyncChargeInput) => {
  // A short lease, renewed while the sync runs (charge-lease.ts): a dead run frees it in seconds.
  const lease = takeChargeLeaseStep(
    transform({ input }, ({ input }) => ({
      key: `vorexy:charge:${input.transaction_id}`,
      wait_s: input.lock_wait_s ?? 30,
    }))
  )

  const gathered = gatherChargeSyncStep(input)
  const plan = transform({ gathered }, ({ gathered }) =>
    gathered.coalesced
      ? { ...COALESCED, summary: gathered.reason ?? COALESCED.summary }
      : planChargeSync(gathered.charge, gathered.gateway, gathered.medusa, gathered.options)
  )
  const capture = transform(
    { plan, gathered, lease, input },
    ({ plan, gathered, lease, input }) => {
      // A caller that waits for no busy charge (the reconcile job) waits for no busy cart either.
      const lockWait = input.lock_wait_s !== 0
      const action = plan.action as { type: string; session_id?: string; amount?: string }
      const medusa = gathered.coalesced ? null : gathered.medusa
      const orderId = medusa?.order?.id ?? null
      const unrecorded = gathered.coalesced ? null : gathered.unrecorded
      const cartId = gathered.coalesced ? null : gathered.cart_id
      const capturing = action.type === "capture"
      return {
        capture: capturing,
        session_id: action.session_id ?? "",
        amount: action.amount ?? "0",
        payment_id: medusa?.payment?.id ?? null,
        order_id: orderId,
        unrecorded,
        // A capture, a missing transaction or a cancel for an order: under its cart's lock (none
        // for an order made without a cart), as renewals are. Not for a cart with no order:
        // Medusa's flow completes it, and its completion takes that lock itself.
        cart_lock:
          orderId && cartId && (capturing || unrecorded || action.type === "cancel_order")
            ? { cart_id: cartId, order_id: orderId, owner: lease.owner, wait: lockWait }
            : null,
      }
    }
  )
  // Taken before the payment is applied: a shopper is never told "paid" by a run that then
  // waits out a checkout and rolls back.
  when("vorexy-lock-cart", { capture }, ({ capture }) => !!capture.cart_lock).then(() => {
    lockOrderCartStep(transform({ capture }, ({ capture }) => capture.cart_lock!))
  })
  const charge = applyChargeSyncStep(
    transform({ gathered, plan, lease }, ({ gathered, plan, lease }) => ({
      lease,
      charge_id: gathered.charge.id,
      plan: gathered.coalesced ? null : plan,
      gateway_status: gathered.coalesced ? null : gathered.gateway.status,
      fetched_at: gathered.coalesced ? null : gathered.fetched_at,
      gateway_internal_id: gathered.coalesced ? null : gathered.learnt_internal_id,
    }))
  )

  // Under the order's lock, the plan's checks made again: another charge of the order captured
  // meanwhile makes this one a flag, not a second capture; a charge that completes its order after
  // a renewal gets its session back (recheck-capture.ts).
  const rechecked = when("vorexy-recheck-capture", { capture }, ({ capture }) => {
    return capture.capture && !!capture.cart_lock
  }).then(() =>
    recheckCaptureStep(
      transform({ gathered, plan }, ({ gathered, plan }) => {
        const action = plan.action as { session_id: string; amount: string }
        return {
          charge_id: gathered.charge.id,
          transaction_id: (gathered.charge as { transaction_id?: string }).transaction_id ?? "",
          session_id: action.session_id,
          amount: action.amount,
          gateway_status: plan.gateway_status,
        }
      })
    )
  )
  const captureNow = transform({ capture, rechecked }, ({ capture, rechecked }) => ({
    ...capture,
    capture: capture.capture && (rechecked?.capture ?? true),
  }))

  // Medusa's authorisation and capture re-read the charge through the provider, which reuses the
  // verifying read (announcing nothing); a session whose binding no longer verifies is signed
  // again first, so they find this charge (rebind-session.ts).
  when(
    "vorexy-rebind-when-unbound",
    { plan, gathered, captureNow },
    ({ plan, gathered, captureNow }) => {
      const revive = (plan.action as { revive?: boolean }).revive === true
      return captureNow.capture && !revive && !gathered.coalesced && !gathered.session_bound
    }
  ).then(() => {
    rebindSessionStep(
      transform({ gathered, plan }, ({ gathered, plan }) => ({
        session_id: (plan.action as { session_id: string }).session_id,
        transaction_id: (gathered.charge as { transaction_id?: string }).transaction_id ?? "",
        status: "paid",
        gateway_status: plan.gateway_status,
      }))
    )
  })
  // Before Medusa's capture, or before recording the transaction of one a dead run left.
  when("vorexy-capture", { captureNow }, ({ captureNow }) => {
    return captureNow.capture || (!!captureNow.order_id && !!captureNow.unrecorded)
  }).then(() => {
    assertLeaseStep(lease).config({ name: "vorexy-lease-before-capture" })
  })
  captureSessionPayment(captureNow)
  // A lapsed charge's order: cancelled unless it was paid meanwhile (under the same lock).
  const unpaid = when("vorexy-cancel-order", { plan }, ({ plan }) => {
    return plan.action.type === "cancel_order"
  }).then(() =>
    orderStillUnpaidStep(
      transform({ plan }, ({ plan }) => ({
        order_id: (plan.action as { order_id: string }).order_id,
      }))
    )
  )
  when("vorexy-cancel-unpaid-order", { unpaid }, ({ unpaid }) => !!unpaid?.cancel).then(() => {
    const cancel = transform({ plan }, ({ plan }) => ({
      order_id: (plan.action as { order_id: string }).order_id,
    }))
    assertLeaseStep(lease).config({ name: "vorexy-lease-before-cancel" })
    cancelOrderWorkflow.runAsStep({ input: cancel })
  })
  when("vorexy-unlock-cart", { capture }, ({ capture }) => !!capture.cart_lock).then(() => {
    releaseOrderCartStep(
      transform({ capture }, ({ capture }) => ({
        key: capture.cart_lock!.cart_id,
        owner: capture.cart_lock!.owner,
      }))
    )
  })
  when("vorexy-confirm-capture", { captureNow }, ({ captureNow }) => captureNow.capture).then(
    () => {
      confirmCaptureStep(
        transform({ captureNow }, ({ captureNow }) => ({ session_id: captureNow.session_id }))
      )
    }
  )
  // Captured now, or already (at cart completion, or by an earlier run): the store knows it's paid.
  recordCaptureStep(
    transform({ gathered, captureNow, charge }, ({ gathered, captureNow, charge }) => ({
      charge,
      captured:
        captureNow.capture ||
        (!gathered.coalesced && (gathered.medusa.payment?.captured_cents ?? 0) > 0),
      order_seen: !gathered.coalesced && gathered.medusa.order !== null,
    }))
  )
  when("vorexy-record-refund", { plan }, ({ plan }) => plan.action.type === "record_refund").then(
    () => {
      const refund = transform({ plan }, ({ plan }) => {
        const action = plan.action as { payment_id: string; amount: string }
        return {
          payment_id: action.payment_id,
          amount: action.amount,
          note: "Refunded in the Vorexy panel",
        }
      })
      assertLeaseStep(lease).config({ name: "vorexy-lease-before-refund" })
      refundPaymentWorkflow.runAsStep({ input: refund }).config({ name: "vorexy-record-refund" })
    }
  )

  releaseChargeLeaseStep(lease)
  return new WorkflowResponse({ plan, charge })
})
