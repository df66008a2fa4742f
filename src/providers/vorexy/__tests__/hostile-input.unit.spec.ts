/**
 * Shopper input of any size is answered at once: lengths are checked before any pattern (jest's
 * 5 s timeout fails these tests where a backtracking pattern runs over the whole input), and an
 * error quotes only the input's start.
 */
import { gatewayAddress } from "../core/address"
import { readPayer } from "../core/payer"

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
