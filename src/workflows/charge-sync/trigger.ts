/**
 * What started a charge's sync. Every caller names its trigger; `readPolicy` is the one place that
 * says what each trigger means for the sync (whether to read, what it already saw, how long to
 * wait for a run holding the charge), so a new trigger is one more case here, not one more flag.
 */
import { LEASE_WAIT_S, RENEWAL_LEASE_WAIT_S } from "../../rules/timing"
import type { GatewaySnapshot } from "../utils/plan-charge-sync"
import type { SyncTrigger } from "../utils/read-rule"

type Charge = { transaction_id: string }

export type ChargeSyncTrigger = Charge &
  (
    | {
        /** A stored webhook delivery (its body only a hint: the sync reads the gateway). */
        by: "webhook"
        /** The status its body claims. */
        hint: string | null
        /** When it arrived: a read that started later already answers it. Null: adopted just now. */
        arrived_at: string | null
        /** It carried the webhook secret: the gateway knows the charge (its 404s held back). */
        vouched: boolean
      }
    /** The reconcile job: a charge due for a look. */
    | { by: "job" }
    /** The reconcile job: a charge recorded paid but not captured; applies the row's own state. */
    | { by: "job_recheck"; seen: GatewaySnapshot }
    /** A sweep of the gateway's list named the charge (`vouched`: it is in the list). */
    | { by: "sweep"; vouched: boolean }
    /** An admin's "Sync now": always read, even a charge marked unknown at the gateway. */
    | { by: "admin" }
    /** The admin's batch over charges marked unknown: always read, never waits on a busy one. */
    | { by: "admin_unknown" }
    /** A shopper asked for a new charge: an expired one is read first (a read since `since` will do). */
    | { by: "renewal"; since: string }
    /** A shopper opened the page of an awaiting charge: one read, unless one started after it. */
    | { by: "shopper"; requested_at: string }
    /** The provider re-fetched the charge and saw something new: applied, not read again. */
    | { by: "provider"; seen: GatewaySnapshot }
    /** The charge's order was cancelled: read, so a payment made meanwhile is flagged at once. */
    | { by: "order_cancelled" }
    /**
     * Medusa recorded a refund of its payment (`refunded_cents`: its refunds now): read, unless the
     * row already shows that much given back, so refunds beyond the gateway's are flagged.
     */
    | { by: "refund_recorded"; refunded_cents: number }
  )

export type ReadPolicy = SyncTrigger & {
  /** The gateway just showed it knows the charge: read whatever its 404s held back. */
  vouched: boolean
  /** Seconds to wait for a run holding the charge (0: none; that run does the work). */
  lock_wait_s: number
}

export function readPolicy(trigger: ChargeSyncTrigger): ReadPolicy {
  const none = { vouched: false, lock_wait_s: LEASE_WAIT_S }
  switch (trigger.by) {
    case "webhook":
      return {
        ...none,
        vouched: trigger.vouched,
        hint: trigger.hint,
        not_before: trigger.arrived_at,
      }
    case "job":
      return { ...none, lock_wait_s: 0 }
    case "job_recheck":
      return { ...none, lock_wait_s: 0, observed: trigger.seen, recheck: true }
    case "sweep":
      return { ...none, lock_wait_s: 0, vouched: trigger.vouched }
    case "admin":
      return { ...none, force: true }
    case "admin_unknown":
      return { ...none, force: true, lock_wait_s: 0 }
    case "renewal":
      return { ...none, not_before: trigger.since, lock_wait_s: RENEWAL_LEASE_WAIT_S }
    case "shopper":
      return { ...none, not_before: trigger.requested_at, lock_wait_s: 0 }
    case "provider":
      return { ...none, observed: trigger.seen }
    case "order_cancelled":
      return none
    case "refund_recorded":
      return { ...none, refunds_recorded_cents: trigger.refunded_cents }
  }
}
