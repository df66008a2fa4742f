import { maskPayer, PayerSeal, readPayer } from "../core/payer"

describe("payer data", () => {
  it("reads flat or nested storefront data and normalises it", () => {
    const flat = readPayer(
      {
        name: " Ana Souza ",
        email: "ana@example.com",
        cpf: "529.982.247-25",
        phone: "+55 (11) 98765-4321",
      },
      undefined
    )
    expect(flat).toEqual({
      payer: {
        name: "Ana Souza",
        email: "ana@example.com",
        document: { type: "CPF", number: "52998224725" },
        phone: "11987654321",
      },
      partial: expect.any(Object),
      problems: [],
    })
    expect(
      readPayer(
        { payer: { name: "Loja", email: "fin@loja.com", document: "11.222.333/0001-81" } },
        undefined
      ).payer?.document
    ).toEqual({
      type: "CNPJ",
      number: "11222333000181",
    })
  })

  it("falls back to the logged-in customer", () => {
    const { payer } = readPayer(
      {},
      { first_name: "Bia", last_name: "Lima", email: "bia@example.com", phone: "21 3333-4444" }
    )
    expect(payer).toEqual({ name: "Bia Lima", email: "bia@example.com", phone: "2133334444" })
  })

  it("lists every problem and leaves the payer incomplete", () => {
    const result = readPayer(
      { name: "Ana", email: "nope", document: "123", phone: "12" },
      undefined
    )
    expect(result.payer).toBeUndefined()
    expect(result.problems).toEqual([
      'payer e-mail "nope" is not a valid e-mail address',
      "payer document is not a valid CPF or CNPJ (expected 11 or 14 digits)",
      "payer phone must have a 2-digit area code and 8 or 9 digits",
    ])
    expect(readPayer({ name: "Ana" }, undefined)).toMatchObject({ payer: undefined, problems: [] })
  })

  it("masks what the shopper-readable session shows", () => {
    expect(
      maskPayer({
        name: "Ana",
        email: "ana@example.com",
        document: { type: "CPF", number: "52998224725" },
        phone: "11987654321",
      })
    ).toEqual({
      name: "Ana",
      email: "a***@example.com",
      document_type: "CPF",
      document: "***.982.***-25",
      phone: "(11) *****-4321",
    })
    expect(maskPayer({ document: { type: "CNPJ", number: "11222333000181" } }).document).toBe(
      "**.222.***/****-81"
    )
  })

  it("seals payer data so only the same API key opens it", () => {
    const seal = new PayerSeal("sk_live_key_one")
    const sealed = seal.seal({ name: "Ana", email: "ana@example.com" })
    expect(sealed).not.toContain("ana@example.com")
    expect(seal.open(sealed)).toEqual({ name: "Ana", email: "ana@example.com" })
    expect(new PayerSeal("sk_live_key_two").open(sealed)).toBeNull()
    const [v, iv, body, tag] = sealed.split(".")
    expect(seal.open([v, iv, body.slice(0, -2) + "AA", tag].join("."))).toBeNull()
    expect(seal.open(undefined)).toBeNull()
  })
})
