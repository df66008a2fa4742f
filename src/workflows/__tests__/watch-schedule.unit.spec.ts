import { closedHere, closesAt, graceMinutes, nextWatch } from "../utils/watch-schedule"

const options = { expiryGraceMinutes: 10, boletoGraceDays: 3 }
const expires = "2026-11-27T15:00:00Z"

describe("nextWatch: when a charge is next due for a sync of its own", () => {
  it("a charge awaiting payment is due at its expiry and grace, to be closed on time", () => {
    expect(nextWatch({ status: "pending", method: "pix", expires_at: expires }, options)).toEqual(
      new Date("2026-11-27T15:10:00Z")
    )
  })

  it("a boleto is awaited its business days of grace after its due date", () => {
    const due = closesAt({ method: "boleto", expires_at: expires }, options)!
    expect(graceMinutes({ method: "boleto", expires_at: expires }, options)).toBeGreaterThan(
      3 * 24 * 60
    )
    expect(due.getTime()).toBeGreaterThan(Date.parse(expires) + 3 * 86_400_000)
  })

  it("a paid charge not yet captured, nor flagged, gets a check-up two minutes on", () => {
    const now = Date.parse("2026-11-26T12:00:00Z")
    const paid = { status: "paid" as const, method: "pix", expires_at: expires }
    expect(nextWatch(paid, options, now)).toEqual(new Date("2026-11-26T12:02:00Z"))
    expect(nextWatch({ ...paid, captured_at: "2026-11-26T11:59:00Z" }, options, now)).toBeNull()
    expect(nextWatch({ ...paid, flag: "paid_without_order" }, options, now)).toBeNull()
  })

  it("nothing else is due by date: the sweeps of the gateway's list watch it", () => {
    for (const status of ["cancelled", "disputed", "refunded", "failed"] as const) {
      expect(nextWatch({ status, method: "pix", expires_at: expires }, options)).toBeNull()
    }
    const captured = { captured_at: "2026-11-26T11:00:00Z" }
    for (const method of ["pix", "credit_card"]) {
      expect(
        nextWatch({ status: "paid", method, expires_at: null, ...captured }, options)
      ).toBeNull()
    }
    expect(
      nextWatch({ status: "pending", method: "credit_card", expires_at: null }, options)
    ).toBeNull()
    // Awaiting, but flagged (paid late after a new charge replaced it, another amount): the
    // admin's; read again by date it would be read every run once its close passed.
    const flagged = { status: "pending" as const, method: "pix", expires_at: expires }
    expect(nextWatch({ ...flagged, flag: "late_payment" }, options)).toBeNull()
    expect(nextWatch({ ...flagged, flag: "sync_failing" }, options)).toEqual(
      closesAt(flagged, options)
    )
  })
})

describe("closedHere", () => {
  it("is a charge closed by the plugin while the gateway's last word was awaiting", () => {
    expect(closedHere({ status: "cancelled", gateway_status: "waiting_payment" })).toBe(true)
    expect(closedHere({ status: "cancelled", gateway_status: "Cancelled" })).toBe(false)
    expect(closedHere({ status: "cancelled", gateway_status: null })).toBe(false)
    expect(closedHere({ status: "pending", gateway_status: "waiting_payment" })).toBe(false)
  })
})
