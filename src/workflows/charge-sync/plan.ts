/**
 * Everything a sync does, decided in one pure function from what it gathered: the charge row's new
 * state (planChargeSync), then what is done to Medusa — a capture and by which route, the repair of
 * an order transaction a dead run left missing, the order's cart lock, a cancel, a refund. The
 * workflow only carries this out, so "why did it capture?" is answered here and in its tests.
 */
import type { CapturedPayment } from "../steps/capture-into-medusa"
import type { RebindSessionInput } from "../steps/rebind-session"
import type { RecheckCaptureInput } from "../steps/recheck-capture"
import {
  ChargeSyncPlan,
  ChargeSnapshot,
  GatewaySnapshot,
  MedusaSnapshot,
  planChargeSync,
  SyncOptions,
} from "../utils/plan-charge-sync"

/** What the gather step found (charge-sync/gather.ts). */
export type ChargeSyncInputs =
  /** Nothing read: answered by a later re-fetch, or held back by its 404s (`reason`). */
  | { coalesced: true; charge: { id: string }; reason?: string }
  | {
      coalesced: false
      /** When the re-fetch started: the charge's new last_synced_at (null: nothing fetched). */
      fetched_at: string | null
      charge: ChargeSnapshot & { id: string; transaction_id: string }
      gateway: GatewaySnapshot
      medusa: MedusaSnapshot
      options: SyncOptions
      /** The gateway's own id for the charge, learnt by this read (written with the plan). */
      learnt_internal_id: string | null
      /** The session names this charge under a binding that verifies (rebind-session.ts). */
      session_bound: boolean
      /**
       * The session's payment with its captures that its order has no transaction for: a run
       * that died between Medusa's capture and the order's transaction left them so. Null: none.
       */
      unrecorded: CapturedPayment | null
      /** The cart the session's collection was made for (its lock guards a capture). */
      cart_id: string | null
    }

/**
 * How a payment gets into Medusa: a card authorised at checkout is captured; a paid PIX or boleto
 * session is authorised (the provider answers "captured"); a cart not yet an order is completed by
 * Medusa's own flow; a capture a dead run made gets its missing order transaction.
 */
export type CaptureRoute = "card" | "paid_session" | "complete_cart" | "repair"

export type CaptureAct = {
  route: CaptureRoute
  session_id: string
  /** Medusa's amount (major units). */
  amount: string
  payment_id: string | null
  order_id: string | null
  /** Under the order's lock, the plan's checks made again before capturing (recheck-capture.ts). */
  recheck: RecheckCaptureInput | null
  /** The session's binding no longer verifies: signed again first (rebind-session.ts). */
  rebind: RebindSessionInput | null
  /** For "repair": the captures whose order transaction is missing. */
  unrecorded: CapturedPayment | null
}

export type ChargeSyncActs = {
  /** The charge row's new state (null: coalesced, nothing written). */
  row: ChargeSyncPlan | null
  /** What the sync answers its caller (summary, status, renewable_until). */
  plan: ChargeSyncPlan
  cart_lock: { cart_id: string; order_id: string; owner: string; wait: boolean } | null
  capture: CaptureAct | null
  cancel_order: { order_id: string } | null
  refund: { payment_id: string; amount: string; note: string } | null
  /** Medusa held a capture for the session before this run. */
  captured_before: boolean
  /** The sync saw the session's order (an order is never taken away). */
  order_seen: boolean
}

/** Nothing read: the trigger tells nothing the row does not record, or its 404s hold it back. */
const COALESCED: ChargeSyncPlan = {
  status: null,
  gateway_status: null,
  paid_amount_cents: null,
  refunded_amount_cents: null,
  flag: null,
  action: { type: "none" },
  summary: "coalesced: a re-fetch after this event already applied the gateway's state",
}

export function planSyncActs(
  gathered: ChargeSyncInputs,
  lock: { owner: string; wait: boolean }
): ChargeSyncActs {
  const none = {
    cart_lock: null,
    capture: null,
    cancel_order: null,
    refund: null,
    captured_before: false,
    order_seen: false,
  }
  if (gathered.coalesced) {
    return {
      ...none,
      row: null,
      plan: { ...COALESCED, summary: gathered.reason ?? COALESCED.summary },
    }
  }
  const { charge, medusa } = gathered
  const plan = planChargeSync(charge, gathered.gateway, medusa, gathered.options)
  const action = plan.action
  const orderId = medusa.order?.id ?? null
  const paymentId = medusa.payment?.id ?? null
  const repair = orderId && action.type !== "capture" ? gathered.unrecorded : null
  // A capture, a missing transaction or a cancel for an order: under its cart's lock (none for an
  // order made without a cart), as renewals are. Not for a cart with no order: Medusa's flow
  // completes it, and its completion takes that lock itself.
  const cart_lock =
    orderId &&
    gathered.cart_id &&
    (action.type === "capture" || repair || action.type === "cancel_order")
      ? { cart_id: gathered.cart_id, order_id: orderId, ...lock }
      : null
  const capture: CaptureAct | null =
    action.type === "capture"
      ? {
          route: !orderId ? "complete_cart" : paymentId ? "card" : "paid_session",
          session_id: action.session_id,
          amount: action.amount,
          payment_id: paymentId,
          order_id: orderId,
          recheck: cart_lock
            ? {
                charge_id: charge.id,
                transaction_id: charge.transaction_id,
                session_id: action.session_id,
                amount: action.amount,
                gateway_status: plan.gateway_status,
              }
            : null,
          // A revived charge gets its session back under the lock (recheck), signed then.
          rebind:
            !action.revive && !gathered.session_bound
              ? {
                  session_id: action.session_id,
                  transaction_id: charge.transaction_id,
                  status: "paid",
                  gateway_status: plan.gateway_status,
                }
              : null,
          unrecorded: null,
        }
      : repair
        ? {
            route: "repair",
            session_id: charge.payment_session_id,
            amount: "0",
            payment_id: paymentId,
            order_id: orderId,
            recheck: null,
            rebind: null,
            unrecorded: repair,
          }
        : null
  return {
    row: plan,
    plan,
    cart_lock,
    capture,
    cancel_order: action.type === "cancel_order" ? { order_id: action.order_id } : null,
    refund:
      action.type === "record_refund"
        ? {
            payment_id: action.payment_id,
            amount: action.amount,
            note: "Refunded in the Vorexy panel",
          }
        : null,
    captured_before: (medusa.payment?.captured_cents ?? 0) > 0,
    order_seen: medusa.order !== null,
  }
}
