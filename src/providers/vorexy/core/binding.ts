/**
 * The signing keyring's one signer, and what it binds. `KeyringMac` signs a text under a key
 * derived from the first secret of the keyring, one key per purpose, and verifies against every
 * secret (earlier ones still verify after a rotation): charge bindings here, the e-mails' QR links
 * and the order tokens (modules/vorexy) all sign through it.
 *
 * `ChargeBinding` binds a gateway charge to the payment session that created it. Session data is
 * shown to anyone holding the cart or order id, so a transaction id in it proves nothing by itself:
 * the provider signs (session, transaction, amount, company), and every step that acts on a charge
 * (authorize, capture, refund, recording it) checks the signature.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto"

export type BoundCharge = {
  session_id: string
  transaction_id: string
  amount_cents: number
  company_id: number | string | null
}

export class KeyringMac {
  private readonly keys: Buffer[]

  /**
   * `secrets`: the signing keyring (options' signingSecrets), the secret that signs first.
   * `purpose`: names the derived key, so one purpose's signature never holds for another.
   * `length`: characters of the base64url MAC kept (all 43 by default).
   */
  constructor(
    secrets: string | string[],
    purpose: string,
    private readonly length?: number
  ) {
    this.keys = (Array.isArray(secrets) ? secrets : [secrets]).map((secret) =>
      Buffer.from(hkdfSync("sha256", secret, "medusa-payment-vorexy", purpose, 32))
    )
  }

  private macWith(key: Buffer, text: string) {
    const mac = createHmac("sha256", key).update(text).digest("base64url")
    return this.length ? mac.slice(0, this.length) : mac
  }

  sign(text: string): string {
    return this.macWith(this.keys[0], text)
  }

  /** True only for a MAC one of the keyring's secrets made for exactly this text. */
  verify(text: string, mac: unknown): boolean {
    if (typeof mac !== "string") return false
    const given = Buffer.from(mac)
    return this.keys.some((key) => {
      const expected = Buffer.from(this.macWith(key, text))
      return given.length === expected.length && timingSafeEqual(given, expected)
    })
  }
}

const factsText = (charge: BoundCharge) =>
  JSON.stringify([
    charge.session_id,
    charge.transaction_id,
    String(charge.amount_cents),
    charge.company_id === null ? "" : String(charge.company_id),
  ])

export class ChargeBinding {
  private readonly mac: KeyringMac

  /** `secrets`: the signing keyring, the secret that signs first (options' signingSecrets). */
  constructor(secrets: string | string[]) {
    this.mac = new KeyringMac(secrets, "charge-binding-v1")
  }

  sign(charge: BoundCharge): string {
    return `v1.${this.mac.sign(factsText(charge))}`
  }

  /** True only for a signature one of the keyring's secrets made for exactly these facts. */
  verify(charge: Partial<BoundCharge>, binding: unknown): boolean {
    if (typeof binding !== "string" || !binding.startsWith("v1.")) return false
    if (!charge.session_id || !charge.transaction_id) return false
    if (typeof charge.amount_cents !== "number") return false
    const facts = {
      session_id: charge.session_id,
      transaction_id: charge.transaction_id,
      amount_cents: charge.amount_cents,
      company_id: charge.company_id ?? null,
    }
    return this.mac.verify(factsText(facts), binding.slice(3))
  }
}
