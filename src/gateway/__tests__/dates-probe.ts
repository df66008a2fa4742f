/**
 * Run by dates.unit.spec.ts in a child process with a given TZ (a time zone is fixed per process):
 * prints what the date readers make of the gateway's dates there, as JSON.
 */
import { boletoDueAt } from "../../providers/vorexy/core/boleto-due"
import { pixExpiresAt } from "../../providers/vorexy/core/pix-expiry"
import { gatewayInstant, readGatewayDate } from "../dates"

const NOW = Date.parse("2026-11-22T15:00:00Z") // Sunday 22 Nov 2026, 12:00 in Brasília

process.stdout.write(
  JSON.stringify({
    offset: new Date(NOW).getTimezoneOffset(),
    plain: gatewayInstant("2026-11-25T10:30:00"),
    spaced: gatewayInstant("2026-11-25 10:30"),
    fraction: gatewayInstant("2026-11-25T10:30:00.123456"),
    utc: gatewayInstant("2026-11-25T10:30:00Z"),
    plusOne: gatewayInstant("2026-11-25T10:30:00+01:00"),
    compact: gatewayInstant("2026-11-25T10:30:00-0300"),
    dateAlone: gatewayInstant("2026-11-25"),
    midnight: readGatewayDate("2026-11-25T00:00:00"),
    midnightUtc: readGatewayDate("2026-11-25T00:00:00.000Z"),
    dueMidnight: boletoDueAt("2026-11-25T00:00:00", 3, NOW),
    dueBrazilian: boletoDueAt("25/11/2026", 3, NOW),
    pixPlain: pixExpiresAt("2026-11-22T18:00:00", 1, NOW),
    pixMissing: pixExpiresAt(undefined, 1, NOW),
    pixPast: pixExpiresAt("2020-01-01T00:00:00", 1, NOW),
    pixTooSoon: pixExpiresAt("2026-11-22T12:00:30", 1, NOW),
    pixTooFar: pixExpiresAt("2027-11-22T12:00:00", 1, NOW),
    pixJunk: pixExpiresAt("soon", 1, NOW),
  })
)
