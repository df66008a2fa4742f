import { OrderTokens } from "../order-token"

const SECRET = "a-signing-secret-of-32-characters!!"
const OLD = "the-old-signing-secret-0123456789"

describe("order tokens", () => {
  it("hold for their order only, under any secret of the keyring", () => {
    const before = new OrderTokens(OLD)
    const tokens = new OrderTokens([SECRET, OLD])
    const token = tokens.tokenFor("order_01")
    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]{32}$/)
    expect(tokens.holds("order_01", token)).toBe(true)
    expect(tokens.holds("order_02", token)).toBe(false)
    // Sent before a rotation: still holds while the old secret is in the keyring.
    expect(tokens.holds("order_01", before.tokenFor("order_01"))).toBe(true)
    expect(new OrderTokens(SECRET).holds("order_01", before.tokenFor("order_01"))).toBe(false)
  })

  it("refuse anything not shaped as a token, without reading it further", () => {
    const tokens = new OrderTokens(SECRET)
    for (const given of [undefined, null, 42, "", "v1.", `${tokens.tokenFor("order_01")}x`, {}])
      expect(tokens.holds("order_01", given)).toBe(false)
  })

  it("go into the order page link as a query parameter, the rest of the link kept", () => {
    const tokens = new OrderTokens(SECRET)
    const token = tokens.tokenFor("order_01")
    expect(tokens.pageUrl("https://loja.example/pedido/{order_id}", "order_01")).toBe(
      `https://loja.example/pedido/order_01?vorexy_token=${token}`
    )
    expect(tokens.pageUrl("https://loja.example/o?id={order_id}#pagar", "order_01")).toBe(
      `https://loja.example/o?id=order_01&vorexy_token=${token}#pagar`
    )
  })

  it("name a client's counter by a keyed digest, never the address itself", () => {
    const key = new OrderTokens(SECRET).clientKey("ip:203.0.113.9")
    expect(key).toHaveLength(22)
    expect(key).not.toContain("203")
    expect(new OrderTokens(OLD).clientKey("ip:203.0.113.9")).not.toBe(key)
  })
})
