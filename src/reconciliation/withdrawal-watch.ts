/**
 * When the reconcile job reads a withdrawal the gateway has not finished (pending, processing):
 * every run while it is young, then at most every WITHDRAWAL_READ_EVERY_MS. Its webhook still
 * tells the store at once; a withdrawal whose webhook is lost past its first minutes is learnt
 * within that gap (its amount counted against the daily limit meanwhile). The rule (`withdrawalReadDue`) and its query filter
 * (`withdrawalReadFilter`) say the same thing; the unit test holds them together.
 */
import {
  WITHDRAWAL_LOCK_S,
  WITHDRAWAL_NEVER_SENT_MS,
  WITHDRAWAL_READ_EVERY_MS,
  WITHDRAWAL_YOUNG_MS,
} from "../rules/timing"

/** The statuses the job reads a withdrawal in: the gateway has it and has not finished it. */
export const UNFINISHED_WITHDRAWAL = ["pending", "processing"] as const

export type WatchedWithdrawal = {
  created_at: Date | string
  last_synced_at: Date | string | null
}

export function withdrawalReadDue(row: WatchedWithdrawal, now = Date.now()): boolean {
  if (new Date(row.created_at).getTime() >= now - WITHDRAWAL_YOUNG_MS) return true
  if (row.last_synced_at === null) return true
  return new Date(row.last_synced_at).getTime() <= now - WITHDRAWAL_READ_EVERY_MS
}

/** The same rule as a filter of the module's list query. */
export function withdrawalReadFilter(now = Date.now()) {
  return {
    $or: [
      { created_at: { $gte: new Date(now - WITHDRAWAL_YOUNG_MS) } },
      { last_synced_at: null },
      { last_synced_at: { $lte: new Date(now - WITHDRAWAL_READ_EVERY_MS) } },
    ],
  }
}

/**
 * A withdrawal another run holds is left to that run, unless it has gone unread for longer than
 * its lock can live past a due read: no live run holds it that long (a dead run's lock that its
 * store never lapses), so the job reports it instead of passing it by in silence.
 */
export function heldTooLong(row: WatchedWithdrawal, now = Date.now()): boolean {
  const young = new Date(row.created_at).getTime() >= now - WITHDRAWAL_YOUNG_MS
  const lastRead = new Date(row.last_synced_at ?? row.created_at).getTime()
  const period = young ? 0 : WITHDRAWAL_READ_EVERY_MS
  return now - lastRead > period + WITHDRAWAL_LOCK_S * 1_000
}

/**
 * Withdrawals recorded and never sent: still "requested" (no gateway id) long after their request
 * would have marked them "unknown" to send them (rules/timing.ts).
 */
export const neverSentFilter = (now = Date.now()) => ({
  status: "requested" as const,
  gateway_id: null,
  created_at: { $lte: new Date(now - WITHDRAWAL_NEVER_SENT_MS) },
})
