import { boletoGraceMinutes } from "../utils/boleto-grace"

/** The end of the grace, as an instant. */
const graceEnd = (dueAt: string, days: number) =>
  new Date(Date.parse(dueAt) + boletoGraceMinutes(dueAt, days) * 60_000).toISOString()

// End of a day in Brasília (UTC−3) as an instant.
const endOf = (date: string) => new Date(`${date}T23:59:59.999-03:00`).toISOString().slice(0, 16)
// A boleto due all of a Brasília day ends at its last moment.
const dueOn = (date: string) => new Date(`${date}T23:59:59.999-03:00`).toISOString()

describe("the grace after a boleto's due date, in bank business days", () => {
  it("ends a business day after a weekday's due date", () => {
    // Tuesday 24 Nov 2026 → Wednesday.
    expect(graceEnd(dueOn("2026-11-24"), 1).slice(0, 16)).toBe(endOf("2026-11-25"))
  })

  it("skips the weekend after a Friday's due date", () => {
    // Friday 27 Nov 2026 → Monday 30.
    expect(graceEnd(dueOn("2026-11-27"), 1).slice(0, 16)).toBe(endOf("2026-11-30"))
  })

  it("moves a weekend due date to Monday before counting", () => {
    // Saturday 28 Nov 2026: payable on Monday 30, grace to Tuesday 1 Dec.
    expect(graceEnd(dueOn("2026-11-28"), 1).slice(0, 16)).toBe(endOf("2026-12-01"))
  })

  it("skips Carnaval: a boleto due the Friday before it waits until the Friday after", () => {
    // Friday 5 Feb 2027; Carnaval Monday 8 and Tuesday 9; three business days: 10, 11, 12.
    expect(graceEnd(dueOn("2027-02-05"), 3).slice(0, 16)).toBe(endOf("2027-02-12"))
  })

  it("skips national holidays, and moves a due date on one to the next business day", () => {
    // Due on Friday 20 Nov 2026 (Consciência Negra): payable Monday 23, three days to Thursday 26.
    expect(graceEnd(dueOn("2026-11-20"), 3).slice(0, 16)).toBe(endOf("2026-11-26"))
    // Due Thursday 24 Dec 2026: 25 (Christmas) and the weekend skipped: 28, 29, 30.
    expect(graceEnd(dueOn("2026-12-24"), 3).slice(0, 16)).toBe(endOf("2026-12-30"))
    // Due Thursday 25 Mar 2027, Good Friday 26 skipped: 29, 30, 31.
    expect(graceEnd(dueOn("2027-03-25"), 3).slice(0, 16)).toBe(endOf("2027-03-31"))
  })

  it("with no grace, ends with the due day itself (rolled to a business day)", () => {
    expect(boletoGraceMinutes(dueOn("2026-11-24"), 0)).toBe(0)
    expect(graceEnd(dueOn("2027-02-08"), 0).slice(0, 16)).toBe(endOf("2027-02-10"))
  })
})
