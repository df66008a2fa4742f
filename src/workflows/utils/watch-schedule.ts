/**
 * When a charge is next due for a sync of its own (its `next_sync_at`), after a sync that worked:
 * - awaiting payment with an expiry: at its expiry and grace, so it is closed on time (read once
 *   then, unless a sweep of the gateway's list saw it still awaiting first and closed it);
 * - otherwise never (null): a charge awaiting payment without an expiry, a paid or disputed one
 *   within its refund and chargeback window, and one closed here while the gateway still offered
 *   it are watched by the reconcile job's sweeps of the gateway's list
 *   (reconciliation/sweep-plan.ts), and read only when the list shows them changed.
 * A failed sync sets its own time (backoff: modules/vorexy/backoff.ts).
 */
import type { ChargeStatus } from "../../gateway"
import { boletoGraceMinutes } from "./boleto-grace"

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
  charge: Expiring & { status: ChargeStatus },
  options: GraceOptions
): Date | null {
  return charge.status === "pending" ? closesAt(charge, options) : null
}
