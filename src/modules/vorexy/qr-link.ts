/**
 * Links to a PIX charge's QR image for e-mails (clients block data URLs): the charge id and a
 * signature under a key derived from the API key, so the link cannot be guessed or made for
 * another charge. The route serves the image only while the charge can be paid.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto"

export class QrLinks {
  private readonly key: Buffer

  constructor(apiKey: string) {
    this.key = Buffer.from(hkdfSync("sha256", apiKey, "medusa-payment-vorexy", "qr-link-v1", 32))
  }

  private signature(chargeId: string) {
    return createHmac("sha256", this.key).update(chargeId).digest("base64url").slice(0, 32)
  }

  /** The path of the charge's QR image, under the store's public URL. */
  path(chargeId: string) {
    return `/vorexy/qr/${chargeId}.${this.signature(chargeId)}.png`
  }

  /** The charge id a file name names, when its signature holds. */
  chargeIdOf(file: string): string | null {
    const match = /^(vxch_[0-9A-Za-z]{1,64})\.([A-Za-z0-9_-]{32})\.png$/.exec(file)
    if (!match) return null
    const expected = Buffer.from(this.signature(match[1]))
    const given = Buffer.from(match[2])
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null
  }
}
