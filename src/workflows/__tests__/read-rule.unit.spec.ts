import { alreadyAnswered } from "../utils/read-rule"

const pending = { status: "pending", last_synced_at: "2026-11-26T10:00:00Z" }
const paid = { ...pending, status: "paid", paid_amount_cents: 1999, refunded_amount_cents: null }
const seen = (status: "paid" | "pending" | "refunded", extra = {}) => ({
  observed: { status, raw: status, amount_cents: 1999, refunded_cents: null, ...extra },
})

describe("alreadyAnswered: the one rule for skipping a sync's read", () => {
  it("skips a delivery that came before the last read started, reads one that came after", () => {
    expect(alreadyAnswered(pending, { not_before: "2026-11-26T09:59:59Z" })).toMatch(/coalesced/)
    expect(alreadyAnswered(pending, { not_before: "2026-11-26T10:00:01Z" })).toBeNull()
    expect(
      alreadyAnswered({ status: "pending" }, { not_before: "2026-11-26T09:00:00Z" })
    ).toBeNull()
  })

  it("skips a creation announcement about an awaiting charge, never a payment's", () => {
    expect(alreadyAnswered(pending, { hint: "WAITING_PAYMENT" })).toMatch(/nothing to look up/)
    expect(alreadyAnswered(pending, { hint: " Awaiting Payment " })).toMatch(/nothing/)
    expect(alreadyAnswered(pending, { hint: "paid" })).toBeNull()
    expect(alreadyAnswered(pending, { hint: "in_analysis" })).toBeNull()
    // Recorded as paid: an "awaiting" delivery is odd enough to read.
    expect(alreadyAnswered(paid, { hint: "pending" })).toBeNull()
  })

  it("skips a delivery saying the word the last read recorded of an awaiting charge", () => {
    const analysis = { ...pending, gateway_status: "IN_ANALISYS" }
    expect(alreadyAnswered(analysis, { hint: "in_analisys" })).toMatch(/nothing to look up/)
    // Another word is news: the card left analysis, or a status we do not know.
    expect(alreadyAnswered(analysis, { hint: "AUTHORIZED" })).toBeNull()
    expect(alreadyAnswered(analysis, { hint: "paid" })).toBeNull()
    // Recorded as paid, the same word as an awaiting read once said is no reason to skip.
    expect(
      alreadyAnswered({ ...paid, gateway_status: "IN_ANALISYS" }, { hint: "IN_ANALISYS" })
    ).toBeNull()
  })

  it("skips what the provider saw when the row records it, applies anything new", () => {
    expect(alreadyAnswered(paid, seen("paid"))).toMatch(/nothing new/)
    expect(alreadyAnswered(pending, seen("paid"))).toBeNull()
    expect(alreadyAnswered(paid, seen("refunded"))).toBeNull()
    expect(alreadyAnswered(paid, seen("paid", { refunded_cents: 500 }))).toBeNull()
    expect(alreadyAnswered(paid, seen("paid", { amount_cents: 999 }))).toBeNull()
  })

  it("always reads for an admin's sync now", () => {
    expect(alreadyAnswered(paid, { ...seen("paid"), force: true })).toBeNull()
  })
})
