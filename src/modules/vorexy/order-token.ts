/**
 * An order's token: what lets whoever holds it act on the order from the storefront (a new PIX or
 * boleto), beside the order's logged-in customer. The order id alone only reads: it travels in
 * links meant to be forwarded. The token travels in the order page links of the shopper's e-mails
 * and never in session data nor anything the Store API's order route returns. Signed with the
 * keyring, so a rotation keeps old links working while the old secret stays in the list.
 */
import { KeyringMac } from "../../providers/vorexy/core/binding"

/** The query parameter of the order page link that carries it. */
export const ORDER_TOKEN_PARAM = "vorexy_token"

const TOKEN = /^v1\.[A-Za-z0-9_-]{32}$/

export class OrderTokens {
  private readonly mac: KeyringMac
  private readonly clients: KeyringMac

  /** `secrets`: the signing keyring; tokens are made with the first, any one verifies them. */
  constructor(secrets: string | string[]) {
    this.mac = new KeyringMac(secrets, "order-token-v1", 32)
    this.clients = new KeyringMac(secrets, "renewal-client-v1", 22)
  }

  /**
   * The name a client's renewal counter is kept under: keyed, so an address (personal data) cannot
   * be read back from it by trying every one.
   */
  clientKey(client: string): string {
    return this.clients.sign(client)
  }

  tokenFor(orderId: string): string {
    return `v1.${this.mac.sign(orderId)}`
  }

  /** True only for a token made for this order (checked for shape first: it is shopper input). */
  holds(orderId: string, token: unknown): boolean {
    if (typeof token !== "string" || token.length > 40 || !TOKEN.test(token)) return false
    return this.mac.verify(orderId, token.slice(3))
  }

  /** The order page link with the token added as a query parameter. */
  pageUrl(template: string, orderId: string): string {
    const url = template.replace("{order_id}", orderId)
    const [base, fragment] = url.split(/#(.*)/s, 2)
    const joiner = base.includes("?") ? "&" : "?"
    const withToken = `${base}${joiner}${ORDER_TOKEN_PARAM}=${this.tokenFor(orderId)}`
    return fragment === undefined ? withToken : `${withToken}#${fragment}`
  }
}
