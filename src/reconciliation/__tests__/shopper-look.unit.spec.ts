import { lookDue, LOOK_EVERY_MS } from "../shopper-look"

const now = Date.parse("2026-11-26T12:00:00Z")
const hoursAgo = (h: number) => new Date(now - h * 3_600_000)
const charge = (extra = {}) => ({
  status: "pending",
  created_at: hoursAgo(20),
  last_synced_at: null,
  ...extra,
})

describe("lookDue: whether a page load of a charge is worth a read", () => {
  it("reads an awaiting charge over an hour old not read for 5 minutes", () => {
    expect(lookDue(charge(), now)).toBe(true)
    expect(lookDue(charge({ last_synced_at: new Date(now - LOOK_EVERY_MS) }), now)).toBe(true)
  })

  it("leaves young, recently read, settled, unknown and backing-off charges alone", () => {
    expect(lookDue(charge({ created_at: hoursAgo(0.5) }), now)).toBe(false)
    expect(lookDue(charge({ last_synced_at: new Date(now - 60_000) }), now)).toBe(false)
    expect(lookDue(charge({ status: "paid" }), now)).toBe(false)
    expect(lookDue(charge({ gateway_unknown_at: hoursAgo(1) }), now)).toBe(false)
    const failing = { sync_failures: 2, next_sync_at: new Date(now + 60_000) }
    expect(lookDue(charge(failing), now)).toBe(false)
    expect(lookDue(charge({ ...failing, next_sync_at: new Date(now - 1) }), now)).toBe(true)
  })
})
