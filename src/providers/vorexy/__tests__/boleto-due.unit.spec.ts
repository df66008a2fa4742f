import { boletoDueAt } from "../core/boleto-due"

// Sunday 22 Nov 2026, 12:00 in Brasília.
const NOW = Date.parse("2026-11-22T15:00:00Z")
const END_OF_25TH = "2026-11-26T02:59:59.999Z" // 25 Nov, 23:59:59.999 in Brasília

describe("a boleto's due date as the gateway sends it", () => {
  it.each([
    ["an ISO date alone", "2026-11-25"],
    ["a Brazilian date", "25/11/2026"],
    ["an ISO date-time", END_OF_25TH],
  ])("reads %s as the end of that day in Brasília", (_, raw) => {
    expect(boletoDueAt(raw, 3, NOW)).toBe(END_OF_25TH)
  })

  it.each([
    ["missing", undefined],
    ["unreadable", "next tuesday"],
    ["an impossible date", "31/02/2026"],
    ["already past", "2026-11-20"],
    ["far beyond what was asked", "2027-01-30"],
  ])("replaces a date that is %s with the one asked for", (_, raw) => {
    expect(boletoDueAt(raw, 3, NOW)).toBe(END_OF_25TH)
  })
})
