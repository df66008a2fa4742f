/**
 * Transactions read from the gateway by this process in the last few seconds, so one payment's
 * capture (the sync's verifying read, then Medusa's authorize and capture calls to the provider)
 * costs one gateway call, not three. Only real gateway answers go in; a miss costs one more call,
 * so nothing correct depends on it (another process simply reads again).
 */
import type { TransactionDetail } from "./responses"
import { MAX_REUSE_MS } from "../rules/timing"

const CAPACITY = 1_000

/** `applied`: the reader acts on it itself (the sync's verifying read), so no one need announce it. */
export type RecentRead = { detail: TransactionDetail; applied: boolean }
type Read = RecentRead & { at: number }

export class RecentReads {
  private readonly reads = new Map<string, Read>()

  // Ages on a monotonic clock: a wall clock stepped back must not stretch a reuse.
  remember(key: string, detail: TransactionDetail, applied = false, at = performance.now()) {
    this.reads.delete(key)
    this.reads.set(key, { at, detail, applied })
    // Map keeps insertion order: the first key is the oldest.
    if (this.reads.size > CAPACITY) this.reads.delete(this.reads.keys().next().value!)
  }

  /** The read of `key` made at most `maxAgeMs` ago (never more than MAX_REUSE_MS), if any. */
  recall(key: string, maxAgeMs: number, now = performance.now()): RecentRead | null {
    const read = this.reads.get(key)
    if (!read) return null
    if (now - read.at > Math.min(maxAgeMs, MAX_REUSE_MS)) return null
    return { detail: read.detail, applied: read.applied }
  }
}

/** One per process: the module's and the provider's clients share what either has read. */
export const recentReads = new RecentReads()
