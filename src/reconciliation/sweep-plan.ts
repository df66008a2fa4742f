/**
 * The reconcile job's sweeps, as pure rules: instead of reading each watched charge again and
 * again, it reads the gateway's transaction list (100 transactions a call, newest first) and
 * fetches a single transaction only when the list shows it changed.
 *
 * Three sweeps, each over the transactions as old as the oldest charge it watches:
 * - recent: charges awaiting payment, under an hour old (a lost payment webhook is caught within
 *   2 minutes): a whole pass every 100 s (RECENT_PASS_MS);
 * - open: charges awaiting payment from an hour to 3 days old (a PIX not yet expired, a boleto in
 *   its first days);
 * - settled: older ones still awaiting (a boleto late in its grace), charges closed here while the
 *   gateway still offered them (a late payment is flagged), paid charges within their refund and
 *   chargeback window (30 days; a card's 180) and disputed ones (120 days): the safety net for
 *   webhooks.
 * A long pass goes on where it stopped: the list is newest first, so new transactions only push
 * older ones further down, and none is skipped.
 *
 * What a sweep costs: a transaction is on one page of each pass, so a sweep that looks at
 * transactions up to W old every P costs each order W / P / 100 list calls, whatever the volume
 * (the recent sweep: 60 min / 100 s / 100 = 0.36, plus the last page of each pass). Watching the
 * open window (3 days) every 15 minutes would cost 2.9 per order, more than an order's own calls.
 * So the open and settled sweeps are paced by volume instead: at most a share of a list call per
 * order of the last day (`pace`), never slower than their floor (a page every 5 minutes; every
 * 15 for settled). A small store's open pass is whole every 15 minutes; at 1,000 orders a day it
 * takes about 2.5 hours, at 10,000 about 9 (BENCHMARKS.md has the table).
 */
import { type ChargeStatus, normaliseChargeStatus, type TransactionListItem } from "../gateway"
import { HORIZON_SLACK_MS, RECENT_PASS_MS, SWEEP_DRIFT_MS } from "../rules/timing"

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export type SweepName = "recent" | "open" | "settled"

export type Sweep = {
  name: SweepName
  /** Shortest time from the start of one pass to the start of the next. */
  everyMs: number
  /** Pages one run reads of a pass; the rest waits for the next step. */
  pagesPerStep: number
  /**
   * How fast it may read: list calls a day of at most `perOrder` for each charge made in the last
   * day, or `floorPerDay`, whichever is more. None: as fast as its passes need.
   */
  pace?: { perOrder: number; floorPerDay: number }
}

export const SWEEPS: Sweep[] = [
  { name: "recent", everyMs: RECENT_PASS_MS - SWEEP_DRIFT_MS, pagesPerStep: 50 },
  {
    name: "open",
    everyMs: 15 * MINUTE - SWEEP_DRIFT_MS,
    pagesPerStep: 1,
    pace: { perOrder: 0.08, floorPerDay: 288 },
  },
  {
    name: "settled",
    everyMs: DAY,
    pagesPerStep: 1,
    pace: { perOrder: 0.05, floorPerDay: 96 },
  },
]

/** Where a sweep is: the next page of the pass under way (0: none), and when it last read. */
export type SweepState = { page: number; pass_started_at: number | null; step_at: number | null }
export const NO_SWEEP: SweepState = { page: 0, pass_started_at: null, step_at: null }

/** The least time between two steps of a sweep, at `ordersPerDay` (charges of the last day). */
export function stepGapMs(sweep: Sweep, ordersPerDay: number): number {
  if (!sweep.pace) return 0
  const perDay = Math.max(sweep.pace.floorPerDay, sweep.pace.perOrder * ordersPerDay)
  return Math.max(0, (DAY * sweep.pagesPerStep) / perDay - SWEEP_DRIFT_MS)
}

/** When the sweep may read next: its next step, or its next pass (null: now, never run). */
export function nextSweepAt(sweep: Sweep, state: SweepState, ordersPerDay: number): number | null {
  const stepAt = state.step_at === null ? null : state.step_at + stepGapMs(sweep, ordersPerDay)
  if (state.page > 0) return stepAt
  const passAt = state.pass_started_at === null ? null : state.pass_started_at + sweep.everyMs
  if (passAt === null || stepAt === null) return passAt ?? stepAt
  return Math.max(passAt, stepAt)
}

export function sweepDue(
  sweep: Sweep,
  state: SweepState,
  now: number,
  ordersPerDay: number
): boolean {
  const at = nextSweepAt(sweep, state, ordersPerDay)
  return at === null || now >= at
}

/**
 * List calls per order the sweeps cost at `ordersPerDay` in a steady state, from their rules: the
 * recent pass's pages (an hour of orders and the horizon's slack, rounded up to whole pages) 864
 * times a day, and each paced sweep at its pace (when its window keeps it busy: at high volume).
 */
export function listCallsPerOrder(ordersPerDay: number): number {
  const recent = SWEEPS.find((sweep) => sweep.name === "recent")!
  const perPass = Math.max(
    1,
    Math.ceil((ordersPerDay * (WATCH.recentMs + HORIZON_SLACK_MS)) / DAY / PAGE_SIZE)
  )
  const passes = DAY / (recent.everyMs + SWEEP_DRIFT_MS)
  const paced = SWEEPS.reduce(
    (sum, sweep) =>
      sweep.pace ? sum + Math.max(sweep.pace.floorPerDay, sweep.pace.perOrder * ordersPerDay) : sum,
    0
  )
  return (perPass * passes + paced) / ordersPerDay
}

/**
 * How long a whole pass over `windowMs` of transactions takes at `ordersPerDay`, in a steady state
 * (never less than the sweep's period): how late the sweep can find a lost webhook in that window.
 */
export function passMs(sweep: Sweep, windowMs: number, ordersPerDay: number): number {
  const pages = Math.max(1, Math.ceil((windowMs / DAY) * (ordersPerDay / PAGE_SIZE)))
  const steps = Math.ceil(pages / sweep.pagesPerStep)
  return Math.max(steps * (stepGapMs(sweep, ordersPerDay) + SWEEP_DRIFT_MS), sweep.everyMs)
}

/** Transactions a list call gives (the gateway's most). */
export const PAGE_SIZE = 100

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
