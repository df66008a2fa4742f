import { GatewayAnswers } from "../answers"

describe("the gateway's answers (is it answering other calls?)", () => {
  const t0 = Date.parse("2026-11-28T12:00:00Z")

  it("knows an account answered within a window, and only that account", () => {
    const answers = new GatewayAnswers()
    expect(answers.answeredWithin("a", 60_000, t0)).toBe(false)
    answers.note("a", t0)
    expect(answers.answeredWithin("a", 60_000, t0 + 60_000)).toBe(true)
    expect(answers.answeredWithin("a", 60_000, t0 + 60_001)).toBe(false)
    expect(answers.answeredWithin("b", 60_000, t0)).toBe(false)
  })

  it("forgets an answer when the clock is stepped back past it", () => {
    const answers = new GatewayAnswers()
    answers.note("a", t0)
    expect(answers.answeredWithin("a", 60_000, t0 - 1)).toBe(false)
  })

  it("keeps a bounded number of accounts, the oldest noted dropped first", () => {
    const answers = new GatewayAnswers()
    for (let i = 0; i <= 100; i++) answers.note(`acct${i}`, t0)
    expect(answers.answeredWithin("acct0", 60_000, t0)).toBe(false)
    expect(answers.answeredWithin("acct100", 60_000, t0)).toBe(true)
  })
})
