import { errorsFor } from "../core/errors"
import { cardFieldsIn, cardFieldsInAddress } from "../core/raw-card"

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

describe("a corpus of ordinary text next to card shapes", () => {
  const consecutive = (from: number, to: number, suffix = "") =>
    Array.from({ length: to - from + 1 }, (_, i) => `${from + i}${suffix}`).join(" ")
  // Every run of consecutive sizes a catalogue could hold: shoes, clothes, tools.
  const sizeRuns: string[] = []
  for (let from = 1; from <= 40; from++)
    for (let to = from + 5; to <= from + 14; to++) sizeRuns.push(`Grade ${consecutive(from, to)}`)

  const ordinary = [
    "Tênis Corrida Grade 34 35 36 37 38 39 40 41 42 43 44",
    "Jogo de chaves 6 7 8 9 10 11 12 13 14 15 mm",
    "Conjunto de brocas 1/16 5/64 3/32 7/64 1/8 9/64 5/32 11/64 3/16",
    "Dimensões 120 x 80 x 45 cm, 12,5 kg",
    "EAN 7891234567895",
    "GTIN-14 17891234567892",
    "CEP 01310-100",
    "+55 (11) 98765-4321",
    "CNPJ 11.222.333/0001-81",
    "CPF 529.982.247-25",
    "Pedido #100234 de 25/11/2026 às 14:35",
    "Rua 25 de Março, 1000 - apto 1201 - Bloco 3",
    "34191.79001 01043.510047 91020.150008 2 91070026000",
    "Lote 2026 11 25 0001 2345 6789",
    "Números 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20",
    ...sizeRuns,
  ]
  const cards = [
    "4111111111111111",
    "4111 1111 1111 1111",
    "4111-1111-1111-1111",
    "5555.5555.5555.4444",
    "3782 822463 10005",
    "meu cartão é 5555 5555 5555 4444, validade 12/30",
    "４１１１ １１１１ １１１１ １１１１",
    "pedido 100234 cartão 4111 1111 1111 1111",
    "41 11 11 11 11 11 11 11",
    "Cartão:\n4111\n1111\n1111\n1111",
    "Cartão:\r\n4111 1111\r\n1111 1111",
    "número 4 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 fim",
  ]

  it("lets every ordinary text through, in any field the storefront may send", () => {
    const refused = ordinary.filter((text) => cardFieldsIn({ note: text }).length > 0)
    expect(refused).toEqual([])
  })

  it("still refuses every card shape", () => {
    const missed = cards.filter((text) => cardFieldsIn({ note: text }).length === 0)
    expect(missed).toEqual([])
    expect(cardFieldsIn({ digits: ["4111", "1111", "1111", "1111"] })).toEqual(["digits"])
    expect(cardFieldsIn({ digits: ["4111", "1111", "1111", "1111", "123"] })).toEqual(["digits"])
    expect(cardFieldsIn({ n: 4111111111111111 })).toEqual(["n"])
  })
})

it("names at most five card fields in its refusal, each cut short (they are the shopper's keys)", () => {
  const data = Object.fromEntries(
    Array.from({ length: 8 }, (_, i) => [
      `card_number_${"x".repeat(5_000)}_${i}`,
      "4111111111111111",
    ])
  )
  const { message } = errorsFor("card").rawCard(cardFieldsIn(data))
  expect(message).toMatch(/card details \(card_number_x{48}…, .*, 3 more\) must never be sent/)
  expect(message.length).toBeLessThan(700)
})

describe("cardFieldsInAddress", () => {
  const address = (fields: Record<string, unknown>) => ({
    first_name: "Ana",
    address_1: "Rua das Flores, 123",
    postal_code: "01310-100",
    phone: "+55 11 98765-4321",
    ...fields,
  })

  it("finds a card number however it is separated or padded", () => {
    for (const value of [
      `4111 1111 1111 1111${" ".repeat(30)}`,
      "4  1  1  1  1  1  1  1  1  1  1  1  1  1  1  1",
      "+4111111111111111",
      "(4111) 1111 1111 1111",
      "4111,1111,1111,1111",
      "4111\u200b1111\u200b1111\u200b1111",
    ])
      expect(cardFieldsInAddress(address({ address_2: value }), "b")).toEqual(["b.address_2"])
    // A size grid and a real address still pass.
    expect(
      cardFieldsInAddress(address({ address_2: "Grade 34 35 36 37 38 39 40 41 42 43 44" }), "b")
    ).toEqual([])
  })

  it("finds a value that is wholly a card number, and a card field's name", () => {
    expect(cardFieldsInAddress(address({ address_1: "4111 1111 1111 1111" }), "shipping")).toEqual([
      "shipping.address_1",
    ])
    expect(cardFieldsInAddress(address({ address_2: "4111-1111-1111-1111" }), "b")).toEqual([
      "b.address_2",
    ])
    expect(cardFieldsInAddress(address({ metadata: { cvv: "123" } }), "b")).toEqual([
      "b.metadata.cvv",
    ])
  })

  it("passes an address with digits in it: a size grid, a block and flat, a long line", () => {
    for (const line of [
      "Grade 34 35 36 37 38 39 40 41 42 43 44",
      "34 35 36 37 38 39 40 41 42 43 44",
      "Bloco 4, apto 1111, 1111 1111 1111",
      `Rua ${"1 ".repeat(5000)}`,
    ])
      expect(cardFieldsInAddress(address({ address_1: line }), "shipping")).toEqual([])
    expect(cardFieldsInAddress(null, "shipping")).toEqual([])
  })
})
