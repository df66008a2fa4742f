import { normaliseChargeStatus, TransactionListItem } from "../../gateway"
import { changed, NO_SWEEP, pastHorizon, sweepDue, SWEEPS } from "../sweep-plan"

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
    expect(sweepDue(recent, NO_SWEEP, at)).toBe(true)
    expect(sweepDue(recent, { page: 0, pass_started_at: at - 60_000, step_at: at }, at)).toBe(false)
    expect(sweepDue(recent, { page: 0, pass_started_at: at - 115_000, step_at: at }, at)).toBe(true)
    const under = { page: 4, pass_started_at: at - 60_000, step_at: at - 60_000 }
    expect(sweepDue(open, under, at)).toBe(false)
    expect(sweepDue(open, { ...under, step_at: at - 5 * 60_000 }, at)).toBe(true)
  })

  it("a pass ends at the page whose oldest item is older than its horizon, or an empty page", () => {
    const horizon = Date.parse("2026-11-26T09:00:00Z")
    expect(pastHorizon([item("PAID")], horizon)).toBe(false)
    expect(pastHorizon([item("PAID", { createdAt: "2026-11-26T08:59:00Z" })], horizon)).toBe(true)
    expect(pastHorizon([], horizon)).toBe(true)
  })
})
