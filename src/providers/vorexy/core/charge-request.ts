/**
 * The create-transaction request for a session's charge. The Idempotency-Key comes from the session
 * id and the amount, so a retry, a double click or two concurrent completions make one charge, and
 * a new amount (a new session state) makes a new one.
 */
import type { CreateTransactionRequest } from "../../../gateway"
import type { Payer } from "./payer"
import type { VorexySessionData } from "./session-data"

export type PaymentMethod = CreateTransactionRequest["paymentMethod"]

export const chargeIdempotencyKey = (sessionId: string, amountCents: number) =>
  `tx_${sessionId}_${amountCents}`

export type ChargeRequestInput = {
  sessionId: string
  session: Partial<VorexySessionData> & { amount_cents: number }
  payer: Payer
  /** The payer's IPv4 as Medusa saw it (sealed with the payer), if known. */
  ip?: string | null
  paymentMethod: PaymentMethod
  pixExpiresInDays: number
}

export function buildChargeRequest({
  sessionId,
  session,
  payer,
  ip,
  paymentMethod,
  pixExpiresInDays,
}: ChargeRequestInput): CreateTransactionRequest {
  return {
    amount: session.amount_cents,
    currency: "BRL",
    paymentMethod,
    installments: 1,
    customer: {
      name: payer.name,
      email: payer.email,
      ...(payer.document ? { document: payer.document } : {}),
      ...(payer.phone ? { phone: payer.phone } : {}),
      externalRef: sessionId,
    },
    ...(paymentMethod === "PIX" ? { pix: { expiresInDays: pixExpiresInDays } } : {}),
    ...(ip ? { ip } : {}),
    ...(session.items?.length
      ? {
          items: session.items.map((i) => ({
            title: i.title,
            unitPrice: i.unit_price_cents,
            quantity: i.quantity,
            tangible: i.tangible,
          })),
        }
      : {}),
  }
}
