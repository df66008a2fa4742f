/**
 * When the reconcile job looks at a charge again, after a sync that worked:
 * - pending: on every run (null: always due);
 * - paid, not refunded in full, within 30 days of payment: every 6 hours, so a refund made in the
 *   Vorexy panel whose webhook was lost is still recorded;
 * - closed here as expired while the gateway still said awaiting: hourly for 7 days, so a payment
 *   made late is still caught and flagged;
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
}

export function nextWatch(charge: WatchInput, now = Date.now()): Date | null {
  const since = (date: Date | string | null) => (date ? now - new Date(date).getTime() : Infinity)
  if (charge.status === "paid" && since(charge.paid_at ?? new Date(now)) < 30 * DAY) {
    return new Date(now + 6 * HOUR)
  }
  if (
    charge.status === "cancelled" &&
    charge.gateway_status === "pending" &&
    since(charge.expires_at) < 7 * DAY
  ) {
    return new Date(now + HOUR)
  }
  return null
}
