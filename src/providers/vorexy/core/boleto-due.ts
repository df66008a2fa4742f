/**
 * A boleto's due date as the gateway sends it, read strictly: the template sends ISO date-times,
 * dates alone ("2026-11-25") or Brazilian dates ("25/11/2026"). A date alone is the end of that day
 * in Brasília (UTC−3, no daylight saving since 2019), not midnight UTC (the evening before). A date
 * that is missing, unreadable, in the past or beyond what was asked for is replaced by the one
 * asked for: the end of the day `expiresInDays` from now.
 */
const BRASILIA = "-03:00"
const DAY = 86_400_000

const endOfDay = (isoDate: string) => new Date(`${isoDate}T23:59:59.999${BRASILIA}`)

/** Today's date in Brasília, `days` later, as YYYY-MM-DD. */
function brasiliaDate(now: number, days: number) {
  return new Date(now - 3 * 3_600_000 + days * DAY).toISOString().slice(0, 10)
}

function parse(raw: string): Date | null {
  const text = raw.trim()
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text)
  const date = iso
    ? endOfDay(text)
    : br
      ? endOfDay(`${br[3]}-${br[2]}-${br[1]}`)
      : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)
        ? new Date(text)
        : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

export function boletoDueAt(raw: string | undefined, expiresInDays: number, now = Date.now()) {
  const asked = endOfDay(brasiliaDate(now, expiresInDays))
  const sent = raw ? parse(raw) : null
  if (!sent || sent.getTime() < now || sent.getTime() > asked.getTime() + DAY) {
    return asked.toISOString()
  }
  return sent.toISOString()
}
