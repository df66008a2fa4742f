/**
 * What the status route answers of a charge row: its state for the storefront and, from
 * `charge-facts`, the facts the storefront may read (never one declared for the admin alone).
 */
import { storefrontFacts } from "../../../../charge-facts"
import type { VorexyChargeRow } from "../../../../modules/vorexy/types"
import { closingAtGateway } from "../../../../gateway"

type Charge = VorexyChargeRow

/**
 * Why the store cannot confirm this payment, for the shopper: its gateway does not know it (404s;
 * rules/unknown-charge.ts), it was paid but its cart produced no order (the store must refund it
 * or make the order), or a payment came that the store must look at before anything else: of
 * another amount (a boleto paid late with its fine), or after the charge or its order was closed.
 * Then nothing is offered to pay again. Null: nothing stands in the way.
 */
export function unconfirmedReason(charge: Charge) {
  // Only while no order holds it (the flag can be set while the shopper's checkout still runs).
  if (charge.flag === "paid_without_order" && !charge.order_id) return "paid_without_order"
  if ((charge.flag === "amount_mismatch" || charge.flag === "late_payment") && !charge.captured_at)
    return charge.flag
  return charge.status === "pending" && charge.gateway_unknown_at ? "unknown_at_gateway" : null
}

/**
 * An order's (or session's) newest charge: the one its shopper pays now; once one was captured
 * into the order, that one (even an older one a renewal had replaced).
 */
export const newestOf = (charges: Charge[]): Charge | undefined => {
  const newest = [...charges].sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at))
  return newest.find((charge) => charge.captured_at) ?? newest[0]
}

/** The charge as the storefront reads it (`payment_status`). */
export function paymentStatusView(
  charge: Charge,
  captured: boolean,
  renewal: { until: string; left: number } | null = null,
  now = new Date()
) {
  const unconfirmed = unconfirmedReason(charge)
  // The QR is only useful while the charge can still be paid (not once its order was cancelled,
  // nor once the store could not confirm it: a payment would not be seen).
  // Medusa holds a capture, whatever the row's status says (a sync that failed after capturing
  // puts its status back to pending until the next one): paid, nothing more to pay.
  const capturedPending = captured && charge.status === "pending"
  const closing = closingAtGateway(charge) && !capturedPending
  const payable =
    charge.status === "pending" &&
    !capturedPending &&
    !charge.offer_closed_at &&
    !unconfirmed &&
    !closing
  return {
    order_id: charge.order_id,
    payment_session_id: charge.payment_session_id,
    transaction_id: charge.transaction_id,
    method: charge.method,
    status: charge.status,
    paid: charge.status === "paid" || capturedPending,
    /** Medusa has captured it: the order is paid in the store, its own pages say so. */
    order_captured: captured,
    amount_cents: charge.amount_cents,
    currency_code: charge.currency_code,
    payable,
    /** Cancelled by the gateway at its expiry, still awaited through its grace (nothing to pay). */
    closing,
    closed_reason: charge.offer_closed_reason,
    unconfirmed_reason: unconfirmed,
    // The QR, what the method adds (a boleto to pay only while payable; the card), the expiry.
    ...storefrontFacts(charge, payable),
    paid_at: charge.paid_at,
    /**
     * A lapsed PIX or boleto whose order may get a new one (POST …/orders/:id/renew-charge) until
     * then, and how many more it may get; null otherwise.
     */
    renewable_until: renewal?.until ?? null,
    renewals_left: renewal?.left ?? null,
    updated_at: charge.updated_at,
    /** The store's clock: a page counts the expiry down on it, not on the shopper's device. */
    server_time: now.toISOString(),
  }
}
