/**
 * A charge as the plugin records it: the provider's announcement (or the same read from a
 * session's data) with the session's links, and the new row made of it. Its facts (the QR, the
 * expiry, what the method adds) are never named here: their shapes derive from `charge-facts`.
 */
import { rowFacts, storedFromSession } from "../../charge-facts"
import type { ChargeCreatedEvent } from "../../providers/vorexy/core/events"
import type { VorexySessionData } from "../../providers/vorexy/core/session-data"
import { GraceOptions, nextWatch } from "./watch-schedule"

export type ChargeFacts = ChargeCreatedEvent & {
  provider_id: string
  payment_collection_id: string | null
  order_id: string | null
}

/**
 * The charge a session's data holds, as the provider announced it (the caller checks that the
 * session's binding holds: session data is shown to shoppers).
 */
export function chargeFromSession(
  sessionId: string,
  charge: { transaction_id: string; amount_cents: number },
  data: Partial<VorexySessionData>
): ChargeCreatedEvent {
  const method = data.payment_method ?? "pix"
  return {
    payment_session_id: sessionId,
    transaction_id: charge.transaction_id,
    method,
    amount_cents: charge.amount_cents,
    status: data.status ?? "pending",
    gateway_status: data.gateway_status ?? null,
    ...storedFromSession(method, data),
    company_id: data.gateway_company_id == null ? null : String(data.gateway_company_id),
  }
}

/**
 * A new charge row from the facts. `syncedAt`: when they were known, on the database's clock (unused,
 * and may be null, for a charge still pending).
 */
export function chargeRow(fact: ChargeFacts, syncedAt: Date | null, options: GraceOptions) {
  const expiring = { ...fact, expires_at: fact.expires_at ?? null }
  return {
    transaction_id: fact.transaction_id,
    payment_session_id: fact.payment_session_id,
    payment_collection_id: fact.payment_collection_id,
    order_id: fact.order_id,
    provider_id: fact.provider_id,
    method: fact.method,
    amount_cents: fact.amount_cents,
    status: fact.status,
    gateway_status: fact.gateway_status,
    ...rowFacts(fact),
    company_id: fact.company_id,
    // Recording is not a read: an awaiting charge has read nothing yet, so no webhook is taken as
    // answered by it (read-rule.ts). A charge settled at creation (a card) is known as of now.
    last_synced_at: fact.status === "pending" ? null : syncedAt,
    // Due when it may be closed as expired (watch-schedule.ts).
    next_sync_at: nextWatch(expiring, options),
    // A card paid at checkout: its payment.
    ...(fact.status === "paid" ? { paid_at: syncedAt, paid_amount_cents: fact.amount_cents } : {}),
  }
}
