/**
 * Links to a PIX charge's QR image for e-mails (clients block data URLs): the charge id and a
 * signature made with the signing keyring, so the link cannot be guessed or made for another
 * charge. The route serves the image only while the charge can be paid.
 */
import { KeyringMac } from "../../providers/vorexy/core/binding"

export class QrLinks {
  private readonly mac: KeyringMac

  /** `secrets`: the signing keyring; links are made with the first, any one verifies them. */
  constructor(secrets: string | string[]) {
    this.mac = new KeyringMac(secrets, "qr-link-v1", 32)
  }

  /** The path of the charge's QR image, under the store's public URL. */
  path(chargeId: string) {
    return `/vorexy/qr/${chargeId}.${this.mac.sign(chargeId)}.png`
  }

  /** The charge id a file name names, when its signature holds (links sent before a rotation too). */
  chargeIdOf(file: string): string | null {
    const match = /^(vxch_[0-9A-Za-z]{1,64})\.([A-Za-z0-9_-]{32})\.png$/.exec(file)
    return match && this.mac.verify(match[1], match[2]) ? match[1] : null
  }
}
