/**
 * A boleto's due date as the gateway sends it (ISO date-times, dates alone "2026-11-25", Brazilian
 * dates "25/11/2026"; read by the gateway's date reader, offset-less times in Brasília). A date, or
 * an offset-less date-time at midnight, is payable all that day: the end of that day in Brasília. A date that is
 * missing, unreadable, in the past or beyond what was asked for is replaced by the one asked for:
 * the end of the day `expiresInDays` from now.
 */
import { brasiliaDateOf, endOfBrasiliaDay, readGatewayDate } from "../../../gateway/dates"

const DAY = 86_400_000

function parse(raw: unknown): Date | null {
  const read = readGatewayDate(raw)
  if (!read) return null
  return read.kind === "date" ? endOfBrasiliaDay(read.date) : read.at
}

export function boletoDueAt(raw: string | undefined, expiresInDays: number, now = Date.now()) {
  const asked = endOfBrasiliaDay(brasiliaDateOf(now + expiresInDays * DAY))
  const sent = parse(raw)
  if (!sent || sent.getTime() < now || sent.getTime() > asked.getTime() + DAY) {
    return asked.toISOString()
  }
  return sent.toISOString()
}
