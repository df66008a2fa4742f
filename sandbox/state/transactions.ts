/** Charges (cash-in): creation with the spec's validation, lookups, listing and state changes. */
import { randomUUID } from "node:crypto"
import { buildPixPayload } from "../pix-payload"
import {
  ApiError,
  Company,
  Customer,
  Emit,
  now,
  StateHost,
  Transaction,
  TransactionState,
} from "./types"
import { fieldErrors, isInt, isRecord, oneOf, prop } from "./validation"

export const MAX_TRANSACTION_CENTS = 100_000_000
export const PIX_EXPIRY_DAYS = { min: 1, max: 30, default: 1 }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PAYMENT_METHODS = ["PIX", "BOLETO", "CREDIT_CARD"]

/** A create body once validated (unchecked fields keep whatever was sent). */
type CreateBody = {
  amount: number
  paymentMethod: string
  customer: Customer
  items?: unknown
  ip?: unknown
}

/** Validates a create body field by field; returns it typed, with the PIX expiry resolved. */
function parseCreate(body: unknown): { body: CreateBody; days: number } {
  const { fail, check } = fieldErrors()
  if (!isRecord(body)) throw new ApiError(400, "Request body must be a JSON object")
  if (!isInt(body.amount) || body.amount <= 0)
    fail("amount", "amount must be a positive integer number of cents")
  else if (body.amount > MAX_TRANSACTION_CENTS)
    fail("amount", `amount must be at most ${MAX_TRANSACTION_CENTS} cents`)
  if (body.currency !== "BRL") fail("currency", "currency must be BRL")
  if (!oneOf(body.paymentMethod, PAYMENT_METHODS)) {
    fail("paymentMethod", "paymentMethod must be one of PIX, BOLETO, CREDIT_CARD")
  }
  const customer = body.customer
  if (!customer || typeof customer !== "object") fail("customer", "customer is required")
  else {
    const { name, email } = customer as Record<string, unknown>
    if (typeof name !== "string" || !name.trim()) fail("customer.name", "customer.name is required")
    if (typeof email !== "string" || !EMAIL.test(email))
      fail("customer.email", "customer.email must be a valid e-mail")
  }
  const days = prop(body.pix, "expiresInDays") ?? PIX_EXPIRY_DAYS.default
  if (!isInt(days) || days < PIX_EXPIRY_DAYS.min || days > PIX_EXPIRY_DAYS.max) {
    fail(
      "pix.expiresInDays",
      `pix.expiresInDays must be an integer from ${PIX_EXPIRY_DAYS.min} to ${PIX_EXPIRY_DAYS.max}`
    )
  }
  if (body.items !== undefined && !Array.isArray(body.items))
    fail("items", "items must be an array")
  check()
  // Every field CreateBody types was checked above.
  return { body: body as CreateBody, days: days as number }
}

export class TransactionLedger {
  private nextInternalId = 1
  private nextLeadId = 1

  constructor(
    private readonly host: StateHost,
    private readonly emit: Emit
  ) {}

  reset() {
    this.nextInternalId = 1
    this.nextLeadId = 1
  }

  create(company: Company, input: unknown): Transaction {
    const { body, days } = parseCreate(input)
    const createdAt = now()
    const transactionId = randomUUID()
    const internalId = this.nextInternalId++
    const txid = transactionId.replace(/-/g, "")
    const transaction: Transaction = {
      internalId,
      transactionId,
      companyId: company.companyId,
      amountCents: body.amount,
      paidAmountCents: null,
      refundedAmountCents: 0,
      paymentMethod: body.paymentMethod,
      state: "Awaiting",
      cancelReason: null,
      customer: { ...body.customer },
      items: Array.isArray(body.items) ? body.items : [],
      leadId: randomUUID(),
      leadInternalId: this.nextLeadId++,
      pix:
        body.paymentMethod === "PIX"
          ? {
              qrcode: buildPixPayload({
                location: `pix.sandbox.vorexy.local/qr/v2/${txid}`,
                amountCents: body.amount,
                merchantName: company.name,
                merchantCity: "Sao Paulo",
              }),
              expirationDate: new Date(Date.now() + days * 86_400_000).toISOString(),
            }
          : null,
      providerTxId: `E2E${txid.slice(0, 29).toUpperCase()}`,
      ip: typeof body.ip === "string" ? body.ip : null,
      createdAt,
      updatedAt: createdAt,
      paidAt: null,
    }
    this.host.transactions.set(transactionId, transaction)
    this.emit({ kind: "transaction", transaction })
    return transaction
  }

  get(transactionId: string, companyId?: number): Transaction {
    const transaction = this.host.transactions.get(transactionId)
    if (!transaction || (companyId !== undefined && transaction.companyId !== companyId)) {
      throw new ApiError(404, `Transaction ${transactionId} not found`)
    }
    return transaction
  }

  private assertState(transaction: Transaction, to: TransactionState, from: TransactionState[]) {
    if (!from.includes(transaction.state)) {
      throw new ApiError(
        409,
        `Transaction ${transaction.transactionId} is ${transaction.state}; cannot move it to ${to}`
      )
    }
  }

  private move(transaction: Transaction, to: TransactionState, from: TransactionState[]) {
    this.assertState(transaction, to, from)
    transaction.state = to
    transaction.updatedAt = now()
    this.emit({ kind: "transaction", transaction })
    return transaction
  }

  /** Pays a charge. `amountCents` simulates a gateway reporting a different paid value. */
  pay(transactionId: string, amountCents?: number) {
    const transaction = this.get(transactionId)
    this.assertState(transaction, "Paid", ["Awaiting"])
    transaction.paidAmountCents = amountCents ?? transaction.amountCents
    transaction.paidAt = now()
    this.host.company(transaction.companyId).balance.availableCents += transaction.paidAmountCents
    return this.move(transaction, "Paid", ["Awaiting"])
  }

  expire(transactionId: string) {
    const transaction = this.get(transactionId)
    transaction.cancelReason = "expired"
    return this.move(transaction, "Cancelled", ["Awaiting"])
  }

  cancel(transactionId: string) {
    const transaction = this.get(transactionId)
    transaction.cancelReason = "cancelled"
    return this.move(transaction, "Cancelled", ["Awaiting"])
  }

  fail(transactionId: string) {
    return this.move(this.get(transactionId), "Failed", ["Awaiting"])
  }

  /** Refunds in the panel: all that is left, or `amountCents` (a partial refund stays Paid). */
  refund(transactionId: string, amountCents?: number) {
    const transaction = this.get(transactionId)
    this.assertState(transaction, "Refunded", ["Paid"])
    const paid = transaction.paidAmountCents ?? transaction.amountCents
    const left = paid - transaction.refundedAmountCents
    const amount = amountCents ?? left
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw new ApiError(400, `Refund amount must be between 1 and ${left} cents`)
    }
    transaction.refundedAmountCents += amount
    this.host.company(transaction.companyId).balance.availableCents -= amount
    if (transaction.refundedAmountCents < paid) {
      transaction.updatedAt = now()
      this.emit({ kind: "transaction", transaction })
      return transaction
    }
    return this.move(transaction, "Refunded", ["Paid"])
  }

  /** Expires every awaiting PIX charge whose expirationDate has passed. */
  sweepExpired(at: number) {
    for (const transaction of this.host.transactions.values()) {
      if (
        transaction.state === "Awaiting" &&
        transaction.pix &&
        Date.parse(transaction.pix.expirationDate) <= at
      ) {
        this.expire(transaction.transactionId)
      }
    }
  }

  list(
    companyId: number,
    page: number,
    pageSize: number,
    sort: "createdAt_desc" | "createdAt_asc"
  ) {
    const all = [...this.host.transactions.values()]
      .filter((t) => t.companyId === companyId)
      .sort((a, b) => a.internalId - b.internalId)
    if (sort === "createdAt_desc") all.reverse()
    return {
      items: all.slice((page - 1) * pageSize, page * pageSize),
      totalItems: all.length,
      totalPages: Math.ceil(all.length / pageSize),
    }
  }
}
