/**
 * When the reconcile job looks at a charge again, after a sync that worked:
 * - pending: on every run (null: always due);
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
}

export function nextWatch(charge: WatchInput, now = Date.now()): Date | null {
  const since = (date: Date | string | null) => (date ? now - new Date(date).getTime() : Infinity)
  const paidFor = since(charge.paid_at ?? new Date(now))
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
