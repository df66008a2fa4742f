import { alreadyAnswered, answeredAfterWait, readGate } from "../utils/read-rule"

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

  it("skips a recorded refund the row shows given back, reads one beyond it", () => {
    const refunded = (cents: number) => ({ refunds_recorded_cents: cents })
    const partly = { ...paid, refunded_amount_cents: 1000 }
    expect(alreadyAnswered(partly, refunded(1000))).toMatch(/within what Vorexy gave back/)
    expect(alreadyAnswered(partly, refunded(1001))).toBeNull()
    // No refund seen yet: any recorded refund is read for.
    expect(alreadyAnswered(paid, refunded(1))).toBeNull()
    // Refunded (the last read's amount may be an older partial one), or charged back: all of it.
    expect(alreadyAnswered({ ...partly, status: "refunded" }, refunded(1999))).toMatch(/within/)
    const disputed = { ...paid, status: "disputed", gateway_status: "chargedback" }
    expect(alreadyAnswered(disputed, refunded(1999))).toMatch(/within/)
    // A protest only holds the money: what was refunded counts.
    expect(alreadyAnswered({ ...disputed, gateway_status: "in_protest" }, refunded(1))).toBeNull()
  })

  it("always reads for an admin's sync now", () => {
    expect(alreadyAnswered(paid, { ...seen("paid"), force: true })).toBeNull()
  })
})

describe("readGate: the one gate before a sync reads the gateway", () => {
  const now = new Date("2026-11-26T12:00:00Z")
  const clean = {
    ...pending,
    not_found_reads: 0,
    not_found_since: null,
    not_found_last_at: null,
    gateway_unknown_at: null,
  }
  const after404 = {
    ...clean,
    not_found_reads: 1,
    not_found_since: new Date("2026-11-26T11:59:30Z"),
    not_found_last_at: new Date("2026-11-26T11:59:30Z"),
  }
  const unknown = { ...clean, not_found_reads: 3, gateway_unknown_at: new Date(now) }

  it("reads a charge with no 404s, skips what the row already answers", () => {
    expect(readGate(clean, {}, now)).toEqual({ next: "read" })
    expect(readGate(clean, { hint: "pending" }, now)).toMatchObject({ next: "skip" })
  })

  it("holds a charge back after a 404 until its gap passes, then reads", () => {
    expect(readGate(after404, {}, now)).toMatchObject({ next: "skip", reason: /404 \(1\)/ })
    expect(readGate(after404, {}, new Date("2026-11-26T12:02:00Z"))).toEqual({ next: "read" })
  })

  it("marks a charge whose 404s ran out, unless the gateway vouches, the admin forces or the provider saw it", () => {
    expect(readGate({ ...after404, not_found_reads: 3 }, {}, now)).toMatchObject({
      next: "mark_unknown",
    })
    for (const trigger of [{ vouched: true }, { force: true }, seen("paid")])
      expect(readGate(unknown, trigger, now)).toEqual({ next: "read" })
  })
})

describe("answeredAfterWait: a delivery that waited out the runs holding its charge", () => {
  const arrived = { not_before: "2026-11-26T09:59:59Z" }
  it("is answered by a read that started after it arrived, as under the lease", () => {
    expect(answeredAfterWait(pending, arrived)).toMatch(/coalesced/)
    expect(answeredAfterWait({ ...paid, captured_at: "2026-11-26T10:00:02Z" }, arrived)).toMatch(
      /coalesced/
    )
    expect(answeredAfterWait(pending, { not_before: "2026-11-26T10:00:01Z" })).toBeNull()
  })

  it("is not answered by a paid charge whose capture is under way (its run may roll it back)", () => {
    expect(answeredAfterWait({ ...paid, captured_at: null }, arrived)).toBeNull()
    expect(
      answeredAfterWait({ ...paid, captured_at: null, flag: "late_payment" }, arrived)
    ).toMatch(/coalesced/)
  })

  it("is not answered by a refund or a close whose run may still roll it back", () => {
    const captured = { ...paid, captured_at: "2026-11-26T09:00:00Z" }
    expect(answeredAfterWait({ ...captured, status: "refunded" }, arrived)).toBeNull()
    expect(answeredAfterWait({ ...captured, status: "disputed" }, arrived)).toBeNull()
    expect(answeredAfterWait({ ...pending, status: "cancelled" }, arrived)).toBeNull()
    // A partial refund keeps it paid; its step may still be under way.
    expect(answeredAfterWait({ ...captured, refunded_amount_cents: 500 }, arrived)).toBeNull()
  })
})
