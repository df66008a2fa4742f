/**
 * One watcher per process for every long-polling status request: while any request waits, it
 * reads the statuses of all the charges waited on in one query per tick, and wakes the requests
 * whose charge moved on. A change made here, or announced by another process (charge-push.ts:
 * the worker that ran the sync), wakes the tick at once; the ticks themselves are the fallback
 * for an announcement missed. Each request ends at its own deadline, whatever the database does,
 * so none is held past its timeout.
 */
import { chargeWordsFor, closingAtGateway } from "../../gateway"
import {
  WATCH_FALLBACK_TICK_MS,
  WATCH_MIN_GAP_MS,
  WATCH_READ_DEADLINE_MS,
  WATCH_TICK_MS,
} from "../../rules/timing"

/**
 * How often it looks while it hears announcements (WATCH_FALLBACK_TICK_MS), unless
 * VOREXY_WATCH_FALLBACK_MS changes it for the tests that prove the announcements alone suffice.
 */
export const FALLBACK_TICK_MS =
  Number(process.env.VOREXY_WATCH_FALLBACK_MS) || WATCH_FALLBACK_TICK_MS

/**
 * A charge's state as the storefront sees it: its status, whether it is still offered (not once
 * its offer closed, nor once the gateway cancelled it at its expiry while it is still awaited
 * here), whether it was marked unknown at the gateway (the shopper is then told it could not be
 * confirmed), and whether Medusa has captured it into the order.
 */
export type ChargeMark = { id: string; mark: string }
export type ReadMarks = (ids: string[]) => Promise<ChargeMark[]>

/**
 * What follows the status in a mark: each column that, once set, adds its word. The one rule both
 * chargeMark and its SQL (CHARGE_MARK_SQL, the watcher's query) are built from.
 */
const MARK_WORDS = [
  ["offer_closed_at", "closed"],
  ["gateway_unknown_at", "|unknown"],
  ["captured_at", "|captured"],
  // A flag (paid late, another amount) ends what the page offers: told without waiting it out.
  ["flag", "|flagged"],
] as const

type MarkedRow = { status: string; gateway_status?: string | null } & {
  [column in (typeof MARK_WORDS)[number][0]]?: Date | string | null | undefined
}

/** The mark of a charge row. */
export const chargeMark = (charge: MarkedRow) =>
  `${charge.status}|${MARK_WORDS.map(([column, word]) => (charge[column] ? word : "")).join("")}${closingAtGateway(charge) ? "|closing" : ""}`

/**
 * ASCII blanks as statuses.ts trims and joins them, escaped for an E'' string (PostgreSQL then
 * gives its regular expressions the characters themselves).
 */
const BLANKS = " \\t\\n\\r\\f\\x0b"

/**
 * closingAtGateway in SQL: the gateway's words for "cancelled", compared as statuses.ts compares
 * them (ASCII blanks trimmed, lowercase, blanks and dashes as one underscore).
 */
const CLOSING_SQL = `case when status = 'pending' and regexp_replace(lower(regexp_replace(gateway_status, E'^[${BLANKS}]+|[${BLANKS}]+$', '', 'g') collate "C"), E'[${BLANKS}-]+', '_', 'g') in (${chargeWordsFor(
  "cancelled"
)
  .map((word) => `'${word}'`)
  .join(", ")}) then '|closing' else '' end`

/** chargeMark in SQL, over vorexy_charge's columns. */
export const CHARGE_MARK_SQL =
  "status || '|'" +
  MARK_WORDS.map(
    ([column, word]) => ` || case when ${column} is null then '' else '${word}' end`
  ).join("") +
  ` || ${CLOSING_SQL}`

type Waiter = { mark: string; done: (changed: boolean) => void }

export class ChargeWatcher {
  private readonly waiters = new Map<string, Set<Waiter>>()
  private timer: NodeJS.Timeout | null = null
  private timerDue = 0
  private lastReadEnd = 0
  private ticking = false
  private again = false

  /** `tickMs`: the period between reads, asked before each (it may change as announcements come and go). */
  constructor(
    private readonly read: ReadMarks,
    private readonly tickMs: number | (() => number) = WATCH_TICK_MS
  ) {}

  private period() {
    return typeof this.tickMs === "number" ? this.tickMs : this.tickMs()
  }

  /** How many requests are waiting (for tests and the benchmarks). */
  get size() {
    let count = 0
    for (const set of this.waiters.values()) count += set.size
    return count
  }

  /** Resolves true once the charge's mark is no longer `mark`; false at the timeout or abort. */
  wait(chargeId: string, mark: string, timeoutMs: number, signal?: AbortSignal) {
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        mark,
        done: (changed) => {
          clearTimeout(timer)
          signal?.removeEventListener("abort", onAbort)
          const set = this.waiters.get(chargeId)
          set?.delete(waiter)
          if (set && !set.size) this.waiters.delete(chargeId)
          resolve(changed)
        },
      }
      const onAbort = () => waiter.done(false)
      const timer = setTimeout(() => waiter.done(false), Math.max(0, timeoutMs))
      if (signal?.aborted) return waiter.done(false)
      signal?.addEventListener("abort", onAbort)
      const set = this.waiters.get(chargeId) ?? new Set<Waiter>()
      set.add(waiter)
      this.waiters.set(chargeId, set)
      // A change announced between the route's read and now was not this waiter's to hear: its
      // first read comes soon, not a whole fallback period later.
      this.schedule(WATCH_TICK_MS)
    })
  }

  /** A charge changed (here, or announced): look now rather than at the next tick. */
  notify(chargeId: string) {
    if (this.waiters.has(chargeId)) this.schedule(0)
  }

  /** Anything may have changed (announcements were missed): look now. */
  notifyAll() {
    if (this.waiters.size) this.schedule(0)
  }

  /**
   * Reads at `delayMs` from now, unless a read is already due sooner; never sooner than
   * WATCH_MIN_GAP_MS after the last read ended (a flood of announcements costs a read per gap at most).
   */
  private schedule(delayMs: number) {
    if (this.ticking) {
      if (delayMs < this.period()) this.again = true
      return
    }
    const due = Math.max(Date.now() + delayMs, this.lastReadEnd + WATCH_MIN_GAP_MS)
    if (this.timer && this.timerDue <= due) return
    if (this.timer) clearTimeout(this.timer)
    this.timerDue = due
    this.timer = setTimeout(() => void this.tick(), Math.max(0, due - Date.now()))
  }

  private async tick() {
    this.timer = null
    if (!this.waiters.size) return
    this.ticking = true
    let timer: NodeJS.Timeout | undefined
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error("charge watch: read timed out")),
          WATCH_READ_DEADLINE_MS
        )
      })
      const rows = await Promise.race([this.read([...this.waiters.keys()]), deadline])
      for (const { id, mark } of rows) {
        for (const waiter of [...(this.waiters.get(id) ?? [])])
          if (waiter.mark !== mark) waiter.done(true)
      }
    } catch {
      // The database hiccuped or hung: the next tick tries again, and each request still ends on
      // time (at its own deadline).
    } finally {
      clearTimeout(timer)
      this.ticking = false
      this.lastReadEnd = Date.now()
    }
    const soon = this.again
    this.again = false
    if (this.waiters.size) this.schedule(soon ? 0 : this.period())
  }
}
