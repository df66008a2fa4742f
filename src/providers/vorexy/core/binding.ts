/**
 * Binds a gateway charge to the payment session that created it. Session data is shown to anyone
 * holding the cart or order id, so a transaction id in it proves nothing by itself: the provider
 * signs (session, transaction, amount, company) under a key derived from the signing secret, and
 * every step that acts on a charge (authorize, capture, refund, recording it) checks the signature
 * against every secret of the keyring (the first signs; earlier ones still verify after a rotation).
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto"

export type BoundCharge = {
  session_id: string
  transaction_id: string
  amount_cents: number
  company_id: number | string | null
}

const keyFor = (secret: string) =>
  Buffer.from(hkdfSync("sha256", secret, "medusa-payment-vorexy", "charge-binding-v1", 32))

export class ChargeBinding {
  private readonly keys: Buffer[]

  /** `secrets`: the signing keyring, the secret that signs first (options' signingSecrets). */
  constructor(secrets: string | string[]) {
    this.keys = (Array.isArray(secrets) ? secrets : [secrets]).map(keyFor)
  }

  private signWith(key: Buffer, charge: BoundCharge): string {
    const fields = [
      charge.session_id,
      charge.transaction_id,
      String(charge.amount_cents),
      charge.company_id === null ? "" : String(charge.company_id),
    ]
    const mac = createHmac("sha256", key).update(JSON.stringify(fields)).digest("base64url")
    return `v1.${mac}`
  }

  sign(charge: BoundCharge): string {
    return this.signWith(this.keys[0], charge)
  }

  /** True only for a signature one of the keyring's secrets made for exactly these facts. */
  verify(charge: Partial<BoundCharge>, binding: unknown): boolean {
    if (typeof binding !== "string" || !charge.session_id || !charge.transaction_id) return false
    if (typeof charge.amount_cents !== "number") return false
    const facts = {
      session_id: charge.session_id,
      transaction_id: charge.transaction_id,
      amount_cents: charge.amount_cents,
      company_id: charge.company_id ?? null,
    }
    const given = Buffer.from(binding)
    return this.keys.some((key) => {
      const expected = Buffer.from(this.signWith(key, facts))
      return given.length === expected.length && timingSafeEqual(given, expected)
    })
  }
}
