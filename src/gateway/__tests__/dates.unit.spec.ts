import { execFileSync } from "node:child_process"
import { join } from "node:path"
import { readGatewayDate } from "../dates"

const probe = join(__dirname, "dates-probe.ts")

/** What the readers answer in a process whose time zone is `zone`. */
const readIn = (zone: string) =>
  JSON.parse(
    execFileSync(process.execPath, ["--import", "tsx", probe], {
      env: { ...process.env, TZ: zone },
      encoding: "utf8",
    })
  )

const END_OF_25TH = "2026-11-26T02:59:59.999Z" // 25 Nov, 23:59:59.999 in Brasília
const ASKED_PIX = "2026-11-23T15:00:00.000Z" // one day after now

describe.each([
  ["UTC", 0],
  ["America/Sao_Paulo", 180],
  ["Asia/Tokyo", -540],
])("on a server whose time zone is %s", (zone, offset) => {
  let read: Record<string, unknown>
  beforeAll(() => {
    read = readIn(zone)
  }, 30_000)

  it("really runs in that zone", () => {
    expect(read.offset).toBe(offset)
  })

  it("reads a date-time without an offset as Brasília time, and keeps one that is given", () => {
    expect(read).toMatchObject({
      plain: "2026-11-25T13:30:00.000Z",
      spaced: "2026-11-25T13:30:00.000Z",
      fraction: "2026-11-25T13:30:00.123Z",
      utc: "2026-11-25T10:30:00.000Z",
      plusOne: "2026-11-25T09:30:00.000Z",
      compact: "2026-11-25T13:30:00.000Z",
      // A date alone, as an instant, is its first moment in Brasília.
      dateAlone: "2026-11-25T03:00:00.000Z",
    })
  })

  it("reads midnight as the day itself: a boleto due that day is payable all of it", () => {
    expect(read).toMatchObject({
      midnight: { kind: "date", date: "2026-11-25" },
      // With an offset, midnight is an instant: 21:00 the evening before in Brasília.
      midnightUtc: { kind: "instant", at: "2026-11-25T00:00:00.000Z" },
      dueMidnight: END_OF_25TH,
      dueBrazilian: END_OF_25TH,
    })
  })

  it("keeps a PIX expiry inside a sane window, defaulting to what was asked", () => {
    expect(read).toMatchObject({
      pixPlain: "2026-11-22T21:00:00.000Z",
      pixMissing: ASKED_PIX,
      pixPast: ASKED_PIX,
      pixTooSoon: ASKED_PIX,
      pixTooFar: ASKED_PIX,
      pixJunk: ASKED_PIX,
    })
  })
})

it("refuses what is not a date, whatever its size (long text never reaches a pattern)", () => {
  for (const junk of [
    "31/02/2026",
    "2026-02-30",
    "2026-13-01T10:00:00",
    "2026-11-25T10:30:00+99:99",
    "1".repeat(100_000),
    "2026-11-25T" + "0".repeat(100_000),
    42,
    null,
  ]) {
    expect(readGatewayDate(junk)).toBeNull()
  }
})
