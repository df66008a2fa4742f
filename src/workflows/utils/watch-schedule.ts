/**
 * When the reconcile job looks at a charge again, after a sync that worked:
 * - pending: every run while young, then less often as it ages (a charge is paid within minutes or
 *   hardly ever; its webhook is the fast path): every minute for 10 minutes, every 5 up to an hour,
 *   every 15 up to a day, then hourly; and on every run around its expiry, so it closes on time;
 * - paid, not refunded in full, within 30 days of payment: every 6 hours, so a refund made in the
 *   Vorexy panel whose webhook was lost is still recorded; a card, daily up to 180 days after
 *   payment, as chargebacks come that late;
 * - disputed: daily for 120 days, so the dispute's end (refunded) is recorded;
 * - closed here as expired while the gateway still said awaiting: hourly for 7 days after it
 *   expired (50 for a boleto, whose grace comes first), so a payment made late is caught and flagged;
 * - otherwise never again (null, and only pending charges are due without a date).
 */
import type { ChargeStatus } from "../../gateway"

const HOUR = 3_600_000
const DAY = 24 * HOUR

export type WatchInput = {
  status: ChargeStatus
  gateway_status: ChargeStatus
  paid_at: Date | string | null
  expires_at: Date | string | null
  method?: string | null
  /** When the charge was created (pending charges are looked at less often as they age). */
  created_at?: Date | string | null
  /** How long past its expiry a pending charge is still awaited (expiryGraceMinutes). */
  grace_minutes?: number
}

const MINUTE = 60_000

/** How long a pending charge of this age waits for its next look (null: the next run). */
function pendingInterval(ageMs: number): number | null {
  if (ageMs < 10 * MINUTE) return null
  if (ageMs < HOUR) return 5 * MINUTE
  if (ageMs < DAY) return 15 * MINUTE
  return HOUR
}

export function nextWatch(charge: WatchInput, now = Date.now()): Date | null {
  const since = (date: Date | string | null) => (date ? now - new Date(date).getTime() : Infinity)
  const paidFor = since(charge.paid_at ?? new Date(now))
  if (charge.status === "pending") {
    const interval = pendingInterval(since(charge.created_at ?? new Date(now)))
    if (interval === null) return null
    const expires = charge.expires_at ? new Date(charge.expires_at).getTime() : Infinity
    if (now < expires) return new Date(Math.min(now + interval, expires))
    // Around its expiry and grace, every run: a PIX closes on time (a boleto's grace is days:
    // hourly after).
    if (now < expires + ((charge.grace_minutes ?? 10) + 5) * MINUTE) return null
    return new Date(now + interval)
  }
  if (charge.status === "paid" && paidFor < 30 * DAY) return new Date(now + 6 * HOUR)
  if (charge.status === "paid" && charge.method === "credit_card" && paidFor < 180 * DAY) {
    return new Date(now + DAY)
  }
  if (charge.status === "disputed" && paidFor < 120 * DAY) return new Date(now + DAY)
  if (
    charge.status === "cancelled" &&
    charge.gateway_status === "pending" &&
    // A boleto is cancelled only after its grace (up to 30 business days past its due date).
    since(charge.expires_at) < (charge.method === "boleto" ? 50 : 7) * DAY
  ) {
    return new Date(now + HOUR)
  }
  return null
}
