/**
 * Shopper input of any size is answered at once: lengths are checked before any pattern (jest's
 * 5 s timeout fails these tests where a backtracking pattern runs over the whole input), and an
 * error quotes only the input's start.
 */
import { readGatewayDate } from "../../../gateway/dates"
import { gatewayAddress, withNeighbourhood } from "../core/address"
import { exceedsDataLimit } from "../core/data-size"
import { pixMethod } from "../core/methods/pix"
import { readPayer } from "../core/payer"
import { initialSessionData } from "../core/payer-session"
import { cardFieldsIn } from "../core/raw-card"

const KB100 = 100_000

describe("hostile payer and address input", () => {
  it("refuses a 100 KB e-mail made to backtrack, quoting 60 characters of it", () => {
    const email = `a@${".".repeat(KB100)}@`
    const { payer, problems } = readPayer({ name: "Ana", email }, undefined)
    expect(payer).toBeUndefined()
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^payer e-mail "a@\.{58}…" is not a valid e-mail address$/)
  })

  it("refuses every 100 KB payer field, each error short", () => {
    const long = "1".repeat(KB100)
    const { problems } = readPayer(
      { name: long, email: `${long}@x.com`, document: long, phone: long },
      undefined
    )
    expect(problems).toHaveLength(4)
    for (const problem of problems) expect(problem.length).toBeLessThan(200)
  })

  it("refuses a 100 KB address line made to backtrack, by its length", () => {
    for (const address_1 of [`Rua${", 1".repeat(KB100 / 3)}x`, `Rua ${"1 ".repeat(KB100 / 2)}`]) {
      const result = gatewayAddress({
        address_1,
        address_2: "Centro",
        city: "São Paulo",
        province: "SP",
        postal_code: "01310-100",
      })
      expect(result).toEqual({
        missing: ["street and number (address_1) of at most 300 characters"],
      })
    }
  })

  it("still reads an ordinary address line", () => {
    const result = gatewayAddress({
      address_1: "Rua 25 de Março, 100 - apto 12",
      address_2: "Centro",
      city: "São Paulo",
      province: "SP",
      postal_code: "01310-100",
    })
    expect(result).toMatchObject({
      address: { street: "Rua 25 de Março", streetNumber: "100", complement: "apto 12" },
    })
  })
})

describe("payer e-mail", () => {
  it("accepts at the session exactly what the charge request accepts", () => {
    for (const email of ["joão@gmail.com", "ana..silva@gmail.com", "ana@gmail", ".ana@x.com"]) {
      const { problems } = readPayer({ name: "Ana", email }, undefined)
      expect({ email, problems }).toEqual({
        email,
        problems: [`payer e-mail "${email}" is not a valid e-mail address`],
      })
    }
    for (const email of ["ana.silva+loja@gmail.com", "a_b-c@sub.example.com.br"])
      expect(readPayer({ name: "Ana", email }, undefined).problems).toEqual([])
  })
})

describe("every parser of shopper input, fed 100 KB", () => {
  const long = (unit: string) => unit.repeat(Math.ceil(KB100 / unit.length)).slice(0, KB100)
  // Shapes that make naive patterns backtrack: repeated separators, digits and spaces, dots.
  const shapes = [long("1 "), long(", 1"), long("."), long("a@"), long("1-"), long("\u00a0")]

  it("reads every address field and the neighbourhood, refusing what is too long", () => {
    for (const shape of shapes) {
      for (const field of ["address_1", "address_2", "city", "province", "postal_code"]) {
        const address = {
          address_1: "Rua Augusta, 100",
          address_2: "Centro",
          city: "São Paulo",
          province: "SP",
          postal_code: "01310-100",
          [field]: shape,
        }
        expect("missing" in gatewayAddress(address)).toBe(true)
      }
      const neighbourhood = withNeighbourhood({ address_1: "Rua Augusta, 100" }, shape)
      expect("missing" in gatewayAddress(neighbourhood)).toBe(true)
    }
  })

  it("reads every payer field, each error short", () => {
    for (const shape of shapes) {
      for (const key of ["name", "email", "document", "cpf", "cnpj", "tax_id", "phone"]) {
        const { problems } = readPayer(
          { name: "Ana", email: "ana@example.com", [key]: shape },
          undefined
        )
        // Blank text counts as not given; anything else of that size is refused.
        if (shape.trim()) expect(problems.length).toBeGreaterThan(0)
        for (const problem of problems) expect(problem.length).toBeLessThan(200)
      }
    }
  })

  it("scans for card details and reads dates", () => {
    for (const shape of shapes) {
      expect(Array.isArray(cardFieldsIn({ note: shape }))).toBe(true)
      expect(readGatewayDate(shape)).toBeNull()
    }
  })
})

describe("the size of a session's data", () => {
  const payer = { name: "Ana Souza", email: "ana@example.com", document: "52998224725" }

  it("takes a payer with a card token, and refuses anything far larger", () => {
    expect(exceedsDataLimit({ ...payer, card_token: "t".repeat(2_000), installments: 3 })).toBe(
      false
    )
    expect(exceedsDataLimit({ ...payer, note: "x".repeat(KB100) })).toBe(true)
    expect(exceedsDataLimit({ ...payer, [`k${"x".repeat(KB100)}`]: 1 })).toBe(true)
    expect(exceedsDataLimit({ ...payer, many: Array.from({ length: 10_000 }, () => 1) })).toBe(true)
    expect(
      exceedsDataLimit(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [i, i])))
    ).toBe(true)
  })

  it("is refused in words at session creation, before anything else is read", () => {
    const seal = { seal: () => "sealed", open: () => null } as unknown as Parameters<
      typeof initialSessionData
    >[0]
    expect(() =>
      initialSessionData(seal, pixMethod, {} as never, 9990, { ...payer, note: "4".repeat(KB100) })
    ).toThrow(/payment session data is too large \(at most 16 KB of text in 256 values\)/)
  })
})
