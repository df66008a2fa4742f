/** Which face a payment view shows (also its root's `data-state`), from the status route's answer. */
import { storeAwaits } from "./follower.js"
import { secondsLeft } from "./format.js"
import type { VorexyPaymentStatus, VorexyViewState } from "./types.js"

/**
 * `storeNow`: the store's time (ms), when the page has a clock; a PIX whose countdown reached zero
 * before the server said so offers nothing more. The view and its root read it alike. A boolean
 * (as 0.1.x took it): whether the countdown already reached zero.
 */
export function viewState(
  status: VorexyPaymentStatus,
  storeNow: number | boolean | null = null
): VorexyViewState {
  const clockExpired =
    typeof storeNow === "boolean"
      ? storeNow
      : status.method === "pix" &&
        Boolean(status.expires_at) &&
        storeNow !== null &&
        secondsLeft(status.expires_at!, storeNow) === 0
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
  // Awaited by the store though nothing can be paid any more (the gateway closed it at its
  // expiry): a payment made in time may still be confirmed.
  if (storeAwaits(status)) return "closing"
  if (status.status === "failed") return "failed"
  if (status.closed_reason === "order_canceled" || status.status === "refunded") return "cancelled"
  return "expired"
}
