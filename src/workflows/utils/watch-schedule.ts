/**
 * When a charge is next due for a sync of its own (its `next_sync_at`), after a sync that worked:
 * - awaiting payment with an expiry: at its expiry and grace, so it is closed on time (read once
 *   then);
 * - paid but not yet captured into its order, nor flagged: a check-up 2 minutes on (below);
 * - otherwise never (null): a charge awaiting payment without an expiry, a paid or disputed one
 *   within its refund and chargeback window, and one closed here while the gateway still offered
 *   it are watched by the reconcile job's sweeps of the gateway's list
 *   (reconciliation/sweep-plan.ts), and read only when the list shows them changed.
 * A failed sync sets its own time (backoff: rules/backoff.ts).
 */
import { type ChargeStatus, normaliseChargeStatus } from "../../gateway"
import { boletoGraceMinutes } from "./boleto-grace"
import { CAPTURE_CHECK_MS } from "../../rules/timing"

/**
 * Closed by the plugin (its expiry and grace passed, or its order's window) while the gateway
 * still offered it: its last read said awaiting. A payment of it may still complete an open order
 * (plan-charge-sync.ts), so the shopper's look and the recent and open sweeps keep watching it.
 */
export function closedHere(charge: { status: string; gateway_status?: string | null }): boolean {
  return (
    charge.status === "cancelled" &&
    !!charge.gateway_status &&
    normaliseChargeStatus(charge.gateway_status).status === "pending"
  )
}

export type GraceOptions = { expiryGraceMinutes: number; boletoGraceDays: number }
type Expiring = { method?: string | null; expires_at: Date | string | null }

/** How long past its expiry a charge is still awaited: a boleto is paid business days late. */
export function graceMinutes(charge: Expiring, options: GraceOptions): number {
  return charge.method === "boleto" && charge.expires_at
    ? boletoGraceMinutes(charge.expires_at, options.boletoGraceDays)
    : options.expiryGraceMinutes
}

/** When a charge awaiting payment may be closed as expired (null: it does not expire). */
export function closesAt(charge: Expiring, options: GraceOptions): Date | null {
  if (!charge.expires_at) return null
  return new Date(new Date(charge.expires_at).getTime() + graceMinutes(charge, options) * 60_000)
}

export function nextWatch(
  charge: Expiring & {
    status: ChargeStatus
    captured_at?: Date | string | null
    flag?: string | null
  },
  options: GraceOptions,
  now = Date.now()
): Date | null {
  if (charge.status === "paid" && !charge.captured_at && !charge.flag) {
    return new Date(now + CAPTURE_CHECK_MS)
  }
  // A flagged one (paid late, another amount) waits for the admin; the sweeps still watch it.
  if (charge.status === "pending" && charge.flag && charge.flag !== "sync_failing") return null
  return charge.status === "pending" ? closesAt(charge, options) : null
}
