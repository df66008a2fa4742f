/**
 * The reconcile job's sweeps, as pure rules: instead of reading each watched charge again and
 * again, it reads the gateway's transaction list (100 transactions a call, newest first) and
 * fetches a single transaction only when the list shows it changed.
 *
 * Three sweeps, each over the transactions as old as the oldest charge it watches:
 * - recent: charges awaiting payment, under an hour old (a lost payment webhook is caught within
 *   about 2 minutes): a whole pass every other minute;
 * - open: charges awaiting payment from an hour to 3 days old (a PIX not yet expired, a boleto in
 *   its first days): a pass every 15 minutes, at most 5 pages every 5 minutes, so its cost per
 *   order stays flat at high volume (a pass then takes longer: measured in BENCHMARKS.md);
 * - settled: older ones still awaiting (a boleto late in its grace), charges closed here while the
 *   gateway still offered them (a late payment is flagged), paid charges within their refund and
 *   chargeback window (30 days; a card's 180) and disputed ones (120 days): the safety net for
 *   webhooks, a pass a day, at most 2 pages every 5 minutes.
 * A long pass goes on where it stopped: the list is newest first, so new transactions only push
 * older ones further down, and none is skipped.
 */
import { type ChargeStatus, normaliseChargeStatus, type TransactionListItem } from "../gateway"

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export type SweepName = "recent" | "open" | "settled"

export type Sweep = {
  name: SweepName
  /** Shortest time from the start of one pass to the start of the next. */
  everyMs: number
  /** Pages one run reads of a pass; the rest waits `stepMs`. */
  pagesPerStep: number
  stepMs: number
}

/** Cron runs a minute apart drift by a few seconds: a little under each period still counts. */
const DRIFT_MS = 10_000

export const SWEEPS: Sweep[] = [
  { name: "recent", everyMs: 2 * MINUTE - DRIFT_MS, pagesPerStep: 50, stepMs: 0 },
  { name: "open", everyMs: 15 * MINUTE - DRIFT_MS, pagesPerStep: 5, stepMs: 5 * MINUTE - DRIFT_MS },
  { name: "settled", everyMs: DAY, pagesPerStep: 2, stepMs: 5 * MINUTE - DRIFT_MS },
]

/** Where a sweep is: the next page of the pass under way (0: none), and when it last read. */
export type SweepState = { page: number; pass_started_at: number | null; step_at: number | null }
export const NO_SWEEP: SweepState = { page: 0, pass_started_at: null, step_at: null }

export function sweepDue(sweep: Sweep, state: SweepState, now: number): boolean {
  if (state.page > 0) return state.step_at === null || now - state.step_at >= sweep.stepMs
  return state.pass_started_at === null || now - state.pass_started_at >= sweep.everyMs
}

/** How far back each sweep looks for the charges it watches. */
export const WATCH = {
  /** Awaiting payment and younger than this: the recent sweep. */
  recentMs: HOUR,
  /** Awaiting payment and younger than this: the open sweep. */
  openMs: 3 * DAY,
  /**
   * Awaiting payment and younger than this: the settled sweep (a boleto's due date and grace fit
   * well within; one with no expiry, an adopted charge, is not watched past it).
   */
  pendingMs: 60 * DAY,
  /** Closed here while the gateway still offered it: watched for a late payment this long. */
  lateMs: 7 * DAY,
  lateBoletoMs: 50 * DAY,
  paidMs: 30 * DAY,
  paidCardMs: 180 * DAY,
  disputedMs: 120 * DAY,
}

/** The gateway stamps a transaction before the plugin records it; clocks differ a little. */
export const HORIZON_SLACK_MS = 10 * MINUTE

/** What the plugin's row says of a charge, as far as a sweep needs it. */
export type SweptCharge = {
  status: string
  gateway_status: string | null
  last_synced_at: Date | string | null
}

/**
 * Whether a list item shows its charge changed since the row's last read: a status the row does
 * not record (a lost payment, refund or dispute webhook; a late payment of a charge closed here),
 * or the same status updated since (a partial refund keeps a charge paid). Then it is read.
 * Closing an expired charge is not the sweeps' work: it is due at its expiry (watch-schedule.ts).
 */
export function changed(charge: SweptCharge, item: TransactionListItem): boolean {
  const synced = charge.last_synced_at ? new Date(charge.last_synced_at).getTime() : 0
  const updated = item.updatedAt ? Date.parse(item.updatedAt) : NaN
  const updatedSince = updated > synced + MINUTE
  // A status word the plugin does not know says nothing by itself: updated since is the sign.
  if (!item.status.known) return updatedSince
  const listed = item.status.status
  const recorded: ChargeStatus = charge.gateway_status
    ? normaliseChargeStatus(charge.gateway_status).status
    : (charge.status as ChargeStatus)
  if (listed !== recorded) return true
  return listed !== "pending" && updatedSince
}

/** Whether a pass has gone past its horizon: its page's oldest item is older. */
export function pastHorizon(items: TransactionListItem[], horizon: number): boolean {
  const times = items
    .map((i) => (i.createdAt ? Date.parse(i.createdAt) : NaN))
    .filter(Number.isFinite)
  return !items.length || (times.length > 0 && Math.min(...times) < horizon)
}
