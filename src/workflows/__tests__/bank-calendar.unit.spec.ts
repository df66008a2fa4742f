import { isBankBusinessDay } from "../utils/bank-calendar"

const day = (date: string) => Date.parse(`${date}T00:00:00Z`)

describe("Brazil's banking calendar", () => {
  it.each([
    ["2027-02-08", "Carnaval Monday (banks close; no holiday by law)"],
    ["2027-02-09", "Carnaval Tuesday"],
    ["2027-03-26", "Good Friday"],
    ["2027-05-27", "Corpus Christi"],
    ["2026-11-20", "Dia da Consciência Negra"],
    ["2026-12-25", "Christmas"],
    ["2027-01-01", "New Year's Day"],
    ["2026-12-31", "31 December (no bank service to the public)"],
    ["2026-11-28", "a Saturday"],
    ["2026-11-29", "a Sunday"],
  ])("closes on %s, %s", (date) => {
    expect(isBankBusinessDay(day(date))).toBe(false)
  })

  it.each([
    ["2027-02-05", "the Friday before Carnaval"],
    ["2027-02-10", "Ash Wednesday (banks open at noon and settle)"],
    ["2026-11-27", "an ordinary Friday"],
    ["2026-11-30", "an ordinary Monday"],
  ])("settles on %s, %s", (date) => {
    expect(isBankBusinessDay(day(date))).toBe(true)
  })

  it("reads the same day whatever the server's time zone", () => {
    // The library reads local calendar fields: Carnaval Monday stays closed in any zone this
    // process runs in (CI and servers run in UTC; a developer's laptop may not).
    expect(isBankBusinessDay(day("2027-02-08"))).toBe(false)
    expect(isBankBusinessDay(day("2027-02-07") + 86_400_000)).toBe(false)
  })
})
