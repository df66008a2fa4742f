import { LOOK_EVERY_MS } from "../../rules/timing"
import { lookDue } from "../shopper-look"

const now = Date.parse("2026-11-26T12:00:00Z")
const hoursAgo = (h: number) => new Date(now - h * 3_600_000)
const charge = (extra = {}) => ({
  status: "pending",
  created_at: hoursAgo(20),
  last_synced_at: null,
  expires_at: null,
  ...extra,
})
const open = new Date(now + 3_600_000)

describe("lookDue: whether a page load of a charge is worth a read", () => {
  it("reads an awaiting charge over an hour old not read for 5 minutes", () => {
    expect(lookDue(charge(), open, now)).toBe(true)
    expect(lookDue(charge({ last_synced_at: new Date(now - LOOK_EVERY_MS) }), open, now)).toBe(true)
  })

  it("stops at the charge's close (its own sync closes it), or 3 days without an expiry", () => {
    expect(lookDue(charge(), new Date(now - 1), now)).toBe(false)
    expect(lookDue(charge(), null, now)).toBe(true)
    expect(lookDue(charge({ created_at: hoursAgo(73) }), null, now)).toBe(false)
  })

  it("leaves young, recently read, settled, unknown and backing-off charges alone", () => {
    expect(lookDue(charge({ created_at: hoursAgo(0.5) }), open, now)).toBe(false)
    expect(lookDue(charge({ last_synced_at: new Date(now - 60_000) }), open, now)).toBe(false)
    expect(lookDue(charge({ status: "paid" }), open, now)).toBe(false)
    expect(lookDue(charge({ gateway_unknown_at: hoursAgo(1) }), open, now)).toBe(false)
    const failing = { sync_failures: 2, next_sync_at: new Date(now + 60_000) }
    expect(lookDue(charge(failing), open, now)).toBe(false)
    expect(lookDue(charge({ ...failing, next_sync_at: new Date(now - 1) }), open, now)).toBe(true)
  })

  it("reads a charge closed here while the gateway still offered it, past its close, for 3 days", () => {
    const closedHere = { status: "cancelled", gateway_status: "Awaiting" }
    expect(lookDue(charge(closedHere), new Date(now - 1), now)).toBe(true)
    expect(lookDue(charge({ ...closedHere, created_at: hoursAgo(73) }), null, now)).toBe(false)
    // One the gateway itself cancelled can no longer be paid.
    expect(lookDue(charge({ status: "cancelled", gateway_status: "Cancelled" }), open, now)).toBe(
      false
    )
  })
})
