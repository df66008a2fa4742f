/** Which face a payment view shows (also its root's `data-state`), from the status route's answer. */
import type { VorexyPaymentStatus, VorexyViewState } from "./types.js"

/** `clockExpired`: the countdown reached zero before the server said so. */
export function viewState(status: VorexyPaymentStatus, clockExpired = false): VorexyViewState {
  // The store could not confirm it (its gateway does not know the charge), or it was paid but no
  // order came of it: the shopper asks the store, never reads "paid, thank you".
  if (status.unconfirmed_reason) return "unconfirmed"
  if (status.paid) return "paid"
  if (status.method === "credit_card") {
    if (status.status === "failed") return "refused"
    if (status.status === "pending") return "analysis"
    return "cancelled"
  }
  if (status.payable && !clockExpired) return "pending"
  // Its time is up, but the store has not closed it yet: a payment made in the last moments may
  // still be confirmed. Nothing to pay, nothing new offered, until the store says.
  if (status.payable) return "closing"
  if (status.status === "failed") return "failed"
  if (status.closed_reason === "order_canceled" || status.status === "refunded") return "cancelled"
  return "expired"
}
