import {
  afterNotFound,
  afterOutage,
  gatewayKnowsNoCharges,
  listedReadDue,
  markedUnknown,
  NO_NOT_FOUND,
  NOT_FOUND_READS,
  notFoundDeadline,
  notFoundDecision,
  NotFoundHistory,
  withNotFound,
} from "../unknown-charge"
import { OUTAGE_RETRY_MS, UNKNOWN_AFTER_MS } from "../timing"

const MINUTE = 60_000
const t0 = new Date("2026-11-23T12:00:00.000Z")
const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE)

/** A charge row's 404 history and flag, as the sync finds it. */
const charge = (history: Partial<NotFoundHistory> = {}, flag: string | null = null) => ({
  ...NO_NOT_FOUND,
  ...history,
  flag,
})

/** Reads the charge whenever the policy allows, every minute, until it is marked unknown. */
function simulate(lastMinute: number) {
  let row: ReturnType<typeof charge> & { next_sync_at?: Date | null } = charge()
  const reads: number[] = []
  let markedAt: number | null = null
  for (let minute = 0; minute <= lastMinute && markedAt === null; minute++) {
    const decision = notFoundDecision(row, at(minute))
    if (decision.next === "unknown") {
      row = { ...row, ...markedUnknown(row, at(minute)) }
      markedAt = minute
    } else if (decision.next === "read") {
      reads.push(minute)
      row = { ...row, ...afterNotFound(row, at(minute)) }
      if (row.gateway_unknown_at) markedAt = minute
    }
  }
  return { reads, markedAt, row }
}

describe("a charge the gateway answers 404 for", () => {
  it("is read while the gateway has never answered 404", () => {
    expect(notFoundDecision(NO_NOT_FOUND, t0)).toEqual({ next: "read" })
  })

  it("waits a growing gap before each read: 2 minutes after the first 404, 5 after the second", () => {
    const first = withNotFound(NO_NOT_FOUND, t0)
    expect(notFoundDecision(first, at(1))).toEqual({ next: "wait", until: at(2) })
    expect(notFoundDecision(first, at(2))).toEqual({ next: "read" })

    const second = withNotFound(first, at(3))
    expect(second).toMatchObject({
      not_found_reads: 2,
      not_found_since: t0,
      not_found_last_at: at(3),
    })
    expect(notFoundDecision(second, at(4))).toEqual({ next: "wait", until: at(8) })
    expect(notFoundDecision(second, at(8))).toEqual({ next: "read" })
  })

  it("is marked unknown on its third 404, at once", () => {
    let row = charge()
    for (const minute of [0, 2, 7]) row = { ...row, ...afterNotFound(row, at(minute)) }
    expect(row).toMatchObject({
      not_found_reads: NOT_FOUND_READS,
      gateway_unknown_at: at(7),
      next_sync_at: null,
      flag: "unknown_at_gateway",
      flag_detail: expect.stringMatching(/404 .* to 3 reads since 2026-11-23T12:00:00.000Z/),
    })
    expect(notFoundDecision(row, at(60))).toEqual({ next: "unknown" })
  })

  it("is read at most 3 times and marked unknown within 15 minutes of the first 404", () => {
    const { reads, markedAt } = simulate(120)
    expect(reads).toEqual([0, 2, 7])
    expect(markedAt).toBe(7)
  })

  // Was: marked at its deadline without another read. A charge read only during an outage (its
  // later 404s not counted) would then be marked by the clock alone: now the deadline makes a
  // read due, and that read's 404, if it counts, marks it.
  it("is read at its deadline when its reads come late, and marked by that read's 404", () => {
    const second = withNotFound(withNotFound(NO_NOT_FOUND, t0), at(12))
    // The third read would be due at 17 minutes: the deadline (14) comes first.
    expect(notFoundDecision(second, at(13))).toEqual({
      next: "wait",
      until: new Date(t0.getTime() + UNKNOWN_AFTER_MS),
    })
    expect(notFoundDecision(second, at(14))).toEqual({ next: "read" })
    expect(afterNotFound(charge(second), at(14))).toMatchObject({
      not_found_reads: 3,
      gateway_unknown_at: at(14),
    })
    // Even with one 404 counted before (the others fell in an outage).
    const first = withNotFound(NO_NOT_FOUND, t0)
    expect(afterNotFound(charge(first), at(20))).toMatchObject({
      not_found_reads: 2,
      gateway_unknown_at: at(20),
    })
    expect(UNKNOWN_AFTER_MS).toBeLessThan(15 * MINUTE)
  })

  it("keeps its 404s as they were after an outage's 404, and is read again soon", () => {
    const first = withNotFound(NO_NOT_FOUND, t0)
    expect(afterOutage(first, at(3))).toEqual({
      next_sync_at: new Date(at(3).getTime() + OUTAGE_RETRY_MS),
    })
    expect(OUTAGE_RETRY_MS).toBeLessThanOrEqual(2 * MINUTE)
    // One marked stays as the mark allows (only shown or asked for).
    const marked = { ...first, gateway_unknown_at: at(7) }
    expect(afterOutage(marked, at(9))).toEqual({ next_sync_at: null })
  })

  it("never reads a charge marked unknown again (only an admin's sync now does)", () => {
    const marked = charge({ not_found_reads: 1, not_found_since: t0, gateway_unknown_at: at(14) })
    expect(notFoundDecision(marked, at(24 * 60))).toEqual({ next: "unknown" })
  })

  it("keeps a weightier flag when it marks the charge unknown", () => {
    const history = { not_found_reads: 3, not_found_since: t0, not_found_last_at: at(7) }
    expect(markedUnknown(charge(history, "late_payment"), at(7))).toEqual({
      gateway_unknown_at: at(7),
      next_sync_at: null,
    })
    expect(markedUnknown(charge(history, "sync_failing"), at(7))).toMatchObject({
      flag: "unknown_at_gateway",
    })
  })

  it("schedules the next look after a 404 (the reconcile job's due time)", () => {
    expect(afterNotFound(charge(), t0)).toEqual({
      not_found_reads: 1,
      not_found_since: t0,
      not_found_last_at: t0,
      gateway_unknown_at: null,
      next_sync_at: at(2),
    })
  })
})

describe("a charge marked unknown that the gateway's list names", () => {
  const marked = {
    ...NO_NOT_FOUND,
    not_found_reads: 3,
    not_found_since: t0,
    not_found_last_at: at(7),
    gateway_unknown_at: at(7),
  }

  it("is read when the listed transaction changed after its last 404", () => {
    expect(listedReadDue(marked, at(8).toISOString(), at(9))).toBe(true)
    expect(listedReadDue(marked, undefined, at(9))).toBe(true)
  })

  it("is not read again for an unchanged item while its last 404 is recent", () => {
    expect(listedReadDue(marked, at(-5).toISOString(), at(9))).toBe(false)
    expect(listedReadDue(marked, at(-5).toISOString(), at(7 + 14))).toBe(true)
  })
})

describe("the setup alert (the gateway knows none of the store's charges)", () => {
  it("needs 3 unknown charges and no charge read since the first of their 404s", () => {
    expect(gatewayKnowsNoCharges(3, 0)).toBe(true)
    expect(gatewayKnowsNoCharges(2, 0)).toBe(false)
    expect(gatewayKnowsNoCharges(10, 1)).toBe(false)
  })
})

describe("notFoundDeadline", () => {
  const since = new Date("2026-11-25T12:00:00Z")
  it("is 14 minutes after the first 404 for a charge on the 404 clock", () => {
    const history = { ...NO_NOT_FOUND, not_found_reads: 1, not_found_since: since }
    expect(notFoundDeadline(history)?.toISOString()).toBe("2026-11-25T12:14:00.000Z")
  })
  it("is none for a charge the gateway knows, or one already marked unknown", () => {
    expect(notFoundDeadline(NO_NOT_FOUND)).toBeNull()
    const marked = {
      ...NO_NOT_FOUND,
      not_found_reads: 3,
      not_found_since: since,
      gateway_unknown_at: since,
    }
    expect(notFoundDeadline(marked)).toBeNull()
  })
})
