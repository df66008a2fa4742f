import { refusedMarkKey, refusedMarkKeys } from "../health"

describe("the hourly counters of refused webhook deliveries", () => {
  it("name the UTC hour, and the last day is the current hour and the 23 before it", () => {
    const now = Date.parse("2026-11-22T04:30:00Z")
    expect(refusedMarkKey(new Date(now))).toBe("webhook_refused:2026-11-22T04")
    const keys = refusedMarkKeys(23, now)
    expect(keys).toHaveLength(24)
    expect(keys[0]).toBe("webhook_refused:2026-11-22T04")
    expect(keys[23]).toBe("webhook_refused:2026-11-21T05")
  })
})
