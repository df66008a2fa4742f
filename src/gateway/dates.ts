/**
 * The gateway's dates as instants. It is a Brazilian gateway: a date-time without an offset is
 * Brasília time (UTC−3, no daylight saving since 2019), never the server's own time zone (a UTC
 * server would read a boleto due "2026-11-25T00:00:00" as due the evening before). Read strictly:
 * ISO dates and date-times, and Brazilian dates (25/11/2026); anything else is unreadable.
 */
export const BRASILIA_OFFSET = "-03:00"

/** The longest date text read; anything longer is not a date (never given to a pattern). */
const MAX_DATE_TEXT = 40

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/
/** Date, time, optional fraction, optional offset: fixed-width parts, nothing that backtracks. */
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/

export type GatewayDate =
  /** A calendar date (a date alone, or an offset-less date-time at midnight): YYYY-MM-DD. */
  { kind: "date"; date: string } | { kind: "instant"; at: Date }

const valid = (at: Date) => (Number.isNaN(at.getTime()) ? null : at)

/** A real calendar day (JavaScript rolls 31/02 over into March). */
const realDay = (date: string) => new Date(`${date}T12:00:00Z`).toISOString().slice(0, 10) === date
const calendarDay = (date: string): GatewayDate | null =>
  valid(new Date(`${date}T12:00:00Z`)) && realDay(date) ? { kind: "date", date } : null

/** What a gateway date text says, or null when it is not one. */
export function readGatewayDate(value: unknown): GatewayDate | null {
  if (typeof value !== "string") return null
  const text = value.trim()
  if (!text || text.length > MAX_DATE_TEXT) return null
  const iso = DATE.exec(text)
  if (iso) return calendarDay(text)
  const br = BR_DATE.exec(text)
  if (br) return calendarDay(`${br[3]}-${br[2]}-${br[1]}`)
  const parts = DATE_TIME.exec(text)
  if (!parts) return null
  const [, date, time, offset] = parts
  // Midnight in Brasília, written without an offset, means the day itself (a due date sent as a
  // date-time). With an offset it is an instant like any other.
  if (!offset && /^00:00(:00(\.0+)?)?$/.test(time)) return calendarDay(date)
  if (!calendarDay(date)) return null
  const zone = !offset
    ? BRASILIA_OFFSET
    : offset === "Z"
      ? "Z"
      : offset.replace(/^([+-]\d{2})(\d{2})$/, "$1:$2")
  const at = valid(new Date(`${date}T${time}${zone}`))
  return at ? { kind: "instant", at } : null
}

/** The date (YYYY-MM-DD) an instant falls on in Brasília. */
export const brasiliaDateOf = (at: number) =>
  new Date(at - 3 * 3_600_000).toISOString().slice(0, 10)

/** The first moment of a date in Brasília. */
export const startOfBrasiliaDay = (date: string) =>
  new Date(`${date}T00:00:00.000${BRASILIA_OFFSET}`)
/** The last moment of a date in Brasília (a due date is payable all that day). */
export const endOfBrasiliaDay = (date: string) => new Date(`${date}T23:59:59.999${BRASILIA_OFFSET}`)

/**
 * A gateway date-time (created, updated, an expiry) as an ISO instant in UTC; a date alone counts
 * from its first moment in Brasília. Undefined when unreadable.
 */
export function gatewayInstant(value: unknown): string | undefined {
  const read = readGatewayDate(value)
  if (!read) return undefined
  return (read.kind === "date" ? startOfBrasiliaDay(read.date) : read.at).toISOString()
}
