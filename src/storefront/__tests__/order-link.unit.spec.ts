/**
 * @jest-environment jsdom
 */
import { takeOrderToken, viewOnlyLink } from "../format"

describe("the order page link's token", () => {
  it("is left out of a link to forward, in any spelling of its name", () => {
    for (const link of [
      "https://loja.example/pedido/order_1?vorexy_token=abc",
      "https://loja.example/pedido/order_1?vorexy%5Ftoken=abc",
      "https://loja.example/pedido/order_1?%76orexy_token=abc&x=1",
    ])
      expect(viewOnlyLink(link)).not.toMatch(/abc/)
    expect(viewOnlyLink("https://loja.example/pedido/order_1?x=1")).toBe(
      "https://loja.example/pedido/order_1?x=1"
    )
  })

  it("is taken out of the address bar once read, and kept for the tab", () => {
    window.history.replaceState(null, "", "/pedido/order_1?vorexy_token=abc&utm=mail")
    expect(takeOrderToken("order_1")).toBe("abc")
    expect(window.location.search).toBe("?utm=mail")
    // The page read again (a re-render, a reload in the same tab): still there.
    expect(takeOrderToken("order_1")).toBe("abc")
    expect(takeOrderToken("order_2")).toBeNull()
  })
})
