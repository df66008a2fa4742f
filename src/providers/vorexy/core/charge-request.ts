/**
 * The create-transaction request for a session's charge. The Idempotency-Key comes from the session
 * id and the amount, so a retry, a double click or two concurrent completions make one charge, and
 * a new amount (a new session state) makes a new one.
 */
import type { CreateTransactionRequest } from "../../../gateway"
import type { VorexyOptions } from "../options"
import { chargeItems } from "./charge-items"
import type { ChargeMethod } from "./methods/types"
import type { Payer, SealedPayer } from "./payer"
import type { VorexySessionData } from "./session-data"

export type PaymentMethod = CreateTransactionRequest["paymentMethod"]

/** A renewal ("Gerar novo PIX") is a new charge: its number joins the key. */
export const chargeIdempotencyKey = (sessionId: string, amountCents: number, renewal = 0) =>
  `tx_${sessionId}_${amountCents}${renewal > 0 ? `_r${renewal}` : ""}`

export type ChargeRequestInput = {
  sessionId: string
  session: Partial<VorexySessionData> & { amount_cents: number }
  payer: SealedPayer & Payer
  method: ChargeMethod
  options: VorexyOptions
}

export function buildChargeRequest({
  sessionId,
  session,
  payer,
  method,
  options,
}: ChargeRequestInput): CreateTransactionRequest {
  // Items plus shipping add up to the amount, as the gateway requires (charge-items.ts); a card's
  // installment interest is an item of its own, so the order's lines still add up to the order.
  const interest = session.interest_cents ?? 0
  const { items, fee } = chargeItems(
    session.items,
    session.shipping_fee_cents ?? 0,
    session.amount_cents - interest
  )
  if (interest > 0)
    items.push({
      title: `Juros do parcelamento (${session.installments ?? 1}x)`,
      unitPrice: interest,
      quantity: 1,
      tangible: false,
    })
  return {
    amount: session.amount_cents,
    currency: "BRL",
    paymentMethod: method.paymentMethod,
    customer: {
      name: payer.name,
      email: payer.email,
      ...(payer.document ? { document: payer.document } : {}),
      ...(payer.phone ? { phone: payer.phone } : {}),
      ...(payer.address ? { address: payer.address } : {}),
      externalRef: sessionId,
    },
    items,
    ...(fee || payer.shipping_address
      ? {
          shipping: {
            fee,
            ...(payer.shipping_address ? { address: payer.shipping_address } : {}),
          },
        }
      : {}),
    ...(payer.ip ? { ip: payer.ip } : {}),
    ...method.requestFields(payer, session, options),
  }
}
