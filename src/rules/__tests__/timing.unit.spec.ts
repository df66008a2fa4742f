import * as timing from "../timing"

const {
  CART_LOCK_MAX_HOLD_MS,
  CART_LOCK_RENEW_MS,
  CART_LOCK_S,
  CART_LOCK_WAIT_S,
  LEASE_RENEW_MS,
  LEASE_S,
  LEASE_WAIT_S,
  LONG_POLL_DEFAULT_MS,
  LONG_POLL_MAX_MS,
  LOST_PAYMENT_FOUND_MS,
  MAX_REUSE_MS,
  RECEIVED_STALE_MS,
  RECENT_PASS_MS,
  RECONCILE_EVERY_MS,
  REUSE_READ_MS,
  RUN_LEASE_S,
  SILENT_MS,
  SWEEP_DRIFT_MS,
  WATCH_FALLBACK_TICK_MS,
  WATCH_READ_DEADLINE_MS,
  WATCH_TICK_MS,
} = timing

it("renews each lock well within its life, so a late renewal does not lose it", () => {
  // Two renewals may miss before the lock lapses.
  expect(3 * LEASE_RENEW_MS).toBeLessThanOrEqual(LEASE_S * 1000)
  expect(3 * CART_LOCK_RENEW_MS).toBeLessThanOrEqual(CART_LOCK_S * 1000)
})

it("outwaits a dead holder of the cart, and never renews it for ever", () => {
  expect(CART_LOCK_WAIT_S).toBeGreaterThan(CART_LOCK_S)
  expect(CART_LOCK_MAX_HOLD_MS).toBeGreaterThan(CART_LOCK_WAIT_S * 1000)
  expect(Number.isFinite(CART_LOCK_MAX_HOLD_MS)).toBe(true)
})

it("a webhook's sync outwaits a dead holder of its charge's lease", () => {
  expect(LEASE_WAIT_S).toBeGreaterThan(LEASE_S)
})

it("hands back a stuck webhook event only once its run's lease has surely lapsed", () => {
  expect(RECEIVED_STALE_MS).toBeGreaterThan(LEASE_S * 1000)
  // And soon: within a couple of the job's runs.
  expect(RECEIVED_STALE_MS).toBeLessThanOrEqual(3 * RECONCILE_EVERY_MS)
})

it("takes the scheduler for gone only after two ticks without a run, and a run lock lapses sooner", () => {
  expect(SILENT_MS).toBeGreaterThan(RECONCILE_EVERY_MS)
  expect(RUN_LEASE_S * 1000).toBeLessThan(SILENT_MS)
  expect(SWEEP_DRIFT_MS).toBeLessThanOrEqual(RECONCILE_EVERY_MS)
})

it("keeps the provider's reuse of a read within what the reads' cache keeps", () => {
  expect(REUSE_READ_MS).toBeLessThanOrEqual(MAX_REUSE_MS)
})

it("answers a long-poll within its longest wait, and gives up a stuck read well before", () => {
  expect(LONG_POLL_DEFAULT_MS).toBeLessThanOrEqual(LONG_POLL_MAX_MS)
  expect(WATCH_TICK_MS).toBeLessThan(WATCH_FALLBACK_TICK_MS)
  expect(WATCH_READ_DEADLINE_MS).toBeLessThan(LONG_POLL_DEFAULT_MS)
})

it("holds only times: positive numbers of milliseconds or seconds", () => {
  for (const [name, value] of Object.entries(timing)) {
    const values = Array.isArray(value) ? value : [value]
    for (const time of values) expect([name, time > 0]).toEqual([name, true])
    expect(name).toMatch(/_(MS|S)$/)
  }
})

it("starts a recent pass often enough that a lost payment is found within its target", () => {
  // A pass, the wait for the next tick, and the run's own work before it reaches the page.
  expect(RECENT_PASS_MS + 2 * RECONCILE_EVERY_MS).toBeLessThanOrEqual(LOST_PAYMENT_FOUND_MS)
  // And no more often than the job runs.
  expect(RECENT_PASS_MS).toBeGreaterThan(RECONCILE_EVERY_MS)
})

it("leaves a handed-back webhook event's run its lease wait before handing it back again", () => {
  expect(timing.EVENT_RUN_MAX_MS).toBeGreaterThan(LEASE_WAIT_S * 1000)
})
