/**
 * When a PIX stops being payable, as recorded (and shown to the shopper). The gateway's own value,
 * read as Brasília time when it has no offset, within a sane window: one missing, unreadable,
 * already past (or under a minute away), or beyond what was asked for is replaced by what was asked
 * for, `expiresInDays` from now. A past value would hide the QR at once and cancel the order at the
 * first sync; a missing one would never expire.
 */
import { gatewayInstant } from "../../../gateway/dates"

const DAY = 86_400_000
const MIN_AHEAD = 60_000

export function pixExpiresAt(raw: string | undefined, expiresInDays: number, now = Date.now()) {
  const asked = now + expiresInDays * DAY
  const sent = gatewayInstant(raw)
  const at = sent ? Date.parse(sent) : NaN
  if (Number.isNaN(at) || at < now + MIN_AHEAD || at > asked + DAY) {
    return new Date(asked).toISOString()
  }
  return new Date(at).toISOString()
}
