/**
 * Typed client for the Vorexy API: one method per documented call, plus GET /api/Withdraw/{id}
 * seen in the field. Knows nothing of Medusa.
 *
 * - Requests are validated with zod first; a bad request throws `request_invalid` and is never sent.
 * - Responses are parsed tolerantly (responses.ts) and errors mapped to one taxonomy (errors.ts).
 * - The transport (http.ts) retries only where safe and never lets the API key out.
 */
import { z } from "zod"
import { gatewayAnswers } from "./answers"
import { VorexyError } from "./errors"
import { Call, VorexyClientOptions, VorexyHttp } from "./http"
import { RecentRead, recentReads } from "./recent-reads"
import {
  BalanceQuerySchema,
  CreateTransactionRequest,
  CreateTransactionSchema,
  describeIssues,
  IdempotencyKeySchema,
  ListTransactionsQuery,
  ListTransactionsSchema,
  RecordIdSchema,
  WithdrawalRequest,
  WithdrawalSchema,
} from "./requests"
import {
  Balance,
  CreatedTransaction,
  parseBalance,
  parseCreatedTransaction,
  parseTransactionDetail,
  parseTransactionPage,
  parseWithdrawal,
  TransactionDetail,
  TransactionPage,
  Withdrawal,
} from "./responses"

const PAST_PAYMENT = new Set(["paid", "refunded", "disputed"])

export class VorexyClient {
  private readonly http: VorexyHttp
  /** Which gateway account this client reads: reads are only ever reused within one. */
  private readonly account: string

  constructor(options: VorexyClientOptions) {
    this.http = new VorexyHttp(options)
    this.account = `${options.baseUrl}|${options.clientId}`
  }

  // ---- documented calls ------------------------------------------------------------------------

  /** POST /api/v1/transactions/create (spec §4.1). */
  async createTransaction(
    request: CreateTransactionRequest,
    options: { idempotencyKey: string }
  ): Promise<CreatedTransaction> {
    const operation = "createTransaction"
    const response = await this.post(operation, "/api/v1/transactions/create", {
      body: validate(operation, CreateTransactionSchema, request),
      idempotencyKey: options?.idempotencyKey,
    })
    return this.http.parse(operation, response, parseCreatedTransaction)
  }

  /** GET /api/Transaction/company/transactions (spec §4.2). */
  async listTransactions(query: ListTransactionsQuery = {}): Promise<TransactionPage> {
    const operation = "listTransactions"
    const params = validate(operation, ListTransactionsSchema, query)
    const response = await this.send({
      operation,
      method: "GET",
      path: "/api/Transaction/company/transactions",
      params,
    })
    return this.http.parse(operation, response, parseTransactionPage)
  }

  /**
   * A read of this transaction that this process made at most `maxAgeMs` ago, saying paid or past
   * it (refunded, disputed); null when there is none (recent-reads.ts). Those are the only states
   * worth reusing: none goes back to awaiting, and what was given back only grows, so an older read
   * can only understate a refund (the caller then refuses, and a retry reads afresh).
   */
  recentPaidRead(transactionId: string, maxAgeMs: number): RecentRead | null {
    const id = validate("getTransaction", RecordIdSchema, transactionId)
    const recent = recentReads.recall(`${this.account}|${id}`, maxAgeMs)
    return recent && PAST_PAYMENT.has(recent.detail.status.status) ? recent : null
  }

  /**
   * GET /api/Transaction/transactionByTransactionId/{id} (spec §4.3). `applied`: the caller acts on
   * this read itself, so a later reuse of it need not be announced (recent-reads.ts).
   */
  async getTransaction(
    transactionId: string,
    { applied = false }: { applied?: boolean } = {}
  ): Promise<TransactionDetail> {
    const operation = "getTransaction"
    const id = validate(operation, RecordIdSchema, transactionId)
    const response = await this.send({
      operation,
      method: "GET",
      path: `/api/Transaction/transactionByTransactionId/${encodeURIComponent(id)}`,
    })
    const detail = this.http.parse(operation, response, (body) => parseTransactionDetail(body, id))
    recentReads.remember(`${this.account}|${id}`, detail, applied)
    return detail
  }

  /** GET /api/Balance/balance/{companyId}?currency=BRL (spec §4.4). */
  async getBalance(companyId: number | string, currency: "BRL" = "BRL"): Promise<Balance> {
    const operation = "getBalance"
    const query = validate(operation, BalanceQuerySchema, { companyId, currency })
    const response = await this.send({
      operation,
      method: "GET",
      path: `/api/Balance/balance/${encodeURIComponent(query.companyId)}`,
      params: { currency: query.currency },
    })
    return this.http.parse(operation, response, parseBalance)
  }

  /**
   * POST /api/Withdraw/request (spec §4.5). A 2xx whose status is a failure (field evidence:
   * `enTransaction: "Failure"`) is a synchronous refusal: thrown as `refused`, with the record.
   */
  async requestWithdrawal(
    request: WithdrawalRequest,
    options: { idempotencyKey: string }
  ): Promise<Withdrawal> {
    const operation = "requestWithdrawal"
    const response = await this.post(operation, "/api/Withdraw/request", {
      body: validate(operation, WithdrawalSchema, request),
      idempotencyKey: options?.idempotencyKey,
    })
    const withdrawal = this.http.parse(operation, response, parseWithdrawal)
    if (withdrawal.status.status === "failed") {
      throw new VorexyError("refused", {
        operation,
        status: response.status,
        gatewayMessage:
          withdrawal.failureReason ??
          `withdrawal ${withdrawal.id} was refused (${withdrawal.status.raw})`,
        body: withdrawal.raw,
      })
    }
    return withdrawal
  }

  /** GET /api/Withdraw/{id} (not in the spec; seen in the field). Null when the gateway says 404. */
  async getWithdrawal(withdrawalId: string | number): Promise<Withdrawal | null> {
    const operation = "getWithdrawal"
    const id = validate(operation, RecordIdSchema, withdrawalId)
    try {
      const response = await this.send({
        operation,
        method: "GET",
        path: `/api/Withdraw/${encodeURIComponent(id)}`,
      })
      return this.http.parse(operation, response, parseWithdrawal)
    } catch (error) {
      if (error instanceof VorexyError && error.kind === "not_found") return null
      throw error
    }
  }

  /**
   * Whether the gateway answers this account now: any call of this process answered within
   * `withinMs`, else one list call (a page of one) asks it. A gateway failing every call is down,
   * whatever it answers (a 404 from a proxy included).
   */
  async answering(withinMs: number): Promise<boolean> {
    if (gatewayAnswers.answeredWithin(this.account, withinMs)) return true
    return this.listTransactions({ page: 1, pageSize: 1 }).then(
      () => true,
      () => false
    )
  }

  /** Every call goes out here: an answer is remembered (answers.ts). */
  private async send(call: Call) {
    const response = await this.http.send(call)
    gatewayAnswers.note(this.account)
    return response
  }

  /** A POST that moves money: always with a valid Idempotency-Key, the same on every retry. */
  private post(operation: string, path: string, call: { body: unknown; idempotencyKey: string }) {
    const idempotencyKey = validate(operation, IdempotencyKeySchema, call.idempotencyKey)
    return this.send({ operation, method: "POST", path, body: call.body, idempotencyKey })
  }
}

function validate<S extends z.ZodType>(operation: string, schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issues = describeIssues(parsed.error)
    throw new VorexyError("request_invalid", {
      operation,
      gatewayMessage: issues.join("; "),
      issues,
    })
  }
  return parsed.data
}
