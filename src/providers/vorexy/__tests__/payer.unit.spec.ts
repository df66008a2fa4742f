import { PayerSeal, readPayer } from "../core/payer"

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

  it("takes an alphanumeric CNPJ, in any case, and keeps it upper-case with its letters", () => {
    const document = (value: string) =>
      readPayer({ name: "Loja", email: "fin@loja.com", cnpj: value }, undefined).payer?.document
    expect(document("12ABC34501DE35")).toEqual({ type: "CNPJ", number: "12ABC34501DE35" })
    expect(document("12.abc.345/01de-35")).toEqual({ type: "CNPJ", number: "12ABC34501DE35" })
    expect(document("12abc345000188")).toEqual({ type: "CNPJ", number: "12ABC345000188" })
  })

  it.each([
    ["an alphanumeric CNPJ with a wrong check digit", "12ABC34501DE36"],
    ["a CPF with a stray letter (not stripped into 529.982.247-25)", "5299822472a5"],
    ["a CPF with a trailing letter", "529.982.247-25x"],
  ])("refuses %s", (_label, value) => {
    const result = readPayer({ name: "Ana", email: "ana@example.com", document: value }, undefined)
    expect(result.payer).toBeUndefined()
    expect(result.partial.document).toBeUndefined()
    expect(result.problems).toEqual([expect.stringMatching(/^payer document is not a valid /)])
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
      "payer document is not a valid CPF or CNPJ (a CPF has 11 digits, a CNPJ 14 characters; only . / - and spaces may separate them)",
      "payer phone must have a 2-digit area code and 8 or 9 digits",
    ])
    expect(readPayer({ name: "Ana" }, undefined)).toMatchObject({ payer: undefined, problems: [] })
  })

  it("seals payer data so only the same API key opens it", () => {
    const seal = new PayerSeal("sk_live_key_one")
    const sealed = seal.seal({ name: "Ana", email: "ana@example.com" })
    expect(sealed).not.toContain("ana@example.com")
    expect(seal.open(sealed)).toEqual({ name: "Ana", email: "ana@example.com" })
    expect(new PayerSeal("sk_live_key_two").open(sealed)).toBeNull()
    const [v, iv, body, tag] = sealed.split(".")
    // A changed first character always changes the first byte (a last one may only carry
    // padding bits, and "AA" may already be there: this test once passed a sealed body as is).
    const tampered = (body[0] === "A" ? "B" : "A") + body.slice(1)
    expect(seal.open([v, iv, tampered, tag].join("."))).toBeNull()
    expect(seal.open(undefined)).toBeNull()
  })
})
