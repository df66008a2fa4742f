/**
 * A charge the gateway answers 404 for (made under other credentials or another account, or lost
 * by a gateway that restarted empty). The one place the rule lives, pure so it is tested alone:
 * every path that would read a charge asks `notFoundDecision` first, and a 404 is counted with
 * `withNotFound` (a later list-based sweep counts a charge missing from the list as a 404 too).
 *
 * The rule: after the first 404 a charge is read at most NOT_FOUND_READS times in all, with growing
 * gaps, then marked unknown at the gateway (or at the first 404 after UNKNOWN_AFTER_MS since the
 * first) and read again only when the gateway shows it knows it: its list names the charge, or a
 * delivery carrying the webhook secret is about it, or an admin asks. A 404 counts only while the
 * gateway answers other calls (within GATEWAY_ANSWERED_WITHIN_MS, else asked): a gateway or a
 * proxy answering 404 to everything is an outage, after which the charge is simply read again
 * (OUTAGE_RETRY_MS). A 404 never cancels or refunds anything.
 */
import { NOT_FOUND_GAPS_MS, OUTAGE_RETRY_MS, UNKNOWN_AFTER_MS } from "./timing"

const MINUTE = 60_000

/** Reads answered 404 before the charge is marked unknown (the first one included). */
export const NOT_FOUND_READS = 3

/** The charge row's 404 history (vorexy_charge columns). */
export type NotFoundHistory = {
  /** Reads answered 404 in a row (0: the gateway knows it, or was never asked). */
  not_found_reads: number
  /** The first of them. */
  not_found_since: Date | string | null
  /** The latest of them. */
  not_found_last_at: Date | string | null
  /** When it was marked unknown at the gateway (null: not marked). */
  gateway_unknown_at: Date | string | null
}

export type NotFoundDecision =
  /** Read it now. */
  | { next: "read" }
  /** Not before `until` (the next read, or the deadline): then ask again. */
  | { next: "wait"; until: Date }
  /** Unknown at the gateway: mark it (if not yet) and read it no more. */
  | { next: "unknown" }

const time = (value: Date | string | number) => new Date(value).getTime()

/** May a charge be read now (by anything but an admin's "sync now", which always reads)? */
export function notFoundDecision(history: NotFoundHistory, now: Date): NotFoundDecision {
  if (history.gateway_unknown_at) return { next: "unknown" }
  const count = history.not_found_reads
  if (count <= 0) return { next: "read" }
  const since = time(history.not_found_since ?? history.not_found_last_at ?? now)
  const deadline = since + UNKNOWN_AFTER_MS
  if (count >= NOT_FOUND_READS) return { next: "unknown" }
  // Past its deadline a read is due at once; its 404, if it counts, marks it (afterNotFound).
  if (now.getTime() >= deadline) return { next: "read" }
  const last = time(history.not_found_last_at ?? since)
  const readAt = last + NOT_FOUND_GAPS_MS[Math.min(count, NOT_FOUND_GAPS_MS.length) - 1]
  if (now.getTime() >= readAt) return { next: "read" }
  return { next: "wait", until: new Date(Math.min(readAt, deadline)) }
}

/**
 * When a charge on its 404 clock must be looked at by, at the latest (to be marked unknown in
 * time), whatever else delays it (a failed sync's backoff); null when it is not on that clock.
 */
export function notFoundDeadline(history: NotFoundHistory): Date | null {
  if (history.gateway_unknown_at || history.not_found_reads <= 0) return null
  const since = history.not_found_since ?? history.not_found_last_at
  return since ? new Date(time(since) + UNKNOWN_AFTER_MS) : null
}

/**
 * The row's fields once a read at `now` answered 404 while the gateway answered nothing else: its
 * 404s as they were, read again after OUTAGE_RETRY_MS (unless marked: then only as the mark allows).
 */
export function afterOutage(charge: NotFoundHistory, now: Date) {
  const retry = new Date(now.getTime() + OUTAGE_RETRY_MS)
  return { next_sync_at: charge.gateway_unknown_at ? null : retry }
}

/**
 * Whether the gateway's list naming a charge marked unknown is a reason to read it (the read
 * clears the mark): unless its last 404 is recent (within UNKNOWN_AFTER_MS) and came after the
 * listed transaction's last change, when a read would only be answered the same.
 */
export function listedReadDue(
  history: NotFoundHistory,
  listedUpdatedAt: string | undefined,
  now: Date
): boolean {
  const last = history.not_found_last_at ? time(history.not_found_last_at) : null
  if (last === null || now.getTime() - last >= UNKNOWN_AFTER_MS) return true
  const updated = listedUpdatedAt ? Date.parse(listedUpdatedAt) : NaN
  return !Number.isFinite(updated) || updated > last
}

/** The history once a read at `now` answered 404. */
export function withNotFound(history: NotFoundHistory, now: Date): NotFoundHistory {
  return {
    not_found_reads: history.not_found_reads + 1,
    not_found_since: history.not_found_reads > 0 ? history.not_found_since : now,
    not_found_last_at: now,
    gateway_unknown_at: history.gateway_unknown_at,
  }
}

/** A history with no 404 (after a successful read). */
export const NO_NOT_FOUND: NotFoundHistory = {
  not_found_reads: 0,
  not_found_since: null,
  not_found_last_at: null,
  gateway_unknown_at: null,
}

/** Flags a charge marked unknown may replace: none, or one that only said its reads failed. */
const REPLACEABLE_FLAGS = new Set([null, "sync_failing", "unknown_at_gateway"])

type ChargeHistory = NotFoundHistory & { flag: string | null }

/** The row's fields once marked unknown: no more looks, and flagged unless a weightier flag is. */
export function markedUnknown(charge: ChargeHistory, now: Date) {
  return {
    gateway_unknown_at: charge.gateway_unknown_at ?? now,
    next_sync_at: null,
    ...(REPLACEABLE_FLAGS.has(charge.flag)
      ? { flag: "unknown_at_gateway" as const, flag_detail: unknownDetail(charge) }
      : {}),
  }
}

/** The row's fields once a read at `now` answered 404: its history, then its next look or the mark. */
export function afterNotFound(charge: ChargeHistory, now: Date) {
  const history = withNotFound(charge, now)
  const decision = notFoundDecision(history, now)
  const late = now.getTime() >= (notFoundDeadline(history)?.getTime() ?? Infinity)
  if (decision.next === "unknown" || late) {
    return { ...history, ...markedUnknown({ ...history, flag: charge.flag }, now) }
  }
  // "read" cannot follow a 404 at once (every gap is positive): it is looked at on the next run.
  return { ...history, next_sync_at: decision.next === "wait" ? decision.until : null }
}

/** The admin's words for a charge marked unknown (the flag's detail). */
export function unknownDetail(history: NotFoundHistory): string {
  const since = history.not_found_since ? new Date(history.not_found_since).toISOString() : null
  const reads = history.not_found_reads
  return (
    `Vorexy answered 404 (no such transaction) to ${reads} read${reads === 1 ? "" : "s"}` +
    `${since ? ` since ${since}` : ""}: the charge was probably made under other credentials or ` +
    "another account, or the gateway lost it. It is read again only when Vorexy lists it or " +
    "sends an authenticated webhook for it; nothing was cancelled or refunded. Check it in the " +
    "Vorexy panel, then use Sync now."
  )
}

/**
 * The health card's setup alert: at least this many charges marked unknown in the window, and no
 * charge read successfully since the first of their 404s, mean the gateway knows none of the
 * store's charges (a wrong base URL, or switched credentials): one alert, not a flag per order.
 */
export const SETUP_ALERT_MIN_UNKNOWN = 3
export const SETUP_ALERT_WINDOW_MS = 24 * 60 * MINUTE

export function gatewayKnowsNoCharges(unknownInWindow: number, readSinceFirst404: number) {
  return unknownInWindow >= SETUP_ALERT_MIN_UNKNOWN && readSinceFirst404 === 0
}
