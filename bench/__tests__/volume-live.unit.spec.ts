import {
  callsPerOrder,
  growth,
  modelPerOrder,
  projectedPassMs,
  stats,
  slowRuns,
  sweepPasses,
  sweepSteps,
} from "../volume-live-report"
import { seededTransaction } from "../volume-sandbox"
import type { MarkSample } from "../volume-live-measure"

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

describe("the live run's arithmetic", () => {
  it("takes percentiles of the values that were measured, and counts those that failed", () => {
    const s = stats([5, 1, NaN, 3, 2, 4])
    expect(s).toMatchObject({ n: 5, failed: 1, p50: 3, max: 5 })
  })

  it("divides each route's calls by the orders placed", () => {
    const c = callsPerOrder(
      { createTransaction: 100, getTransaction: 90, listTransactions: 50 },
      100
    )
    expect(c.per).toEqual({ createTransaction: 1, getTransaction: 0.9, listTransactions: 0.5 })
    expect(c.total).toBeCloseTo(2.4)
  })

  it("states the model as the month's own calls plus the sweeps' list calls", () => {
    const m = modelPerOrder(10_000)
    expect(m.total).toBeCloseTo(m.createTransaction + m.getTransaction + m.listTransactions)
    expect(m.listTransactions).toBeLessThan(0.6)
  })

  it("counts a sweep's steps between its first and last records", () => {
    const sample = (count: number): MarkSample => ({
      at: 0,
      reconcile: null,
      sweeps: { open: { count, page: count, pass_started_at: null } },
    })
    expect(sweepSteps([sample(3), sample(3), sample(7)], "open")).toBe(5)
    expect(sweepSteps([sample(3)], "settled")).toBe(0)
  })

  it("lists the passes a sweep started, once each, and the gaps between them", () => {
    const sample = (pass_started_at: number | null): MarkSample => ({
      at: 0,
      reconcile: null,
      sweeps: { recent: { count: 1, page: 0, pass_started_at } },
    })
    const passes = sweepPasses(
      [sample(null), sample(1_000), sample(1_000), sample(101_000), sample(321_000)],
      "recent"
    )
    expect(passes.starts).toEqual([1_000, 101_000, 321_000])
    expect(passes.gaps).toEqual([100_000, 220_000])
  })

  it("names each slow run of the job once, slowest first, from its own records", () => {
    const record = (last_at: string, all: number) => ({
      at: 0,
      sweeps: {},
      reconcile: { last_at, data: { charges: 1, took_ms: { all, sweeps: all - 10 } } },
    })
    const runs = slowRuns(
      [record("a", 6_000), record("a", 6_000), record("b", 900), record("c", 9_000)],
      5_000
    )
    expect(runs.map((r) => r.took.all)).toEqual([9_000, 6_000])
    expect(runs[0].took.sweeps).toBe(8_990)
  })

  it("projects a pass from its pages and the pace measured", () => {
    // 3 days at 10,000 a day: 300 pages; at 0.5 a minute, 600 minutes.
    expect(projectedPassMs(3 * DAY, 0.5)).toBe(600 * MINUTE)
    expect(projectedPassMs(3 * DAY, 0)).toBe(Infinity)
  })

  it("measures memory growth as the last quarter's mean against the first's", () => {
    const g = growth([100, 100, 110, 120, 130, 140, 150, 200])
    expect(g.first).toBe(100)
    expect(g.last).toBe(175)
    expect(g.growth).toBe(75)
    expect(g.max).toBe(200)
  })
})

describe("a seeded charge at the gateway", () => {
  const row = {
    id: "vxch_vol0000042",
    transaction_id: "vol-abc",
    gateway_internal_id: null,
    method: "boleto",
    amount_cents: 12345,
    gateway_status: "WAITING_PAYMENT",
    paid_amount_cents: null,
    refunded_amount_cents: null,
    expires_at: new Date("2026-12-01T00:00:00Z"),
    paid_at: null,
    created_at: new Date("2026-11-28T00:00:00Z"),
    updated_at: new Date("2026-11-28T00:00:05Z"),
  }

  it("is in the state its row records, created when the row was", () => {
    const t = seededTransaction(row, 1001, "http://gw")
    expect(t).toMatchObject({
      transactionId: "vol-abc",
      companyId: 1001,
      state: "Awaiting",
      paymentMethod: "BOLETO",
      createdAt: "2026-11-28T00:00:00.000Z",
      updatedAt: "2026-11-28T00:00:05.000Z",
    })
    expect(t.boleto?.expirationDate).toBe("2026-12-01T00:00:00.000Z")
    expect(seededTransaction({ ...row, gateway_status: "EXPIRED" }, 1, "").state).toBe("Cancelled")
    expect(seededTransaction({ ...row, gateway_status: "CHARGEBACK" }, 1, "").state).toBe(
      "Chargedback"
    )
  })

  it("gets an internal id that grows with creation (the list's order)", () => {
    const newer = seededTransaction({ ...row, id: "vxch_vol0000001" }, 1, "")
    const older = seededTransaction({ ...row, id: "vxch_vol0000002" }, 1, "")
    expect(newer.internalId).toBeGreaterThan(older.internalId)
    expect(seededTransaction({ ...row, gateway_internal_id: "1999958" }, 1, "").internalId).toBe(
      1999958
    )
  })
})
