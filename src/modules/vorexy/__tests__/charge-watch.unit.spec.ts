import { WATCH_MIN_GAP_MS, WATCH_READ_DEADLINE_MS, WATCH_TICK_MS } from "../../../rules/timing"
import { ChargeWatcher, FALLBACK_TICK_MS } from "../charge-watch"

/** A table of statuses the watcher reads, counting its queries. */
function table(initial: Record<string, string>) {
  const statuses = { ...initial }
  const queries: string[][] = []
  let failing = false
  let hanging = false
  const read = async (ids: string[]) => {
    queries.push(ids)
    if (hanging) return new Promise<never>(() => {})
    if (failing) throw new Error("connection reset")
    return ids.filter((id) => id in statuses).map((id) => ({ id, mark: statuses[id] }))
  }
  return {
    statuses,
    queries,
    read,
    fail: (on: boolean) => (failing = on),
    hang: (on: boolean) => (hanging = on),
  }
}

/** Lets the watcher's awaited query settle between fake-timer steps. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe("ChargeWatcher", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it("reads every waited-on charge in one query per tick, and wakes only those that changed", async () => {
    const db = table({ a: "pending", b: "pending", c: "pending" })
    const watcher = new ChargeWatcher(db.read)
    const results: Record<string, boolean> = {}
    for (const id of ["a", "a", "b", "c"])
      void watcher.wait(id, "pending", 10_000).then((changed) => (results[id] = changed))
    expect(watcher.size).toBe(4)

    await jest.advanceTimersByTimeAsync(WATCH_TICK_MS)
    expect(db.queries).toEqual([["a", "b", "c"]])
    expect(results).toEqual({})

    db.statuses.b = "paid"
    await jest.advanceTimersByTimeAsync(WATCH_TICK_MS)
    expect(db.queries).toHaveLength(2)
    expect(results).toEqual({ b: true })
    expect(watcher.size).toBe(3)
  })

  it("ends each wait at its own deadline, false, and stops querying when nobody waits", async () => {
    const db = table({ a: "pending" })
    const watcher = new ChargeWatcher(db.read)
    const short = watcher.wait("a", "pending", 600)
    const long = watcher.wait("a", "pending", 2_000)
    await jest.advanceTimersByTimeAsync(600)
    await expect(short).resolves.toBe(false)
    expect(watcher.size).toBe(1)
    await jest.advanceTimersByTimeAsync(1_400)
    await expect(long).resolves.toBe(false)
    const count = db.queries.length
    await jest.advanceTimersByTimeAsync(5 * WATCH_TICK_MS)
    expect(db.queries).toHaveLength(count)
  })

  it("looks at once when this process changed a waited-on charge", async () => {
    const db = table({ a: "pending" })
    const watcher = new ChargeWatcher(db.read)
    const wait = watcher.wait("a", "pending", 10_000)
    db.statuses.a = "paid"
    watcher.notify("a")
    await jest.advanceTimersByTimeAsync(0)
    await settle()
    await expect(wait).resolves.toBe(true)
    expect(db.queries).toHaveLength(1)
  })

  it("ends a wait whose request closed, and keeps going after a failed query", async () => {
    const db = table({ a: "pending", b: "pending" })
    const watcher = new ChargeWatcher(db.read)
    const closed = new AbortController()
    const aborted = watcher.wait("a", "pending", 10_000, closed.signal)
    const other = watcher.wait("b", "pending", 10_000)
    closed.abort()
    await expect(aborted).resolves.toBe(false)

    db.fail(true)
    await jest.advanceTimersByTimeAsync(WATCH_TICK_MS)
    db.fail(false)
    db.statuses.b = "cancelled"
    await jest.advanceTimersByTimeAsync(WATCH_TICK_MS)
    await expect(other).resolves.toBe(true)
    expect(db.queries.at(-1)).toEqual(["b"])
  })

  it("gives up a read that hangs, and the next ticks go on", async () => {
    const db = table({ a: "pending" })
    const watcher = new ChargeWatcher(db.read)
    const wait = watcher.wait("a", "pending", 60_000)
    db.hang(true)
    await jest.advanceTimersByTimeAsync(WATCH_TICK_MS)
    db.hang(false)
    db.statuses.a = "paid"
    await jest.advanceTimersByTimeAsync(WATCH_READ_DEADLINE_MS + WATCH_TICK_MS)
    await expect(wait).resolves.toBe(true)
  })

  it("while it hears announcements, reads a new waiter's charge soon, then falls back every 2 s", async () => {
    const db = table({ a: "pending" })
    const watcher = new ChargeWatcher(db.read, () => FALLBACK_TICK_MS)
    let changed: boolean | undefined
    void watcher.wait("a", "pending", 60_000).then((c) => (changed = c))
    // Changed between the route's read and the wait (its announcement heard by nobody).
    db.statuses.a = "paid"
    await jest.advanceTimersByTimeAsync(WATCH_TICK_MS)
    expect(changed).toBe(true)

    void watcher.wait("a", "paid", 60_000).then((c) => (changed = c))
    await jest.advanceTimersByTimeAsync(WATCH_TICK_MS)
    const afterFirst = db.queries.length
    await jest.advanceTimersByTimeAsync(FALLBACK_TICK_MS - 1)
    expect(db.queries.length).toBe(afterFirst)
    await jest.advanceTimersByTimeAsync(1)
    expect(db.queries.length).toBe(afterFirst + 1)
  })

  it("reads at most once per gap however many announcements come", async () => {
    const db = table({ a: "pending" })
    const watcher = new ChargeWatcher(db.read, () => FALLBACK_TICK_MS)
    void watcher.wait("a", "pending", 60_000)
    await jest.advanceTimersByTimeAsync(WATCH_TICK_MS)
    const before = db.queries.length
    // 1,000 announcements over one second.
    for (let i = 0; i < 1_000; i++) {
      watcher.notify("a")
      await jest.advanceTimersByTimeAsync(1)
    }
    const reads = db.queries.length - before
    expect(reads).toBeGreaterThan(0)
    expect(reads).toBeLessThanOrEqual(Math.ceil(1_000 / WATCH_MIN_GAP_MS) + 1)
  })
})
