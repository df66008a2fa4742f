/**
 * When the reconcile job reads a withdrawal the gateway has not finished (pending, processing):
 * every run while it is young, then at most every WITHDRAWAL_READ_EVERY_MS. Its webhook still
 * tells the store at once; a withdrawal whose webhook is lost past its first minutes is learnt
 * within that gap (its amount counted against the daily limit meanwhile). The rule (`withdrawalReadDue`) and its query filter
 * (`withdrawalReadFilter`) say the same thing; the unit test holds them together.
 */
import { WITHDRAWAL_READ_EVERY_MS, WITHDRAWAL_YOUNG_MS } from "../rules/timing"

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
