/**
 * Binds a gateway charge to the payment session that created it. Session data is shown to anyone
 * holding the cart or order id, so a transaction id in it proves nothing by itself: the provider
 * signs (session, transaction, amount, company) under a key derived from the API key, and every
 * step that acts on a charge (authorize, capture, refund, recording it) checks the signature.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto"

export type BoundCharge = {
  session_id: string
  transaction_id: string
  amount_cents: number
  company_id: number | string | null
}

export class ChargeBinding {
  private readonly key: Buffer

  constructor(apiKey: string) {
    this.key = Buffer.from(
      hkdfSync("sha256", apiKey, "medusa-payment-vorexy", "charge-binding-v1", 32)
    )
  }

  sign(charge: BoundCharge): string {
    const fields = [
      charge.session_id,
      charge.transaction_id,
      String(charge.amount_cents),
      charge.company_id === null ? "" : String(charge.company_id),
    ]
    const mac = createHmac("sha256", this.key).update(JSON.stringify(fields)).digest("base64url")
    return `v1.${mac}`
  }

  /** True only for the signature this key made for exactly these facts. */
  verify(charge: Partial<BoundCharge>, binding: unknown): boolean {
    if (typeof binding !== "string" || !charge.session_id || !charge.transaction_id) return false
    if (typeof charge.amount_cents !== "number") return false
    const expected = Buffer.from(
      this.sign({
        session_id: charge.session_id,
        transaction_id: charge.transaction_id,
        amount_cents: charge.amount_cents,
        company_id: charge.company_id ?? null,
      })
    )
    const given = Buffer.from(binding)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }
}
