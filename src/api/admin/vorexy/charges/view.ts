import { adminColumns, adminDetails } from "../../../../charge-facts"
import { centsToMajor } from "../../../../gateway"
import type { VorexyChargeRow } from "../../../../modules/vorexy/types"

/**
 * A charge as the admin API shows it; of its facts, those `charge-facts` declares for the admin
 * (the expiry and what the method adds, no QR: the admin does not need it).
 */
export function chargeView(c: VorexyChargeRow) {
  return {
    id: c.id,
    transaction_id: c.transaction_id,
    order_id: c.order_id,
    payment_session_id: c.payment_session_id,
    method: c.method,
    status: c.status,
    gateway_status: c.gateway_status,
    amount_cents: c.amount_cents,
    amount: centsToMajor(c.amount_cents),
    paid_amount_cents: c.paid_amount_cents,
    ...adminColumns(c),
    paid_at: c.paid_at,
    details: adminDetails(c),
    flag: c.flag,
    flag_detail: c.flag_detail,
    /** No longer offered to the shopper: its order cancelled, or a new charge replaced it. */
    offer_closed_reason: c.offer_closed_reason,
    /** When it was marked unknown at the gateway (404s), whatever its flag; null: not marked. */
    gateway_unknown_at: c.gateway_unknown_at,
    not_found_reads: c.not_found_reads,
    last_synced_at: c.last_synced_at,
    created_at: c.created_at,
  }
}
