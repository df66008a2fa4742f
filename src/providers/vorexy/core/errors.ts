/**
 * Every error the providers raise is built here, so the shopper and the admin read one consistent,
 * specific message. Gateway failures during checkout are payment-authorisation errors (Medusa
 * answers the cart with the message and the shopper can retry with the same Idempotency-Key);
 * invalid payer data is invalid data (400).
 */
import { MedusaError } from "@medusajs/framework/utils"
import { formatBRL, VorexyError } from "../../../gateway"
import { MAX_DATA_CHARACTERS, MAX_DATA_VALUES } from "./data-size"
import { MAX_DEPTH, TOO_DEEP } from "./raw-card"

/** A gateway's text shown to a shopper: one printable line, bounded. */
const printable = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- control characters are exactly what it strips
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ")
    .trim()
    .slice(0, 200)

/** Paths named after a storefront's keys: a few, each cut short (they are shopper input). */
const shortPaths = (paths: string[]) => {
  const shown = paths.slice(0, 5).map((p) => printable(p.length > 60 ? `${p.slice(0, 60)}…` : p))
  return paths.length > 5 ? [...shown, `${paths.length - 5} more`] : shown
}

export type MethodLabel = "PIX" | "boleto" | "card"

/** The errors of one payment method, each message starting with its name ("Vorexy boleto: …"). */
export function errorsFor(label: MethodLabel) {
  const who = `Vorexy ${label}`
  return {
    invalidPayer(problems: string[]) {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        // Each quotes shopper input: one line each, never a forged log line.
        `${who}: invalid payer data: ${problems.map(printable).join("; ")}.`
      )
    },
    payerMissing(missing: string[]) {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${who}: the payer's ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} required to create the charge: send them in the payment session data (name, email, document, phone) or sign in.`
      )
    },
    payerUnreadable() {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${who}: the payer data of this payment session cannot be read (it is missing, or the store's signing secret, by default its API key, changed since without the old one in previousSigningSecrets); start the payment again.`
      )
    },
    currency(currency: string) {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${who} only accepts BRL, not ${currency.toUpperCase()}.`
      )
    },
    amountMismatch(transactionId: string, paidCents: number | undefined, expectedCents: number) {
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${who}: transaction ${transactionId} reports ${paidCents === undefined ? "no amount" : formatBRL(paidCents)} paid but the payment is ${formatBRL(expectedCents)}; it was not captured. Check the charge in the Vorexy panel.`
      )
    },
    notPaid(transactionId: string, status: string) {
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${who}: transaction ${transactionId} is not paid (gateway status ${status}); it is captured automatically once the shopper pays.`
      )
    },
    alreadyPaid(transactionId: string) {
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${who}: transaction ${transactionId} is already paid and Vorexy has no cancel call; refund it in the Vorexy panel instead.`
      )
    },
    refundInPanel(transactionId: string, status: string) {
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${who}: Vorexy has no refund API. Refund transaction ${transactionId} in the Vorexy panel; the refund is recorded here once the gateway reports it refunded (now: ${status}).`
      )
    },
    notBound(transactionId: string) {
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${who}: transaction ${transactionId} was not created for this payment session; it is not acted on.`
      )
    },
    payerLocked() {
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${who}: the payer cannot change after the charge was created; start the payment again.`
      )
    },

    boletoNeeds(missing: string[]) {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${who}: a boleto needs the payer's ${missing.join("; ")}. Complete them and choose boleto again.`
      )
    },
    cardOff() {
      return new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${who}: card payments are not set up in this store (the provider needs cardPublicKey and cardTokenScriptUrl).`
      )
    },
    cardTokenMissing() {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${who}: send the card as a token (data.card_token) made in the browser with the gateway's script; a card number is never accepted.`
      )
    },
    dataTooLarge() {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${who}: the payment session data is too large (at most ${MAX_DATA_CHARACTERS / 1024} KB of text in ${MAX_DATA_VALUES} values): send only the payer, the card token and the installments. Nothing was stored.`
      )
    },
    rawCard(fields: string[]) {
      if (fields.includes(TOO_DEEP)) {
        return new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `${who}: the payment session data is nested too deeply to be accepted (at most ${MAX_DEPTH} levels). Nothing was stored.`
        )
      }
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${who}: card details (${shortPaths(fields).join(", ")}) must never be sent to the store: tokenise the card in the browser with the gateway's script and send only data.card_token. Nothing was stored.`
      )
    },
    /** The cart's address (attached by the store route) holds a card number or a card field. */
    cardInAddress(fields: string[]) {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${who}: the cart's address (${shortPaths(fields).join(", ")}) holds what reads as card details: a card never belongs in an address. Correct the address and choose the payment method again. Nothing was stored.`
      )
    },
    installments(most: number, minCents: number) {
      return new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `${who}: installments must be a whole number from 1 to ${most} for this cart (each installment at least ${formatBRL(minCents)}).`
      )
    },
    /** Paid at the gateway with another amount: no order; the charge is recorded and flagged. */
    cardAmountMismatch(paidCents: number | undefined, expectedCents: number) {
      return new MedusaError(
        MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
        `Your card payment came back as ${paidCents === undefined ? "an unknown amount" : formatBRL(paidCents)} instead of ${formatBRL(expectedCents)}, so the order was not placed. The store has been alerted to refund it; please contact the store before paying again.`
      )
    },
    cardRefused(reason: string | null) {
      return new MedusaError(
        MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
        `Your card was declined${reason ? `: ${printable(reason)}` : ""}. Nothing was charged: try another card or another payment method.`
      )
    },

    /**
     * Maps a gateway failure to what the shopper (checkout) or the admin (other actions) should
     * read. The original stays on it as its (unlisted) `cause`: a gateway that refuses connections
     * must be told from a database that does (workflows/utils/busy.ts).
     */
    fromGateway(error: unknown, action: string, checkout: boolean): MedusaError {
      if (error instanceof MedusaError) return error
      const mapped = this.mapGateway(error, action, checkout)
      Object.defineProperty(mapped, "cause", { value: error, enumerable: false })
      return mapped
    },

    mapGateway(error: unknown, action: string, checkout: boolean): MedusaError {
      if (!(error instanceof VorexyError)) {
        return new MedusaError(
          MedusaError.Types.UNEXPECTED_STATE,
          `${who}: ${action} failed: ${(error as Error)?.message ?? error}`
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
            `${who}: ${action} refused before sending${reason}.`
          )
        case "authentication":
          return new MedusaError(
            type,
            `${who} is not available: the store's Vorexy credentials were refused${status}. Please try again later or choose another payment method.`
          )
        case "validation":
        case "refused":
          return new MedusaError(type, `${who}: Vorexy refused to ${action}${reason}${status}.`)
        case "conflict":
          return new MedusaError(
            MedusaError.Types.CONFLICT,
            `${who}: this payment was already sent to Vorexy with different details${reason}; start the payment again.`
          )
        case "rate_limited":
        case "unavailable":
          // The charge may have been made: the card must not be entered again (a new session
          // would charge it twice); completing again replays the same attempt.
          if (label === "card" && checkout) {
            return new MedusaError(
              type,
              `${who}: we could not confirm your card payment: Vorexy did not answer${status}. Do not enter your card again: place the order again to check it (this never charges the card twice).`
            )
          }
          return new MedusaError(
            type,
            `${who}: could not ${action}: Vorexy is unavailable right now${reason}${status}. Please try again in a moment; retrying never charges twice.`
          )
        case "not_found":
          return new MedusaError(
            MedusaError.Types.NOT_FOUND,
            `${who}: Vorexy does not know this transaction${reason}.`
          )
        case "protocol":
          return new MedusaError(
            type,
            `${who}: could not ${action}: Vorexy sent an unexpected response${reason}${status}.`
          )
      }
    },
  }
}

export const errors = errorsFor("PIX")
