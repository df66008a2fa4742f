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
