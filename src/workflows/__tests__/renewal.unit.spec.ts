import { renewalCheck, renewalOffer, renewalWindowEnd } from "../utils/renewal"

const HOUR = 3_600_000
const options = {
  renewalHours: 24,
  maxRenewals: 2,
  expiryGraceMinutes: 10,
  boletoGraceDays: 1,
}
const now = new Date("2026-11-25T15:00:00Z")
const lapsedPix = {
  method: "pix",
  status: "cancelled",
  expires_at: new Date(now.getTime() - HOUR),
  offer_closed_at: null,
  flag: null,
}

describe("renewal", () => {
  it("gives a lapsed PIX's order a new charge until the window after its close ends", () => {
    const check = renewalCheck(lapsedPix, 0, options, now)
    expect(check).toEqual({
      ok: true,
      renewal: 1,
      // expiry + 10 minutes of grace + 24 hours
      until: new Date(lapsedPix.expires_at.getTime() + 10 * 60_000 + 24 * HOUR),
    })
    expect(renewalOffer(lapsedPix, 1, options, now)).toEqual({
      until: new Date(lapsedPix.expires_at.getTime() + 10 * 60_000 + 24 * HOUR).toISOString(),
      left: 1,
    })
  })

  it("counts a boleto's window from the end of its business-day grace", () => {
    // Due Friday 2026-11-27 end of day in Brasília; one business day of grace: Monday.
    const due = new Date("2026-11-28T02:59:59.999Z")
    const end = renewalWindowEnd({ ...lapsedPix, method: "boleto", expires_at: due }, options)
    expect(end?.toISOString()).toBe(
      new Date(Date.parse("2026-12-01T03:00:00Z") + 24 * HOUR - 1).toISOString()
    )
  })

  it("allows it once a pending PIX is past its expiry (the shopper sees it expired)", () => {
    const pending = { ...lapsedPix, status: "pending", expires_at: new Date(now.getTime() - 1000) }
    expect(renewalCheck(pending, 0, options, now).ok).toBe(true)
  })

  it("never while a boleto past its due date may still settle (its business-day grace)", () => {
    const due = { ...lapsedPix, method: "boleto", status: "pending" }
    // Due an hour ago: a bank may still settle it.
    expect(renewalCheck(due, 0, options, now)).toMatchObject({ ok: false, reason: "still_payable" })
    // Closed by the store at the grace's end: a 2ª via.
    expect(renewalCheck({ ...due, status: "cancelled" }, 0, options, now).ok).toBe(true)
  })

  it("tells a payable PIX's page ahead when its window would end, for when its countdown ends", () => {
    const payable = { ...lapsedPix, status: "pending", expires_at: new Date(now.getTime() + HOUR) }
    expect(renewalCheck(payable, 0, options, now)).toMatchObject({
      ok: false,
      reason: "still_payable",
    })
    expect(renewalOffer(payable, 0, options, now)).toEqual({
      until: new Date(now.getTime() + HOUR + 10 * 60_000 + 24 * HOUR).toISOString(),
      left: 2,
    })
    expect(renewalOffer(payable, 2, options, now)).toBeNull()
  })

  it.each([
    ["off", { ...options, renewalHours: 0 }, lapsedPix, 0],
    ["method", options, { ...lapsedPix, method: "credit_card" }, 0],
    ["paid", options, { ...lapsedPix, status: "paid" }, 0],
    ["flagged", options, { ...lapsedPix, flag: "late_payment" }, 0],
    ["closed", options, { ...lapsedPix, offer_closed_at: now }, 0],
    [
      "still_payable",
      options,
      { ...lapsedPix, status: "pending", expires_at: new Date(now.getTime() + 60_000) },
      0,
    ],
    ["window_over", options, { ...lapsedPix, expires_at: new Date(now.getTime() - 25 * HOUR) }, 0],
    ["limit", options, lapsedPix, 2],
  ] as const)("refuses with %s", (reason, opts, charge, used) => {
    const check = renewalCheck(charge, used, opts, now)
    expect(check).toMatchObject({ ok: false, reason })
    if (reason !== "still_payable") expect(renewalOffer(charge, used, opts, now)).toBeNull()
  })
})
