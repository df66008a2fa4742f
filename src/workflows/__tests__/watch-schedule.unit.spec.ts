import { nextWatch } from "../utils/watch-schedule"

const NOW = Date.parse("2026-11-22T12:00:00Z")
const DAY = 86_400_000
const ago = (days: number) => new Date(NOW - days * DAY)
const inHours = (date: Date | null) => (date ? (date.getTime() - NOW) / 3_600_000 : null)
const watch = (over: Partial<Parameters<typeof nextWatch>[0]>) =>
  inHours(
    nextWatch(
      { status: "paid", gateway_status: "paid", paid_at: ago(1), expires_at: null, ...over },
      NOW
    )
  )

describe("when the reconcile job looks at a charge again", () => {
  it("watches a paid charge every 6 hours for 30 days, then stops", () => {
    expect(watch({ method: "pix" })).toBe(6)
    expect(watch({ method: "pix", paid_at: ago(31) })).toBeNull()
  })

  it("keeps watching a paid card daily up to 180 days, for late chargebacks", () => {
    expect(watch({ method: "credit_card", paid_at: ago(31) })).toBe(24)
    expect(watch({ method: "credit_card", paid_at: ago(181) })).toBeNull()
  })

  it("watches a dispute daily until it ends, for 120 days", () => {
    expect(watch({ status: "disputed", gateway_status: "disputed", paid_at: ago(60) })).toBe(24)
    expect(watch({ status: "disputed", gateway_status: "disputed", paid_at: ago(121) })).toBeNull()
  })

  it("watches a locally expired charge hourly for 7 days, and never a closed one", () => {
    const expired = { status: "cancelled", gateway_status: "pending", paid_at: null } as const
    expect(watch({ ...expired, expires_at: ago(2) })).toBe(1)
    expect(watch({ ...expired, expires_at: ago(8) })).toBeNull()
    expect(watch({ ...expired, expires_at: ago(40), method: "boleto" })).toBe(1)
    expect(watch({ status: "failed", gateway_status: "failed", paid_at: null })).toBeNull()
  })

  it("looks at a pending charge less often as it ages, and always at its expiry", () => {
    const minutesAgo = (m: number) => new Date(NOW - m * 60_000)
    const pending = (createdMinutesAgo: number, expires_at: Date | null = null) =>
      watch({
        status: "pending",
        gateway_status: "pending",
        paid_at: null,
        created_at: minutesAgo(createdMinutesAgo),
        expires_at,
      })
    expect(pending(3)).toBeNull()
    expect(pending(30)).toBeCloseTo(5 / 60)
    expect(pending(300)).toBeCloseTo(15 / 60)
    expect(pending(3 * 24 * 60)).toBe(1)
    // Expiring in 2 minutes: looked at then, not 15 minutes later.
    expect(pending(300, new Date(NOW + 2 * 60_000))).toBeCloseTo(2 / 60)
    // Just past its expiry: every run, until it is closed; long past (a boleto's grace): by age.
    expect(pending(300, minutesAgo(1))).toBeNull()
    expect(pending(3 * 24 * 60, minutesAgo(24 * 60))).toBe(1)
    // A longer grace keeps it looked at every run until the grace is over.
    const graced = (expiredMinutesAgo: number) =>
      watch({
        status: "pending",
        gateway_status: "pending",
        paid_at: null,
        created_at: minutesAgo(3 * 24 * 60),
        expires_at: minutesAgo(expiredMinutesAgo),
        grace_minutes: 60,
      })
    expect(graced(50)).toBeNull()
    expect(graced(70)).toBe(1)
  })
})
