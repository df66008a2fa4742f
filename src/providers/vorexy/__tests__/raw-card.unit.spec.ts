import { cardFieldsIn } from "../core/raw-card"

describe("cardFieldsIn", () => {
  it("finds card numbers by name and by shape, anywhere, naming only the path", () => {
    expect(cardFieldsIn({ card: { number: "4111 1111 1111 1111", cvv: "123" } })).toEqual([
      "card.number",
      "card.cvv",
    ])
    expect(cardFieldsIn({ card_number: "x" })).toEqual(["card_number"])
    expect(cardFieldsIn({ note: "4111-1111-1111-1111" })).toEqual(["note"])
    expect(cardFieldsIn({ exp_month: 12, exp_year: 2030 })).toEqual(["exp_month", "exp_year"])
  })

  it("leaves payer data and a card token alone", () => {
    const data = {
      name: "Ana",
      document: { type: "CNPJ", number: "11222333000181" },
      phone: "+55 11 98765-4321",
      card_token: "tok_abc123",
      installments: 3,
    }
    expect(cardFieldsIn(data)).toEqual([])
    // A 16-digit number failing Luhn is not a card number.
    expect(cardFieldsIn({ note: "4111111111111112" })).toEqual([])
  })
})

describe("cardFieldsIn, against a storefront that hides the card", () => {
  it.each([
    ["a number", { card: { number: 4111111111111111 } }, "card.number"],
    ["dots", { note: "4111.1111.1111.1111" }, "note"],
    ["full-width digits", { note: "４１１１１１１１１１１１１１１１" }, "note"],
    ["digits split over an array", { parts: ["4111", "1111", "1111", "1111"] }, "parts"],
    ["a run inside text", { note: "meu cartão 4111 1111 1111 1111 val 12/30" }, "note"],
    ["a key", { "4111111111111111": null }, "a key"],
    ["card_cvv", { card_cvv: "123" }, "card_cvv"],
    ["security-code", { "security-code": "123" }, "security-code"],
    ["codigo_seguranca", { codigo_seguranca: "123" }, "codigo_seguranca"],
    ["validade", { validade: "12/30" }, "validade"],
    ["numero_cartao", { numero_cartao: "x" }, "numero_cartao"],
    ["card_expiry", { card_expiry: "12/30" }, "card_expiry"],
  ])("finds a card number or field sent as %s", (_, data, path) => {
    expect(cardFieldsIn(data)).toContain(path)
  })

  it("refuses data nested deeper than a form sends", () => {
    let deep: Record<string, unknown> = { name: "Ana" }
    for (let i = 0; i < 12; i++) deep = { nested: deep }
    expect(cardFieldsIn(deep)).toEqual(["data nested too deeply"])
  })

  it("leaves a street number and a token's chance digit runs alone", () => {
    expect(cardFieldsIn({ address: { number: "1500" }, metadata: { number: 12 } })).toEqual([])
    expect(cardFieldsIn({ card_token: "tok_4111111111111111abc" })).toEqual([])
    expect(cardFieldsIn({ card_token: "4111111111111111" })).toEqual(["card_token"])
  })
})
