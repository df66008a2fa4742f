import {
  WITHDRAWAL_LOCK_S,
  WITHDRAWAL_READ_EVERY_MS,
  WITHDRAWAL_YOUNG_MS,
} from "../../rules/timing"
import { heldTooLong, withdrawalReadDue, withdrawalReadFilter } from "../withdrawal-watch"

const NOW = Date.parse("2026-11-29T12:00:00Z")
const MINUTE = 60_000
const ago = (ms: number) => new Date(NOW - ms)

/** The filter as PostgreSQL applies it, for the shapes it uses ($or of $gte, $lte, null). */
function matches(
  filter: ReturnType<typeof withdrawalReadFilter>,
  row: Record<string, Date | null>
) {
  return filter.$or.some((clause) =>
    Object.entries(clause).every(([field, cond]) => {
      const value = row[field]
      if (cond === null) return value === null
      if (value === null) return false
      const c = cond as { $gte?: Date; $lte?: Date }
      if (c.$gte) return value.getTime() >= c.$gte.getTime()
      return value.getTime() <= c.$lte!.getTime()
    })
  )
}

const rows: [string, { created_at: Date; last_synced_at: Date | null }, boolean][] = [
  [
    "young, just read: every run",
    { created_at: ago(2 * MINUTE), last_synced_at: ago(5_000) },
    true,
  ],
  ["old, never read", { created_at: ago(3 * 60 * MINUTE), last_synced_at: null }, true],
  [
    "old, read a minute ago: waits",
    { created_at: ago(3 * 60 * MINUTE), last_synced_at: ago(MINUTE) },
    false,
  ],
  [
    "old, read just under the gap ago: waits",
    { created_at: ago(WITHDRAWAL_YOUNG_MS + 1), last_synced_at: ago(WITHDRAWAL_READ_EVERY_MS - 1) },
    false,
  ],
  [
    "old, read the gap ago: read",
    { created_at: ago(WITHDRAWAL_YOUNG_MS + 1), last_synced_at: ago(WITHDRAWAL_READ_EVERY_MS) },
    true,
  ],
]

describe("an unfinished withdrawal's reads by the job", () => {
  it.each(rows)("%s", (_, row, due) => {
    expect(withdrawalReadDue(row, NOW)).toBe(due)
    // The query says the same.
    expect(matches(withdrawalReadFilter(NOW), row)).toBe(due)
  })
})

describe("a withdrawal another run holds when the job comes to it", () => {
  const LOCK_MS = WITHDRAWAL_LOCK_S * 1_000
  it.each([
    ["young, read a minute ago: left to that run", ago(2 * MINUTE), ago(MINUTE), false],
    ["young, never read, made a minute ago: left to that run", ago(MINUTE), null, false],
    ["young, unread longer than a lock lives: reported", ago(5 * MINUTE), ago(LOCK_MS + 1), true],
    [
      "old, due for its read, within a lock's life of it: left to that run",
      ago(3 * 60 * MINUTE),
      ago(WITHDRAWAL_READ_EVERY_MS + LOCK_MS - 1),
      false,
    ],
    [
      "old, unread past its read and a lock's life: reported",
      ago(3 * 60 * MINUTE),
      ago(WITHDRAWAL_READ_EVERY_MS + LOCK_MS + 1),
      true,
    ],
  ] as const)("%s", (_, created_at, last_synced_at, reported) => {
    expect(heldTooLong({ created_at, last_synced_at }, NOW)).toBe(reported)
  })
})
