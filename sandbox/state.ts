/**
 * The sandbox gateway's in-memory state and business rules. Everything the HTTP layer and the
 * control endpoints do goes through here, and every state change is announced to the webhook
 * dispatcher. Node runs this single-threaded; the only concurrency hazard is work that awaits in the
 * middle, which idempotency handles by storing the in-flight promise per key.
 */
import { createHash, randomUUID } from "node:crypto"
import { buildPixPayload } from "./pix-payload"

export type TransactionState = "Awaiting" | "Paid" | "Cancelled" | "Failed" | "Refunded"
export type WithdrawalState =
  "Awaiting" | "Pending" | "Processing" | "Successful" | "Failure" | "Refunded"

export type Company = {
  companyId: number
  name: string
  document: string
  clientId: string
  apiKey: string
  bankPixKey: { pixKey: string; pixKeyType: string } | null
  balance: {
    availableCents: number
    creditCents: number
    creditAwaitingCents: number
    status: string
  }
  webhookUrl: string | null
}

export type Transaction = {
  internalId: number
  transactionId: string
  companyId: number
  amountCents: number
  paidAmountCents: number | null
  paymentMethod: string
  state: TransactionState
  cancelReason: string | null
  customer: Record<string, any>
  items: Array<Record<string, any>>
  leadId: string
  leadInternalId: number
  pix: { qrcode: string; expirationDate: string } | null
  providerTxId: string
  ip: string | null
  createdAt: string
  updatedAt: string
  paidAt: string | null
}

export type Withdrawal = {
  id: number
  companyId: number
  idempotencyKey: string
  amountCents: number
  pixKey: string
  pixKeyType: string
  creditorDocument: string
  description: string | null
  currency: string
  metadata: string | null
  state: WithdrawalState
  failureReason: string | null
  endToEndId: string | null
  createdAt: string
  updatedAt: string
  processedAt: string | null
}

export type Variants = {
  /** "spec": withdrawals start Awaiting; "field": Pending -> Processing -> Successful/Failure. */
  withdrawalStatuses: "spec" | "field"
  /** The next N withdrawals answer 201 with enTransaction "Failure" (a refusal inside a 2xx). */
  failureInside2xx: number
  /** Error bodies: simple `{ message }` or RFC 7807 ProblemDetails. */
  errorStyle: "simple" | "problem"
  /** Withdrawal responses flat (as in the field) or inside a `data` envelope. */
  withdrawalEnvelope: "flat" | "data"
  /** Where the create response carries companyId. */
  companyIdLocation: "data" | "top" | "none"
  /** Status used when an Idempotency-Key is reused with another body. */
  idempotencyConflictStatus: 409 | 422
}

export const DEFAULT_VARIANTS: Variants = {
  withdrawalStatuses: "spec",
  failureInside2xx: 0,
  errorStyle: "simple",
  withdrawalEnvelope: "flat",
  companyIdLocation: "data",
  idempotencyConflictStatus: 409,
}

export type SandboxEvent =
  { kind: "transaction"; transaction: Transaction } | { kind: "withdrawal"; withdrawal: Withdrawal }

/** A business error the HTTP layer turns into a status and a body in the chosen error style. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>
  ) {
    super(message)
  }
}

export const MIN_WITHDRAWAL_CENTS = 1000
export const MAX_TRANSACTION_CENTS = 100_000_000
export const PIX_EXPIRY_DAYS = { min: 1, max: 30, default: 1 }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PIX_KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"]

export type CompanySeed = Partial<Company> & { companyId: number; clientId: string; apiKey: string }

export const DEFAULT_COMPANIES: CompanySeed[] = [
  {
    companyId: 1001,
    name: "Loja Demo Ltda",
    document: "11222333000181",
    clientId: "sandbox-client-1001",
    apiKey: "sk_sandbox_1001_do_not_use_in_production",
    bankPixKey: { pixKey: "11222333000181", pixKeyType: "CNPJ" },
  },
  {
    companyId: 2002,
    name: "Outra Empresa SA",
    document: "45723174000110",
    clientId: "sandbox-client-2002",
    apiKey: "sk_sandbox_2002_do_not_use_in_production",
    bankPixKey: null,
  },
]

const now = () => new Date().toISOString()

/** Canonical JSON (sorted keys) hash: "same body" means same content, whatever the key order. */
export function bodyHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, canonical((v as any)[k])])
          )
        : v
  return createHash("sha256")
    .update(JSON.stringify(canonical(body)))
    .digest("hex")
}

export type StoredResponse = { status: number; body: unknown }

export class SandboxState {
  companies = new Map<number, Company>()
  transactions = new Map<string, Transaction>()
  withdrawals = new Map<number, Withdrawal>()
  variants: Variants = { ...DEFAULT_VARIANTS }
  private idempotency = new Map<string, { hash: string; response: Promise<StoredResponse> }>()
  private nextTransactionId = 1
  private nextWithdrawalId = 1
  private nextLeadId = 1

  constructor(
    private readonly seeds: CompanySeed[],
    private readonly defaultWebhookUrl: string | null,
    private readonly emit: (event: SandboxEvent) => void
  ) {
    this.reset()
  }

  reset() {
    this.companies.clear()
    this.transactions.clear()
    this.withdrawals.clear()
    this.idempotency.clear()
    this.variants = { ...DEFAULT_VARIANTS }
    this.nextTransactionId = 1
    this.nextWithdrawalId = 1
    this.nextLeadId = 1
    for (const seed of this.seeds) {
      this.companies.set(seed.companyId, {
        name: `Company ${seed.companyId}`,
        document: "00000000000000",
        bankPixKey: null,
        webhookUrl: this.defaultWebhookUrl,
        ...seed,
        balance: {
          availableCents: 0,
          creditCents: 0,
          creditAwaitingCents: 0,
          status: "Released",
          ...seed.balance,
        },
      })
    }
  }

  authenticate(clientId: unknown, apiKey: unknown): Company | null {
    for (const company of this.companies.values()) {
      if (company.clientId === clientId && company.apiKey === apiKey) return company
    }
    return null
  }

  company(companyId: number): Company {
    const company = this.companies.get(companyId)
    if (!company) throw new ApiError(404, `Company ${companyId} not found`)
    return company
  }

  /**
   * Runs `work` once per (company, operation, key). The same key with the same body gets the
   * original response (even while the first request is still in flight); another body is refused.
   */
  idempotent(
    companyId: number,
    operation: string,
    key: string | undefined,
    body: unknown,
    work: () => Promise<StoredResponse>
  ): Promise<StoredResponse> {
    if (!key) return work()
    const slot = `${companyId}:${operation}:${key}`
    const hash = bodyHash(body)
    const existing = this.idempotency.get(slot)
    if (existing) {
      if (existing.hash !== hash) {
        throw new ApiError(
          this.variants.idempotencyConflictStatus,
          `Idempotency-Key "${key}" was already used with a different request body`
        )
      }
      return existing.response
    }
    const response = work()
    this.idempotency.set(slot, { hash, response })
    // A request that failed (validation, fault) did not happen: the key may be used again.
    response.then(
      (r) => r.status >= 400 && this.idempotency.delete(slot),
      () => this.idempotency.delete(slot)
    )
    return response
  }

  // ---- transactions --------------------------------------------------------------------------

  createTransaction(company: Company, body: any): Transaction {
    const errors: Record<string, string[]> = {}
    const fail = (field: string, message: string) => (errors[field] ??= []).push(message)
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw new ApiError(400, "Request body must be a JSON object")
    if (!Number.isInteger(body.amount) || body.amount <= 0)
      fail("amount", "amount must be a positive integer number of cents")
    else if (body.amount > MAX_TRANSACTION_CENTS)
      fail("amount", `amount must be at most ${MAX_TRANSACTION_CENTS} cents`)
    if (body.currency !== "BRL") fail("currency", "currency must be BRL")
    if (!["PIX", "BOLETO", "CREDIT_CARD"].includes(body.paymentMethod)) {
      fail("paymentMethod", "paymentMethod must be one of PIX, BOLETO, CREDIT_CARD")
    }
    const customer = body.customer
    if (!customer || typeof customer !== "object") fail("customer", "customer is required")
    else {
      if (typeof customer.name !== "string" || !customer.name.trim())
        fail("customer.name", "customer.name is required")
      if (typeof customer.email !== "string" || !EMAIL.test(customer.email))
        fail("customer.email", "customer.email must be a valid e-mail")
    }
    const days = body.pix?.expiresInDays ?? PIX_EXPIRY_DAYS.default
    if (!Number.isInteger(days) || days < PIX_EXPIRY_DAYS.min || days > PIX_EXPIRY_DAYS.max) {
      fail(
        "pix.expiresInDays",
        `pix.expiresInDays must be an integer from ${PIX_EXPIRY_DAYS.min} to ${PIX_EXPIRY_DAYS.max}`
      )
    }
    if (body.items !== undefined && !Array.isArray(body.items))
      fail("items", "items must be an array")
    if (Object.keys(errors).length)
      throw new ApiError(400, "One or more validation errors occurred", errors)

    const createdAt = now()
    const transactionId = randomUUID()
    const internalId = this.nextTransactionId++
    const txid = transactionId.replace(/-/g, "")
    const transaction: Transaction = {
      internalId,
      transactionId,
      companyId: company.companyId,
      amountCents: body.amount,
      paidAmountCents: null,
      paymentMethod: body.paymentMethod,
      state: "Awaiting",
      cancelReason: null,
      customer: { ...customer },
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
    this.transactions.set(transactionId, transaction)
    this.emit({ kind: "transaction", transaction })
    return transaction
  }

  transaction(transactionId: string, companyId?: number): Transaction {
    const transaction = this.transactions.get(transactionId)
    if (!transaction || (companyId !== undefined && transaction.companyId !== companyId)) {
      throw new ApiError(404, `Transaction ${transactionId} not found`)
    }
    return transaction
  }

  private assertTransactionState(
    transaction: Transaction,
    to: TransactionState,
    allowedFrom: TransactionState[]
  ) {
    if (!allowedFrom.includes(transaction.state)) {
      throw new ApiError(
        409,
        `Transaction ${transaction.transactionId} is ${transaction.state}; cannot move it to ${to}`
      )
    }
  }

  private moveTransaction(
    transaction: Transaction,
    to: TransactionState,
    allowedFrom: TransactionState[]
  ) {
    this.assertTransactionState(transaction, to, allowedFrom)
    transaction.state = to
    transaction.updatedAt = now()
    this.emit({ kind: "transaction", transaction })
    return transaction
  }

  /** Pays a charge. `amountCents` simulates a gateway reporting a different paid value. */
  payTransaction(transactionId: string, amountCents?: number) {
    const transaction = this.transaction(transactionId)
    this.assertTransactionState(transaction, "Paid", ["Awaiting"])
    transaction.paidAmountCents = amountCents ?? transaction.amountCents
    transaction.paidAt = now()
    this.company(transaction.companyId).balance.availableCents += transaction.paidAmountCents
    return this.moveTransaction(transaction, "Paid", ["Awaiting"])
  }

  expireTransaction(transactionId: string) {
    const transaction = this.transaction(transactionId)
    transaction.cancelReason = "expired"
    return this.moveTransaction(transaction, "Cancelled", ["Awaiting"])
  }

  cancelTransaction(transactionId: string) {
    const transaction = this.transaction(transactionId)
    transaction.cancelReason = "cancelled"
    return this.moveTransaction(transaction, "Cancelled", ["Awaiting"])
  }

  failTransaction(transactionId: string) {
    return this.moveTransaction(this.transaction(transactionId), "Failed", ["Awaiting"])
  }

  refundTransaction(transactionId: string) {
    const transaction = this.transaction(transactionId)
    this.assertTransactionState(transaction, "Refunded", ["Paid"])
    this.company(transaction.companyId).balance.availableCents -=
      transaction.paidAmountCents ?? transaction.amountCents
    return this.moveTransaction(transaction, "Refunded", ["Paid"])
  }

  /** Expires every awaiting PIX charge whose expirationDate has passed. */
  sweepExpired(at = Date.now()) {
    for (const transaction of this.transactions.values()) {
      if (
        transaction.state === "Awaiting" &&
        transaction.pix &&
        Date.parse(transaction.pix.expirationDate) <= at
      ) {
        this.expireTransaction(transaction.transactionId)
      }
    }
  }

  listTransactions(
    companyId: number,
    page: number,
    pageSize: number,
    sort: "createdAt_desc" | "createdAt_asc"
  ) {
    const all = [...this.transactions.values()]
      .filter((t) => t.companyId === companyId)
      .sort((a, b) => a.internalId - b.internalId)
    if (sort === "createdAt_desc") all.reverse()
    return {
      items: all.slice((page - 1) * pageSize, page * pageSize),
      totalItems: all.length,
      totalPages: Math.ceil(all.length / pageSize),
    }
  }

  // ---- withdrawals ---------------------------------------------------------------------------

  requestWithdrawal(company: Company, body: any, idempotencyKey: string): Withdrawal {
    if (!body || typeof body !== "object" || Array.isArray(body))
      throw new ApiError(400, "Request body must be a JSON object")
    const errors: Record<string, string[]> = {}
    const fail = (field: string, message: string) => (errors[field] ??= []).push(message)
    if (!Number.isInteger(body.amount)) fail("amount", "amount must be an integer number of cents")
    else if (body.amount < MIN_WITHDRAWAL_CENTS) {
      fail(
        "amount",
        `amount is below the minimum withdrawal of ${MIN_WITHDRAWAL_CENTS} cents (R$ 10,00)`
      )
    }
    if (body.currency !== "BRL") fail("currency", "currency must be BRL")
    if (body.pixKeyType !== undefined && !PIX_KEY_TYPES.includes(body.pixKeyType)) {
      fail("pixKeyType", `pixKeyType must be one of ${PIX_KEY_TYPES.join(", ")}`)
    }
    if (body.pixKey !== undefined && (typeof body.pixKey !== "string" || !body.pixKey.trim()))
      fail("pixKey", "pixKey must be a non-empty string")
    if (
      body.metadata !== undefined &&
      typeof body.metadata !== "string" &&
      (typeof body.metadata !== "object" || body.metadata === null)
    ) {
      fail("metadata", "metadata must be a string or an object")
    }
    if (Object.keys(errors).length)
      throw new ApiError(400, "One or more validation errors occurred", errors)

    const key = body.pixKey
      ? { pixKey: body.pixKey, pixKeyType: body.pixKeyType ?? "EVP" }
      : company.bankPixKey
    if (!key) {
      throw new ApiError(
        422,
        "No pixKey was given and the company's bank account has no PIX key registered"
      )
    }
    if (company.balance.status !== "Released") {
      throw new ApiError(
        422,
        `Balance is not released for withdrawal (status ${company.balance.status})`
      )
    }

    const createdAt = now()
    const refusedInside2xx = this.variants.failureInside2xx > 0
    if (refusedInside2xx) this.variants.failureInside2xx--
    else if (body.amount > company.balance.availableCents) {
      throw new ApiError(
        422,
        `Insufficient balance: requested ${body.amount} cents, available ${company.balance.availableCents} cents`
      )
    }

    const withdrawal: Withdrawal = {
      id: this.nextWithdrawalId++,
      companyId: company.companyId,
      idempotencyKey,
      amountCents: body.amount,
      pixKey: key.pixKey,
      pixKeyType: key.pixKeyType,
      creditorDocument: company.document,
      description: typeof body.description === "string" ? body.description : null,
      currency: "BRL",
      metadata:
        body.metadata === undefined
          ? null
          : typeof body.metadata === "string"
            ? body.metadata
            : JSON.stringify(body.metadata),
      state: refusedInside2xx
        ? "Failure"
        : this.variants.withdrawalStatuses === "field"
          ? "Pending"
          : "Awaiting",
      failureReason: refusedInside2xx ? "Chave PIX inválida ou inexistente no DICT" : null,
      endToEndId: null,
      createdAt,
      updatedAt: createdAt,
      processedAt: null,
    }
    if (!refusedInside2xx) company.balance.availableCents -= withdrawal.amountCents
    this.withdrawals.set(withdrawal.id, withdrawal)
    this.emit({ kind: "withdrawal", withdrawal })
    return withdrawal
  }

  withdrawal(id: number, companyId?: number): Withdrawal {
    const withdrawal = this.withdrawals.get(id)
    if (!withdrawal || (companyId !== undefined && withdrawal.companyId !== companyId)) {
      throw new ApiError(404, `Withdrawal ${id} not found`)
    }
    return withdrawal
  }

  private moveWithdrawal(
    withdrawal: Withdrawal,
    to: WithdrawalState,
    allowedFrom: WithdrawalState[]
  ) {
    if (!allowedFrom.includes(withdrawal.state)) {
      throw new ApiError(
        409,
        `Withdrawal ${withdrawal.id} is ${withdrawal.state}; cannot move it to ${to}`
      )
    }
    withdrawal.state = to
    withdrawal.updatedAt = now()
    this.emit({ kind: "withdrawal", withdrawal })
    return withdrawal
  }

  processWithdrawal(id: number) {
    return this.moveWithdrawal(this.withdrawal(id), "Processing", ["Awaiting", "Pending"])
  }

  /** Completes a withdrawal; in the "field" variant it passes through Processing first. */
  completeWithdrawal(id: number) {
    const withdrawal = this.withdrawal(id)
    if (this.variants.withdrawalStatuses === "field" && withdrawal.state === "Pending")
      this.processWithdrawal(id)
    withdrawal.endToEndId = `E${Date.now()}${String(id).padStart(10, "0")}`
    withdrawal.processedAt = now()
    return this.moveWithdrawal(withdrawal, "Successful", ["Awaiting", "Pending", "Processing"])
  }

  failWithdrawal(id: number, reason?: string) {
    const withdrawal = this.withdrawal(id)
    if (["Awaiting", "Pending", "Processing"].includes(withdrawal.state)) {
      this.company(withdrawal.companyId).balance.availableCents += withdrawal.amountCents
    }
    withdrawal.failureReason = reason ?? "Falha no processamento do PIX pelo provedor"
    withdrawal.processedAt = now()
    return this.moveWithdrawal(withdrawal, "Failure", ["Awaiting", "Pending", "Processing"])
  }

  refundWithdrawal(id: number) {
    const withdrawal = this.withdrawal(id)
    if (withdrawal.state === "Successful")
      this.company(withdrawal.companyId).balance.availableCents += withdrawal.amountCents
    return this.moveWithdrawal(withdrawal, "Refunded", ["Successful"])
  }

  // ---- company settings ----------------------------------------------------------------------

  setBankPixKey(companyId: number, key: { pixKey: string; pixKeyType: string } | null) {
    this.company(companyId).bankPixKey = key
  }

  setBalance(companyId: number, balance: Partial<Company["balance"]>) {
    const company = this.company(companyId)
    company.balance = { ...company.balance, ...balance }
    return company.balance
  }
}
