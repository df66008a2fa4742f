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
