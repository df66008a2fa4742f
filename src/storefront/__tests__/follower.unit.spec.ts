import { VorexyStorefrontError } from "../errors"
import { backoffDelay, createStatusFollower, type FollowerState } from "../follower"
import type { VorexyPaymentStatus } from "../types"
import { pixStatus } from "./fixtures"

type Call = {
  lastStatus: string | undefined
  lastCaptured: boolean | undefined
  lastPayable: boolean | undefined
  signal: AbortSignal
  resolve: (status: VorexyPaymentStatus) => void
  reject: (error: unknown) => void
}

/** A follower whose requests are answered by hand, with fake timers and a wake button. */
function harness(captureWaitMs?: number) {
  const calls: Call[] = []
  const statuses: VorexyPaymentStatus[] = []
  const errors: unknown[] = []
  const states: FollowerState[] = []
  let wake = () => {}
  const unsubscribe = jest.fn()
  const follower = createStatusFollower({
    load: (lastStatus, signal, lastCaptured, lastPayable) =>
      new Promise((resolve, reject) =>
        calls.push({ lastStatus, lastCaptured, lastPayable, signal, resolve, reject })
      ),
    captureWaitMs,
    onStatus: (s) => statuses.push(s),
    onError: (e) => errors.push(e),
    onStateChange: (s) => states.push(s),
    visibility: (callback) => {
      wake = callback
      return unsubscribe
    },
  })
  const last = () => calls[calls.length - 1]
  return { calls, statuses, errors, states, follower, last, wake: () => wake(), unsubscribe }
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

it("reads once without waiting, then long-polls with the current status", async () => {
  const h = harness()
  expect(h.calls).toHaveLength(1)
  expect(h.calls[0].lastStatus).toBeUndefined()
  expect(h.follower.state).toBe("loading")

  h.last().resolve(pixStatus())
  await flush()
  expect(h.statuses).toHaveLength(1)
  expect(h.calls).toHaveLength(2)
  expect(h.calls[1].lastStatus).toBe("pending")
  expect(h.states).toEqual(["loading", "waiting"])

  // A long-poll that came back unchanged is asked again, but never sooner than 1 s after it was
  // sent (a cache or a server holding no waits must not make it spin).
  h.last().resolve(pixStatus())
  await flush()
  expect(h.calls).toHaveLength(2)
  await jest.advanceTimersByTimeAsync(999)
  expect(h.calls).toHaveLength(2)
  await jest.advanceTimersByTimeAsync(1)
  expect(h.calls).toHaveLength(3)
  expect(h.calls[2].lastStatus).toBe("pending")

  // One that waited its full timeout is asked again at once.
  await jest.advanceTimersByTimeAsync(25_000)
  h.last().resolve(pixStatus())
  await flush()
  expect(h.calls).toHaveLength(4)
})

it("stops on paid", async () => {
  const h = harness()
  h.last().resolve(pixStatus())
  await flush()
  h.last().resolve(pixStatus({ status: "paid", paid: true, payable: false }))
  await flush()
  expect(h.follower.state).toBe("done")
  expect(h.calls).toHaveLength(2)
  expect(h.statuses.map((s) => s.paid)).toEqual([false, true])
  expect(h.unsubscribe).toHaveBeenCalled()
  jest.advanceTimersByTime(60_000)
  expect(h.calls).toHaveLength(2)
})

it("stops when the charge can no longer be paid", async () => {
  const h = harness()
  h.last().resolve(pixStatus({ payable: false, closed_reason: "order_canceled" }))
  await flush()
  expect(h.follower.state).toBe("done")
  expect(h.calls).toHaveLength(1)
})

it("keeps following a lapsed PIX while its order waits for a new one, and stops when it no longer does", async () => {
  jest.setSystemTime(Date.parse("2026-03-10T15:20:00.000Z"))
  const lapsed = pixStatus({
    status: "cancelled",
    payable: false,
    qr_code: null,
    renewable_until: "2026-03-11T15:00:00.000Z",
    renewals_left: 2,
  })
  const h = harness()
  h.last().resolve(lapsed)
  await flush()
  // Long-polled from "cancelled": the old code paid late, or a new one made in another tab.
  expect(h.follower.state).not.toBe("done")
  expect(h.calls).toHaveLength(2)
  expect(h.calls[1].lastStatus).toBe("cancelled")
  h.last().resolve({ ...lapsed, renewable_until: "2026-03-10T15:10:00.000Z" })
  await flush()
  expect(h.follower.state).toBe("done")
  jest.advanceTimersByTime(60_000)
  expect(h.calls).toHaveLength(2)
})

it("stops when the store could not confirm the payment", async () => {
  const h = harness()
  h.last().resolve(pixStatus())
  await flush()
  h.last().resolve(
    pixStatus({ payable: false, qr_code: null, unconfirmed_reason: "unknown_at_gateway" })
  )
  await flush()
  expect(h.follower.state).toBe("done")
  jest.advanceTimersByTime(60_000)
  expect(h.calls).toHaveLength(2)
})

it("backs off 1 s, 2 s, 4 s … up to 30 s, calling onError each time", async () => {
  expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffDelay)).toEqual([
    1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
  ])
  const h = harness()
  for (const [i, delay] of [1000, 2000, 4000, 8000, 16000, 30000, 30000].entries()) {
    h.last().reject(new VorexyStorefrontError("down", 503))
    await flush()
    expect(h.follower.state).toBe("backoff")
    expect(h.errors).toHaveLength(i + 1)
    jest.advanceTimersByTime(delay - 1)
    expect(h.calls).toHaveLength(i + 1)
    jest.advanceTimersByTime(1)
    expect(h.calls).toHaveLength(i + 2)
  }
})

it("resets the backoff after a success, and long-polls from the status it had", async () => {
  const h = harness()
  h.last().resolve(pixStatus())
  await flush()
  h.last().reject(new Error("network"))
  await flush()
  jest.advanceTimersByTime(1000)
  h.last().reject(new Error("network"))
  await flush()
  jest.advanceTimersByTime(2000)
  expect(h.last().lastStatus).toBe("pending")
  h.last().resolve(pixStatus())
  await flush()
  h.last().reject(new Error("network"))
  await flush()
  const before = h.calls.length
  jest.advanceTimersByTime(1000)
  expect(h.calls).toHaveLength(before + 1)
})

it.each([404, 400, 401])("treats HTTP %i as final", async (status) => {
  const h = harness()
  h.last().reject(new VorexyStorefrontError("No Vorexy charge for order order_1", status))
  await flush()
  expect(h.follower.state).toBe("done")
  expect(h.errors).toHaveLength(1)
  jest.advanceTimersByTime(60_000)
  expect(h.calls).toHaveLength(1)
})

it.each([408, 429, 500])("retries HTTP %i", async (status) => {
  const h = harness()
  h.last().reject(new VorexyStorefrontError("later", status))
  await flush()
  expect(h.follower.state).toBe("backoff")
})

it("cuts a backoff short when the tab wakes", async () => {
  const h = harness()
  for (let i = 0; i < 5; i++) {
    h.last().reject(new Error("offline"))
    await flush()
    jest.advanceTimersByTime(backoffDelay(i))
  }
  h.last().reject(new Error("offline"))
  await flush()
  expect(h.follower.state).toBe("backoff")
  const before = h.calls.length
  h.wake()
  expect(h.calls).toHaveLength(before + 1)
  expect(h.last().lastStatus).toBeUndefined()
  // The cancelled backoff does not fire a second request later.
  jest.advanceTimersByTime(30_000)
  expect(h.calls).toHaveLength(before + 1)
})

it("replaces a long-poll that may be stale when the tab wakes, ignoring its late answer", async () => {
  const h = harness()
  h.last().resolve(pixStatus())
  await flush()
  const stale = h.last()
  h.wake()
  expect(stale.signal.aborted).toBe(true)
  expect(h.calls).toHaveLength(3)
  expect(h.last().lastStatus).toBeUndefined()
  stale.resolve(pixStatus({ status: "paid", paid: true }))
  await flush()
  expect(h.statuses).toHaveLength(1)
  expect(h.follower.state).toBe("loading")
})

it("does nothing on wake while a first read is under way", async () => {
  const h = harness()
  h.wake()
  expect(h.calls).toHaveLength(1)
})

it("stop() aborts the request and silences every callback", async () => {
  const h = harness()
  h.last().resolve(pixStatus())
  await flush()
  const pending = h.last()
  h.follower.stop()
  expect(pending.signal.aborted).toBe(true)
  expect(h.states[h.states.length - 1]).toBe("stopped")
  const counts = [h.statuses.length, h.errors.length, h.states.length]
  pending.resolve(pixStatus({ status: "paid", paid: true }))
  pending.reject(new Error("late"))
  await flush()
  h.wake()
  jest.advanceTimersByTime(60_000)
  expect([h.statuses.length, h.errors.length, h.states.length]).toEqual(counts)
  expect(h.calls).toHaveLength(2)
  expect(h.unsubscribe).toHaveBeenCalled()
})

it("stop() during a backoff cancels the retry", async () => {
  const h = harness()
  h.last().reject(new Error("offline"))
  await flush()
  h.follower.stop()
  jest.advanceTimersByTime(60_000)
  expect(h.calls).toHaveLength(1)
  expect(h.errors).toHaveLength(1)
})

it("a load that throws at once is retried like a failed request", async () => {
  const onError = jest.fn()
  const follower = createStatusFollower({
    load: () => {
      throw new Error("boom")
    },
    onStatus: jest.fn(),
    onError,
    visibility: () => () => {},
  })
  await flush()
  expect(onError).toHaveBeenCalledTimes(1)
  expect(follower.state).toBe("backoff")
  follower.stop()
})

describe("while it can be paid", () => {
  it("long-polls also on whether it still can, and follows a charge the gateway closed at once", async () => {
    const h = harness()
    expect(h.calls[0].lastPayable).toBeUndefined()
    h.last().resolve(pixStatus())
    await flush()
    expect(h.calls[1]).toMatchObject({ lastStatus: "pending", lastPayable: true })
    // The gateway cancelled it at its expiry: still awaited by the store, nothing to pay.
    h.last().resolve(pixStatus({ payable: false, qr_code: null }))
    await flush()
    // A change: asked again at once, no longer on payability, and still followed.
    expect(h.calls).toHaveLength(3)
    expect(h.calls[2]).toMatchObject({ lastStatus: "pending", lastPayable: undefined })
    expect(h.follower.state).toBe("waiting")
    h.follower.stop()
  })

  it("never asks it of an older server (no `closing` in its answers), which would refuse it", async () => {
    const h = harness()
    const older = { ...pixStatus() }
    delete older.closing
    h.last().resolve(older)
    await flush()
    expect(h.calls[1]).toMatchObject({ lastStatus: "pending", lastPayable: undefined })
    h.follower.stop()
  })
})

describe("after paid, until the store has captured the order", () => {
  const paid = (order_captured?: boolean) =>
    pixStatus({ status: "paid", paid: true, payable: false, order_captured })

  it("keeps long-polling on whether it is captured, and stops once it is", async () => {
    const h = harness()
    h.last().resolve(pixStatus({ order_captured: false }))
    await flush()
    h.last().resolve(paid(false))
    await flush()
    expect(h.follower.state).toBe("waiting")
    expect(h.calls).toHaveLength(3)
    expect(h.calls[2]).toMatchObject({ lastStatus: "paid", lastCaptured: false })
    // Before paid, the long-poll did not ask about the capture.
    expect(h.calls[1].lastCaptured).toBeUndefined()

    h.last().resolve(paid(true))
    await flush()
    expect(h.follower.state).toBe("done")
    expect(h.statuses.map((s) => s.order_captured)).toEqual([false, false, true])
  })

  it("stops at paid when the server does not say (an older one)", async () => {
    const h = harness()
    h.last().resolve(paid(undefined))
    await flush()
    expect(h.follower.state).toBe("done")
    expect(h.calls).toHaveLength(1)
  })

  it("gives up waiting for the capture even while every request fails", async () => {
    const h = harness(60_000)
    h.last().resolve(paid(false))
    await flush()
    for (let i = 0; i < 60 && h.follower.state !== "done"; i++) {
      h.last().reject(new VorexyStorefrontError("down", 503))
      await flush()
      await jest.advanceTimersByTimeAsync(30_000)
    }
    expect(h.follower.state).toBe("done")
    // Within the wait plus one backoff: about 60 s of 1, 2, 4, 8, 16, 30 s backoffs.
    expect(h.calls.length).toBeLessThan(10)
  })

  it("gives up waiting for the capture after captureWaitMs, never follows forever", async () => {
    const h = harness(60_000)
    h.last().resolve(paid(false))
    await flush()
    expect(h.follower.state).toBe("waiting")
    await jest.advanceTimersByTimeAsync(30_000)
    h.last().resolve(paid(false))
    await flush()
    expect(h.follower.state).toBe("waiting")
    await jest.advanceTimersByTimeAsync(30_000)
    h.last().resolve(paid(false))
    await flush()
    expect(h.follower.state).toBe("done")
  })
})
