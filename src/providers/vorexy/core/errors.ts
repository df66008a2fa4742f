/**
 * Every error the providers raise is built here, so the shopper and the admin read one consistent,
 * specific message. Gateway failures during checkout are payment-authorisation errors (Medusa
 * answers the cart with the message and the shopper can retry with the same Idempotency-Key);
 * invalid payer data is invalid data (400).
 */
import { MedusaError } from "@medusajs/framework/utils"
import { formatBRL, VorexyError } from "../../../gateway"

const PIX = "Vorexy PIX"

export const errors = {
  invalidPayer(problems: string[]) {
    return new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${PIX}: invalid payer data: ${problems.join("; ")}.`
    )
  },
  payerMissing(missing: string[]) {
    return new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${PIX}: the payer's ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} required to create the charge: send them in the payment session data (name, email, document, phone) or sign in.`
    )
  },
  payerUnreadable() {
    return new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${PIX}: the payer data of this payment session cannot be read (it is missing, or the store's API key changed since); start the payment again.`
    )
  },
  currency(currency: string) {
    return new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${PIX} only accepts BRL, not ${currency.toUpperCase()}.`
    )
  },
  amountMismatch(transactionId: string, paidCents: number | undefined, expectedCents: number) {
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `${PIX}: transaction ${transactionId} reports ${paidCents === undefined ? "no amount" : formatBRL(paidCents)} paid but the payment is ${formatBRL(expectedCents)}; it was not captured. Check the charge in the Vorexy panel.`
    )
  },
  notPaid(transactionId: string, status: string) {
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `${PIX}: transaction ${transactionId} is not paid (gateway status ${status}); a PIX payment is captured automatically when the shopper pays.`
    )
  },
  alreadyPaid(transactionId: string) {
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `${PIX}: transaction ${transactionId} is already paid and Vorexy has no cancel call; refund it in the Vorexy panel instead.`
    )
  },
  refundInPanel(transactionId: string, status: string) {
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `${PIX}: Vorexy has no refund API. Refund transaction ${transactionId} in the Vorexy panel; the refund is recorded here once the gateway reports it refunded (now: ${status}).`
    )
  },
  notBound(transactionId: string) {
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `${PIX}: transaction ${transactionId} was not created for this payment session; it is not acted on.`
    )
  },
  payerLocked() {
    return new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `${PIX}: the payer cannot change after the PIX charge was created; start the payment again.`
    )
  },

  /** Maps a gateway failure to what the shopper (checkout) or the admin (other actions) should read. */
  fromGateway(error: unknown, action: string, checkout: boolean): MedusaError {
    if (error instanceof MedusaError) return error
    if (!(error instanceof VorexyError)) {
      return new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `${PIX}: ${action} failed: ${(error as Error)?.message ?? error}`
      )
    }
    const status = error.status ? ` (HTTP ${error.status})` : ""
    const reason = error.gatewayMessage ? `: ${error.gatewayMessage}` : ""
    const type = checkout
      ? MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR
      : MedusaError.Types.UNEXPECTED_STATE
    switch (error.kind) {
      case "request_invalid":
        return new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `${PIX}: ${action} refused before sending${reason}.`
        )
      case "authentication":
        return new MedusaError(
          type,
          `${PIX} is not available: the store's Vorexy credentials were refused${status}. Please try again later or choose another payment method.`
        )
      case "validation":
      case "refused":
        return new MedusaError(type, `${PIX}: Vorexy refused to ${action}${reason}${status}.`)
      case "conflict":
        return new MedusaError(
          MedusaError.Types.CONFLICT,
          `${PIX}: this payment was already sent to Vorexy with different details${reason}; start the payment again.`
        )
      case "rate_limited":
      case "unavailable":
        return new MedusaError(
          type,
          `${PIX}: could not ${action}: Vorexy is unavailable right now${reason}${status}. Please try again in a moment; retrying never charges twice.`
        )
      case "not_found":
        return new MedusaError(
          MedusaError.Types.NOT_FOUND,
          `${PIX}: Vorexy does not know this transaction${reason}.`
        )
      case "protocol":
        return new MedusaError(
          type,
          `${PIX}: could not ${action}: Vorexy sent an unexpected response${reason}${status}.`
        )
    }
  },
}
