/**
 * The one rule for skipping a sync's gateway read: a trigger is read for only when it may tell
 * something the charge row does not already record. Every trigger (a webhook, what the provider
 * saw, the reconcile job, an admin's "sync now") goes through it under the charge's lease; a
 * delivery that waited that lease out is answered by it too
 * (subscribers/vorexy-webhook-received.ts).
 */
import { isProtest } from "../../gateway"
import { type NotFoundHistory, notFoundDecision } from "../../rules/unknown-charge"
import type { GatewaySnapshot } from "./plan-charge-sync"

export type SyncTrigger = {
  /**
   * When the trigger arrived (a webhook delivery). A read that started after it already answers
   * it, so a burst of deliveries about one transaction costs one or two gateway calls.
   */
  not_before?: string | null
  /** The status a webhook's body claims (a hint, never applied without a read). */
  hint?: string | null
  /** What the provider just saw: applied instead of a read. */
  observed?: GatewaySnapshot
  /**
   * The job's check-up of a charge recorded paid but not captured: `observed` is the row's own
   * state, applied though it records it (Medusa's capture reads the gateway itself first).
   */
  recheck?: boolean
  /** An admin's "sync now": always read. */
  force?: boolean
  /**
   * Medusa's refunds of the charge's payment, in cents, once one was recorded: a row that already
   * shows that much given back answers it (the sync's own recording of a panel refund).
   */
  refunds_recorded_cents?: number
}

export type RecordedCharge = {
  status: string
  /** The gateway's own word at the last read (IN_ANALISYS, WAITING_PAYMENT...). */
  gateway_status?: string | null
  last_synced_at?: Date | string | null
  paid_amount_cents?: number | null
  refunded_amount_cents?: number | null
}

/**
 * The gateway's announcement of a new charge (its "created" webhook: waiting_payment, pending,
 * awaiting…). About a charge recorded as awaiting it can change nothing; nor can a delivery that
 * says the very word the last read recorded of an awaiting charge (a card's "in analysis" after a
 * create that said so). Any other hint (paid, a status we do not know) is a reason to read.
 */
const CREATION_HINTS = new Set([
  "created",
  "waiting_payment",
  "pending",
  "awaiting",
  "awaiting_payment",
])

const normalHint = (hint: string) =>
  hint
    .slice(0, 64)
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_")

/** Why this trigger needs no read (the sync's summary then), or null: read. */
export function alreadyAnswered(charge: RecordedCharge, trigger: SyncTrigger): string | null {
  if (trigger.force || trigger.recheck) return null
  const synced = charge.last_synced_at ? new Date(charge.last_synced_at).getTime() : 0
  if (trigger.not_before && synced >= new Date(trigger.not_before).getTime()) {
    return "coalesced: a read that started after this trigger already answered it"
  }
  if (trigger.hint && charge.status === "pending") {
    const hint = normalHint(trigger.hint)
    const recorded = charge.gateway_status ? normalHint(charge.gateway_status) : null
    if (CREATION_HINTS.has(hint) || hint === recorded)
      return `the delivery says "${trigger.hint.slice(0, 40)}", as recorded: nothing to look up`
  }
  const recorded = trigger.refunds_recorded_cents
  if (recorded !== undefined) {
    // What the last read saw given back, which only grows. Refunded, or taken back by a
    // chargeback: all of it (Medusa never records more than it captured); a protest holds it.
    const all =
      charge.status === "refunded" ||
      (charge.status === "disputed" && !isProtest(charge.gateway_status))
    const givenBack = all ? Infinity : (charge.refunded_amount_cents ?? 0)
    if (recorded <= givenBack) return "the refunds recorded are within what Vorexy gave back"
  }
  const seen = trigger.observed
  if (seen && seen.status === charge.status) {
    const sameRefund =
      (seen.refunded_cents ?? null) === null ||
      seen.refunded_cents === (charge.refunded_amount_cents ?? 0)
    const samePaid =
      seen.status !== "paid" ||
      seen.amount_cents === null ||
      seen.amount_cents === charge.paid_amount_cents
    if (sameRefund && samePaid) return "nothing new: what was seen is what is recorded"
  }
  return null
}

/**
 * After waiting out the runs that held the charge (subscribers/vorexy-webhook-received.ts):
 * whether the row as they leave it answers the trigger. Read without the lease, the row may be a run's unfinished
 * work: what its apply wrote before its capture, refund or cancel ran may yet be rolled back. So
 * only a row no such step follows answers: awaiting payment, or paid, nothing refunded, and
 * captured (or flagged, which captures nothing). Any other waits for a sync of its own.
 */
export function answeredAfterWait(
  charge: RecordedCharge & { captured_at?: Date | string | null; flag?: string | null },
  trigger: SyncTrigger
): string | null {
  // A paid charge with a refund recorded may have that refund's step still to run.
  const final =
    charge.status === "pending" ||
    (charge.status === "paid" &&
      !charge.refunded_amount_cents &&
      (!!charge.captured_at || !!charge.flag))
  return final ? alreadyAnswered(charge, trigger) : null
}

export type ReadGate =
  | { next: "read" }
  /** Not read: the summary says why. */
  | { next: "skip"; reason: string }
  /** Not read, and marked unknown at the gateway now (its 404s ran out). */
  | { next: "mark_unknown"; reason: string }

/**
 * The gate every sync passes before it reads the gateway: first what the trigger tells (above),
 * then the charge's 404 history (unknown-charge.ts), which only an admin's "sync now", what the
 * provider saw, or the gateway vouching for the charge gets past.
 */
export function readGate(
  charge: RecordedCharge & NotFoundHistory,
  trigger: SyncTrigger & { vouched?: boolean },
  now: Date
): ReadGate {
  const answered = alreadyAnswered(charge, trigger)
  if (answered) return { next: "skip", reason: answered }
  if (trigger.observed || trigger.force || trigger.vouched) return { next: "read" }
  const decision = notFoundDecision(charge, now)
  if (decision.next === "read") return decision
  if (decision.next === "wait")
    return {
      next: "skip",
      reason: `not read: Vorexy answered 404 (${charge.not_found_reads}); read again after ${decision.until.toISOString()}`,
    }
  return {
    next: "mark_unknown",
    reason: "not read: unknown at Vorexy (it answered 404); only an admin's Sync now reads it",
  }
}
