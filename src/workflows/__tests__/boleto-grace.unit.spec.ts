import { boletoGraceMinutes } from "../utils/boleto-grace"

/** The end of the grace, as an instant. */
const graceEnd = (dueAt: string, days: number) =>
  new Date(Date.parse(dueAt) + boletoGraceMinutes(dueAt, days) * 60_000).toISOString()

// End of a day in Brasília (UTC−3) as an instant.
const endOf = (date: string) => new Date(`${date}T23:59:59.999-03:00`).toISOString().slice(0, 16)

describe("the grace after a boleto's due date, in business days", () => {
  it("ends a business day after a weekday's due date", () => {
    // Tuesday 24 Nov 2026 → Wednesday.
    expect(graceEnd("2026-11-25T02:59:59.999Z", 1).slice(0, 16)).toBe(endOf("2026-11-25"))
  })

  it("skips the weekend after a Friday's due date", () => {
    // Friday 27 Nov 2026 → Monday 30.
    expect(graceEnd("2026-11-28T02:59:59.999Z", 1).slice(0, 16)).toBe(endOf("2026-11-30"))
  })

  it("moves a weekend due date to Monday before counting", () => {
    // Saturday 28 Nov 2026: payable on Monday 30, grace to Tuesday 1 Dec.
    expect(graceEnd("2026-11-29T02:59:59.999Z", 1).slice(0, 16)).toBe(endOf("2026-12-01"))
  })

  it("with no grace, ends with the due day itself", () => {
    expect(boletoGraceMinutes("2026-11-25T02:59:59.999Z", 0)).toBe(0)
  })
})
