import { z } from "zod"
import {
  CreateTransactionSchema,
  describeIssues,
  IdempotencyKeySchema,
  ListTransactionsSchema,
  WithdrawalSchema,
} from "../requests"

const validCreate = {
  amount: 1999,
  currency: "BRL",
  paymentMethod: "PIX",
  customer: {
    name: "Ana Souza",
    email: "ana@example.com",
    document: { number: "52998224725", type: "CPF" },
  },
  pix: { expiresInDays: 1 },
}

const problems = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value)
  return parsed.success ? [] : describeIssues(parsed.error)
}

describe("request validation", () => {
  it("accepts the documented create request and defaults currency", () => {
    expect(problems(CreateTransactionSchema, validCreate)).toEqual([])
    const noCurrency: Record<string, unknown> = { ...validCreate }
    delete noCurrency.currency
    expect(CreateTransactionSchema.parse(noCurrency).currency).toBe("BRL")
  })

  it.each([
    [{ amount: 19.99 }, /amount must be an integer number of cents/],
    [{ amount: 0 }, /amount must be greater than zero/],
    [{ currency: "USD" }, /currency must be BRL/],
    [{ paymentMethod: "CASH" }, /paymentMethod must be PIX, BOLETO or CREDIT_CARD/],
    [{ customer: { name: "", email: "ana@example.com" } }, /customer.name is required/],
    [{ customer: { name: "Ana", email: "nope" } }, /customer.email must be a valid e-mail/],
    [
      {
        customer: {
          name: "Ana",
          email: "a@b.co",
          document: { number: "52998224724", type: "CPF" },
        },
      },
      /not a valid CPF/,
    ],
    [{ paymentMethod: "BOLETO" }, /pix options are only valid with paymentMethod PIX/],
    [{ installments: 3 }, /PIX takes installments 1/],
    [{ ip: "999.1.1.1" }, /ip must be an IPv4 address/],
    [{ unexpected: true }, /unexpected/],
  ])("refuses %p", (patch, message) => {
    expect(problems(CreateTransactionSchema, { ...validCreate, ...patch }).join("\n")).toMatch(
      message
    )
  })

  describe("boleto and card requests", () => {
    const address = {
      street: "Rua Augusta",
      streetNumber: "1200",
      zipCode: "01304001",
      neighborhood: "Consolação",
      city: "São Paulo",
      state: "SP",
    }
    const boleto = {
      ...validCreate,
      paymentMethod: "BOLETO",
      pix: undefined,
      boleto: { expiresInDays: 3 },
      customer: { ...validCreate.customer, address },
    }
    const card = {
      ...validCreate,
      paymentMethod: "CREDIT_CARD",
      pix: undefined,
      installments: 3,
      card: { hash: "tok_sandbox_abcdef" },
    }

    it("accepts a boleto with the payer's document and address, and a tokenised card", () => {
      expect(problems(CreateTransactionSchema, boleto)).toEqual([])
      expect(CreateTransactionSchema.parse(boleto).customer.address?.country).toBe("br")
      expect(problems(CreateTransactionSchema, card)).toEqual([])
    })

    it.each([
      [{ ...boleto, customer: { ...boleto.customer, address: undefined } }, /payer's address/],
      [{ ...boleto, customer: { ...boleto.customer, document: undefined } }, /CPF or CNPJ/],
      [
        { ...boleto, customer: { ...boleto.customer, address: { ...address, zipCode: "1304" } } },
        /zipCode must be 8 digits/,
      ],
      [{ ...boleto, installments: 2 }, /BOLETO takes installments 1/],
      [{ ...card, card: undefined }, /needs card.hash/],
      [{ ...card, card: { hash: "4111111111111111", number: "4111111111111111" } }, /number/],
      [{ ...card, installments: 25 }, /installments/],
      [{ ...card, boleto: { expiresInDays: 3 } }, /boleto options are only valid/],
    ])("refuses %#", (request, message) => {
      expect(problems(CreateTransactionSchema, request).join("\n")).toMatch(message)
    })

    it("requires items plus the shipping fee to add up to the amount", () => {
      const items = [
        { title: "Camiseta", unitPrice: 1500, quantity: 1, tangible: true },
        { title: "Meia", unitPrice: 499, quantity: 1, tangible: true },
      ]
      expect(problems(CreateTransactionSchema, { ...validCreate, items })).toEqual([])
      expect(
        problems(CreateTransactionSchema, {
          ...validCreate,
          amount: 2999,
          items,
          shipping: { fee: 1000 },
        })
      ).toEqual([])
      expect(
        problems(CreateTransactionSchema, { ...validCreate, items, shipping: { fee: 1 } }).join()
      ).toMatch(/items \(1999\) plus shipping.fee \(1\) must add up to amount \(1999\)/)
    })
  })

  it("refuses a withdrawal below 1000 cents with the spec's rule in the message", () => {
    expect(problems(WithdrawalSchema, { amount: 999, currency: "BRL" })).toEqual([
      "amount must be at least 1000 cents (R$ 10,00), the gateway's minimum withdrawal",
    ])
    expect(problems(WithdrawalSchema, { amount: 1000, currency: "BRL" })).toEqual([])
  })

  it("checks a withdrawal PIX key against its type", () => {
    expect(
      problems(WithdrawalSchema, { amount: 5000, pixKey: "52998224724", pixKeyType: "CPF" }).join()
    ).toMatch(/not a valid CPF/)
    expect(problems(WithdrawalSchema, { amount: 5000, pixKeyType: "EMAIL" }).join()).toMatch(
      /without a pixKey/
    )
    expect(
      problems(WithdrawalSchema, {
        amount: 5000,
        pixKey: "ana@example.com",
        pixKeyType: "EMAIL",
        metadata: { order: 1 },
      })
    ).toEqual([])
  })

  describe("customer documents", () => {
    const withDocument = (number: string, type: string) => ({
      ...validCreate,
      customer: { ...validCreate.customer, document: { number, type } },
    })
    const sentDocument = (number: string, type: string) =>
      CreateTransactionSchema.parse(withDocument(number, type)).customer.document

    it("accepts numeric and alphanumeric CNPJs, sending letters upper-case", () => {
      expect(sentDocument("11222333000181", "CNPJ")).toEqual({
        number: "11222333000181",
        type: "CNPJ",
      })
      expect(sentDocument("12ABC34501DE35", "CNPJ")).toEqual({
        number: "12ABC34501DE35",
        type: "CNPJ",
      })
      expect(sentDocument("12abc34501de35", "CNPJ")).toEqual({
        number: "12ABC34501DE35",
        type: "CNPJ",
      })
    })

    it.each([
      ["12ABC34501DE36", "CNPJ", /document.number is not a valid CNPJ/],
      ["12ABC34501DEA5", "CNPJ", /must be 11 digits \(CPF\) or 14 characters \(CNPJ/],
      ["12.ABC.345/01DE-35", "CNPJ", /must be 11 digits \(CPF\) or 14 characters \(CNPJ/],
      ["5299822472A5", "CPF", /must be 11 digits \(CPF\) or 14 characters \(CNPJ/],
      ["12ABC34501DE35", "CPF", /document.number is not a valid CPF/],
      ["52998224725", "CNPJ", /document.number is not a valid CNPJ/],
    ])("refuses %p as a %s", (number, type, message) => {
      expect(problems(CreateTransactionSchema, withDocument(number, type)).join()).toMatch(message)
    })
  })

  describe("withdrawal PIX keys", () => {
    const sentKey = (pixKey: string, pixKeyType: string) =>
      WithdrawalSchema.parse({ amount: 5000, pixKey, pixKeyType }).pixKey

    it.each([
      ["PHONE", "1198765432l", 'pixKey contains "l", which is not allowed'],
      ["CPF", "5299822472a5", 'pixKey contains "a", which is not allowed'],
      ["CNPJ", "12ABC34501DE36", "pixKey is not a valid CNPJ (check digits do not match)"],
      ["PHONE", "+1 555 123 4567", "pixKey is not a valid Brazilian phone key"],
    ])("refuses a %s key %p as typed, never stripping it into another key", (type, key, start) => {
      const [problem, ...rest] = problems(WithdrawalSchema, {
        amount: 5000,
        pixKey: key,
        pixKeyType: type,
      })
      expect(problem.startsWith(start)).toBe(true)
      expect(rest).toEqual([])
    })

    it("sends a formatted key in the gateway's canonical form", () => {
      expect(sentKey("+55 (11) 98765-4321", "PHONE")).toBe("+5511987654321")
      expect(sentKey("(11) 98765-4321", "PHONE")).toBe("+5511987654321")
      expect(sentKey("529.982.247-25", "CPF")).toBe("52998224725")
      expect(sentKey("11.222.333/0001-81", "CNPJ")).toBe("11222333000181")
      expect(sentKey("12.abc.345/01de-35", "CNPJ")).toBe("12ABC34501DE35")
      expect(sentKey(" Ana@Example.com ", "EMAIL")).toBe("ana@example.com")
      expect(WithdrawalSchema.parse({ amount: 5000 }).pixKey).toBeUndefined()
    })
  })

  it("bounds list queries to the spec's limits", () => {
    expect(ListTransactionsSchema.parse({})).toEqual({
      page: 1,
      pageSize: 50,
      sort: "createdAt_desc",
    })
    expect(problems(ListTransactionsSchema, { pageSize: 101 }).join()).toMatch(/at most 100/)
    expect(problems(ListTransactionsSchema, { page: 0 }).join()).toMatch(/page starts at 1/)
    expect(problems(ListTransactionsSchema, { sort: "amount_desc" }).join()).toMatch(
      /createdAt_desc or createdAt_asc/
    )
  })

  it("accepts documented and field forms of Idempotency-Key and refuses junk", () => {
    for (const key of [
      "tx_payses01HZX",
      "wd_0123456789abcdef",
      "3f0c7a9e-1b2c-4d5e-8f90-123456789abc",
    ]) {
      expect(IdempotencyKeySchema.safeParse(key).success).toBe(true)
    }
    for (const key of ["", "short", "has space here", "x".repeat(129), undefined]) {
      expect(IdempotencyKeySchema.safeParse(key).success).toBe(false)
    }
  })
})
