import { normaliseChargeStatus, TransactionListItem } from "../../gateway"
import {
  changed,
  listCallsPerOrder,
  nextSweepAt,
  NO_SWEEP,
  passMs,
  pastHorizon,
  sweepDue,
  SWEEPS,
} from "../sweep-plan"

const item = (status: string, extra: Partial<TransactionListItem> = {}): TransactionListItem => ({
  id: 7,
  status: normaliseChargeStatus(status),
  amountCents: 1999,
  createdAt: "2026-11-26T10:00:00.000Z",
  updatedAt: "2026-11-26T10:00:00.000Z",
  raw: {},
  ...extra,
})
const row = (status: string, gateway_status: string | null, extra = {}) => ({
  status,
  gateway_status,
  last_synced_at: "2026-11-26T10:01:00.000Z",
  ...extra,
})
const at = Date.parse("2026-11-26T12:00:00Z")

describe("changed: whether a list item shows its charge changed since its last read", () => {
  it("a status the row does not record means a read (a lost payment webhook)", () => {
    expect(changed(row("pending", "WAITING_PAYMENT"), item("PAID"))).toBe(true)
    expect(changed(row("paid", "Paid"), item("REFUNDED"))).toBe(true)
    // Closed here while still offered: a late payment is read (and flagged by the sync).
    expect(changed(row("cancelled", "Awaiting"), item("PAID"))).toBe(true)
  })

  it("the same status says nothing, in either vocabulary", () => {
    expect(changed(row("pending", "WAITING_PAYMENT"), item("PENDING"))).toBe(false)
    expect(changed(row("paid", "Paid"), item("PAID"))).toBe(false)
    expect(changed(row("cancelled", "Awaiting"), item("PENDING"))).toBe(false)
  })

  it("a status word it does not know is read only when the item was updated since", () => {
    const odd = (updatedAt: string) => item("SOMETHING_NEW", { updatedAt })
    expect(changed(row("pending", "Awaiting"), odd("2026-11-26T10:00:00.000Z"))).toBe(false)
    expect(changed(row("pending", "Awaiting"), odd("2026-11-26T11:00:00.000Z"))).toBe(true)
    expect(changed(row("paid", "Paid"), odd("2026-11-26T10:00:00.000Z"))).toBe(false)
  })

  it("a paid charge updated since its last read is read (a partial refund keeps it paid)", () => {
    const later = item("PAID", { updatedAt: "2026-11-26T11:00:00.000Z" })
    expect(changed(row("paid", "Paid"), later)).toBe(true)
  })
})

describe("sweeps: when they run and how far they go", () => {
  const recent = SWEEPS.find((s) => s.name === "recent")!
  const open = SWEEPS.find((s) => s.name === "open")!

  it("a pass starts once its period has passed; a long pass goes on after its step", () => {
    expect(sweepDue(recent, NO_SWEEP, at, 10)).toBe(true)
    const pass = (ago: number) => ({ page: 0, pass_started_at: at - ago, step_at: at })
    expect(sweepDue(recent, pass(60_000), at, 10)).toBe(false)
    expect(sweepDue(recent, pass(115_000), at, 10)).toBe(true)
    // A small store: the open sweep reads a page every 5 minutes (its floor).
    const under = { page: 4, pass_started_at: at - 60_000, step_at: at - 4 * 60_000 }
    expect(sweepDue(open, under, at, 10)).toBe(false)
    expect(sweepDue(open, { ...under, step_at: at - 5 * 60_000 }, at, 10)).toBe(true)
    // At 10,000 orders a day it reads faster, at its share of those orders: every 108 s.
    expect(sweepDue(open, { ...under, step_at: at - 100_000 }, at, 10_000)).toBe(true)
    expect(sweepDue(open, { ...under, step_at: at - 90_000 }, at, 10_000)).toBe(false)
    // A new pass waits for both its period and the pace.
    const done = { page: 0, pass_started_at: at - 10 * 60_000, step_at: at - 60_000 }
    expect(sweepDue(open, done, at, 10)).toBe(false)
    expect(nextSweepAt(open, done, 10)).toBe(at - 10 * 60_000 + 15 * 60_000 - 10_000)
  })

  it("passes over their windows within bounds a store can live with", () => {
    const passDays = (name: string, days: number, perDay: number) =>
      passMs(
        SWEEPS.find((s) => s.name === name)!,
        days * 86_400_000,
        perDay
      ) / 86_400_000
    // The open window (3 days): within 15 minutes for a small store, hours at volume.
    expect(passDays("open", 3, 30)).toBeLessThanOrEqual(15 / 1440)
    expect(passDays("open", 3, 1_000)).toBeLessThanOrEqual(3 / 24)
    expect(passDays("open", 3, 10_000)).toBeLessThanOrEqual(10 / 24)
    // The paid window (30 days): a day for a small store, days at volume (webhooks come first).
    expect(passDays("settled", 30, 30)).toBeLessThanOrEqual(1)
    expect(passDays("settled", 30, 1_000)).toBeLessThanOrEqual(3.5)
    expect(passDays("settled", 30, 10_000)).toBeLessThanOrEqual(7)
  })

  it("costs at most 0.6 of a list call per order at 10,000 orders a day, and no more above", () => {
    // The recent sweep alone: ceil(70 min of orders / 100) pages, 864 passes a day (one every
    // 100 s), then the paced sweeps: 5 × 864 + 0.13 × 10,000 = 5,620 calls a day.
    expect(listCallsPerOrder(10_000)).toBeCloseTo(0.562, 3)
    expect(listCallsPerOrder(50_000)).toBeLessThanOrEqual(0.6)
    // A small store pays the floors: a cost per day, not per order.
    expect(listCallsPerOrder(10) * 10).toBeCloseTo(864 + 288 + 96, 0)
  })

  it("a pass ends at the page whose oldest item is older than its horizon, or an empty page", () => {
    const horizon = Date.parse("2026-11-26T09:00:00Z")
    expect(pastHorizon([item("PAID")], horizon)).toBe(false)
    expect(pastHorizon([item("PAID", { createdAt: "2026-11-26T08:59:00Z" })], horizon)).toBe(true)
    expect(pastHorizon([], horizon)).toBe(true)
  })
})
