import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { installmentTerms } from "../../installments"
import { maxInstallmentsFor } from "../../options"
import { errorsFor } from "../errors"
import type { ChargeMethod } from "./types"

const errors = errorsFor("card")

/** How long a card in the gateway's analysis may keep its order waiting. */
export const CARD_DECISION_DAYS = 3

/**
 * CREDIT_CARD: the storefront tokenises the card in the browser with the gateway's script and
 * sends only `card_token` (and `installments`); the token is sealed, never shown. Installments
 * above the store's interest-free ones charge the total with interest (`installments.ts`). Authorised at
 * once: paid is captured with the order, a refusal fails the checkout with the issuer's reason and
 * leaves the cart payable, an analysis waits like PIX.
 */
export const cardMethod: ChargeMethod<"credit_card"> = {
  label: "card",
  paymentMethod: "CREDIT_CARD",
  readInput({ data, amountCents, options }) {
    if (!options.cardPublicKey || !options.cardTokenScriptUrl) throw errors.cardOff()
    const token = data?.card_token
    if (typeof token !== "string" || token.trim().length < 8 || token.length > 4096) {
      throw errors.cardTokenMissing()
    }
    const installments = data?.installments ?? 1
    const most = maxInstallmentsFor(amountCents, options)
    if (
      !Number.isInteger(installments) ||
      (installments as number) < 1 ||
      (installments as number) > most
    ) {
      throw errors.installments(most, options.minInstallmentCents)
    }
    const terms = installmentTerms(amountCents, installments as number, options)
    return {
      shown: { installments: terms.installments, interest_cents: terms.interest_cents },
      sealed: { card_token: token.trim() },
      chargedCents: terms.total_cents,
    }
  },
  charged(orderCents, session, options) {
    // A new cart total keeps the shopper's split (fewer, when the smallest installment no longer
    // allows it), with its interest worked out again.
    const installments = Math.min(
      session.installments ?? 1,
      maxInstallmentsFor(orderCents, options)
    )
    const terms = installmentTerms(orderCents, installments, options)
    return {
      cents: terms.total_cents,
      shown: { installments, interest_cents: terms.interest_cents },
    }
  },
  requestFields(payer, session) {
    return { installments: session.installments ?? 1, card: { hash: payer.card_token ?? "" } }
  },
  async outcome(created, session) {
    const card = created.card ?? {}
    const facts = {
      card_brand: card.brand ?? null,
      card_last4: card.lastDigits?.slice(-4) ?? null,
      installments: card.installments ?? session.installments ?? 1,
      interest_cents: session.interest_cents ?? 0,
      refused_reason: card.refusedReason ?? null,
      expires_at: null,
    }
    switch (created.status.status) {
      case "paid":
        if (created.amountCents !== undefined && created.amountCents !== session.amount_cents) {
          return { status: PaymentSessionStatus.ERROR, facts, amountMismatch: true }
        }
        return { status: PaymentSessionStatus.CAPTURED, facts }
      case "pending":
        // An analysis (or a status the table does not know) never holds an order forever: past
        // this deadline the order is cancelled like an expired PIX, and a later approval flagged.
        return {
          status: PaymentSessionStatus.PENDING_AUTHORIZATION,
          facts: {
            ...facts,
            expires_at: new Date(Date.now() + CARD_DECISION_DAYS * 86_400_000).toISOString(),
          },
        }
      default:
        return { status: PaymentSessionStatus.ERROR, facts }
    }
  },
}
