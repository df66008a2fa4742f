import { unknownSettleAfterMs } from "../reconcile"

it("waits until a withdrawal's own send has surely ended before replaying it", () => {
  // Defaults: 4 attempts of 15 s, 3 retries of up to 30 s, a minute more.
  expect(unknownSettleAfterMs({ timeoutMs: 15_000, maxRetries: 3 })).toBe(210_000)
  // The most a store can configure: 7 attempts of 2 min.
  expect(unknownSettleAfterMs({ timeoutMs: 120_000, maxRetries: 6 })).toBe(1_080_000)
  // Never sooner than 2 minutes.
  expect(unknownSettleAfterMs({ timeoutMs: 500, maxRetries: 0 })).toBe(120_000)
})
