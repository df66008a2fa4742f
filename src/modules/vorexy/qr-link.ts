/**
 * Links to a PIX charge's QR image for e-mails (clients block data URLs): the charge id and a
 * signature under a key derived from the signing secret, so the link cannot be guessed or made for
 * another charge. The route serves the image only while the charge can be paid.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto"

export class QrLinks {
  private readonly keys: Buffer[]

  /** `secrets`: the signing keyring; links are made with the first, any one verifies them. */
  constructor(secrets: string | string[]) {
    this.keys = (Array.isArray(secrets) ? secrets : [secrets]).map((secret) =>
      Buffer.from(hkdfSync("sha256", secret, "medusa-payment-vorexy", "qr-link-v1", 32))
    )
  }

  private signature(key: Buffer, chargeId: string) {
    return createHmac("sha256", key).update(chargeId).digest("base64url").slice(0, 32)
  }

  /** The path of the charge's QR image, under the store's public URL. */
  path(chargeId: string) {
    return `/vorexy/qr/${chargeId}.${this.signature(this.keys[0], chargeId)}.png`
  }

  /** The charge id a file name names, when its signature holds (links sent before a rotation too). */
  chargeIdOf(file: string): string | null {
    const match = /^(vxch_[0-9A-Za-z]{1,64})\.([A-Za-z0-9_-]{32})\.png$/.exec(file)
    if (!match) return null
    const given = Buffer.from(match[2])
    const holds = this.keys.some((key) => {
      const expected = Buffer.from(this.signature(key, match[1]))
      return expected.length === given.length && timingSafeEqual(expected, given)
    })
    return holds ? match[1] : null
  }
}
