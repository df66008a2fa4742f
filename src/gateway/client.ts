/**
 * Typed client for the Vorexy API: one method per documented call, plus GET /api/Withdraw/{id}
 * seen in the field. Knows nothing of Medusa.
 *
 * - Requests are validated with zod first; a bad request throws `request_invalid` and is never sent.
 * - Responses are parsed tolerantly (responses.ts) and errors mapped to one taxonomy (errors.ts).
 * - Retries (axios-retry) only where safe: network errors, timeouts, 408/425/429/5xx, bounded, with
 *   exponential backoff and jitter, honouring Retry-After. POSTs always carry the caller's
 *   Idempotency-Key, and the same key is sent on every attempt, so a retry never charges twice.
 * - The API key never leaves: errors are rebuilt from safe parts and every text is redacted.
 */
import axios, { AxiosError, AxiosInstance, AxiosResponse } from "axios"
import axiosRetry, { isNetworkError } from "axios-retry"
import { z } from "zod"
import { errorFromResponse, errorFromTransport, parseRetryAfter, VorexyError } from "./errors"
import { Redactor } from "./redact"
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
  ShapeError,
  TransactionDetail,
  TransactionPage,
  Withdrawal,
} from "./responses"

export type VorexyLogger = {
  debug?: (message: string) => void
  warn?: (message: string) => void
}

export type RetryOptions = {
  /** Retries after the first attempt (default 3). 0 disables retrying. */
  retries?: number
  /** First backoff step in ms (default 300); doubles each retry, with full jitter. */
  baseDelayMs?: number
  /** Upper bound of one backoff wait in ms (default 5000). */
  maxDelayMs?: number
  /** A Retry-After longer than this (default 30000 ms) is not waited for: the error is returned. */
  maxRetryAfterMs?: number
}

export type VorexyClientOptions = {
  baseUrl: string
  clientId: string
  apiKey: string
  /** Per-attempt timeout in ms (default 15000, as seen in the field). */
  timeoutMs?: number
  retry?: RetryOptions
  logger?: VorexyLogger
  /** Extra strings to redact from anything the client lets out (e.g. the webhook secret). */
  secrets?: string[]
  /** Sent as User-Agent. */
  userAgent?: string
}

const RETRYABLE_STATUS = new Set([408, 425, 429])

type Call = {
  operation: string
  method: "GET" | "POST"
  path: string
  body?: unknown
  idempotencyKey?: string
  params?: Record<string, unknown>
}

export class VorexyClient {
  private readonly http: AxiosInstance
  private readonly redactor: Redactor
  private readonly logger?: VorexyLogger

  constructor(options: VorexyClientOptions) {
    const missing = (["baseUrl", "clientId", "apiKey"] as const).filter((k) => !options[k])
    if (missing.length) throw new Error(`VorexyClient: missing ${missing.join(", ")}`)
    this.redactor = new Redactor([options.apiKey, ...(options.secrets ?? [])])
    this.logger = options.logger
    const retry = {
      retries: 3,
      baseDelayMs: 300,
      maxDelayMs: 5000,
      maxRetryAfterMs: 30000,
      ...options.retry,
    }

    this.http = axios.create({
      baseURL: options.baseUrl.replace(/\/+$/, ""),
      timeout: options.timeoutMs ?? 15000,
      headers: {
        Accept: "application/json",
        "X-Client-Id": options.clientId,
        "X-API-Key": options.apiKey,
        "User-Agent": options.userAgent ?? "medusa-payment-vorexy",
      },
      // We parse ourselves so an unparseable body becomes a protocol error, not a crash.
      responseType: "text",
      transformResponse: [(data) => data],
      validateStatus: () => true,
      maxRedirects: 0,
    })

    // Map non-2xx statuses to rejections *before* axios-retry sees them, so it can decide on them.
    this.http.interceptors.response.use((response) => {
      if (response.status >= 200 && response.status < 300) return response
      const error = new AxiosError(
        `HTTP ${response.status}`,
        String(response.status),
        response.config,
        response.request,
        response
      )
      return Promise.reject(error)
    })

    axiosRetry(this.http, {
      retries: retry.retries,
      shouldResetTimeout: true,
      retryCondition: (error) => {
        if (isNetworkError(error) || error.code === "ECONNABORTED" || error.code === "ETIMEDOUT")
          return true
        const status = error.response?.status
        if (status === undefined) return false
        if (status === 429) {
          const wait = parseRetryAfter(error.response?.headers?.["retry-after"])
          return wait === undefined || wait <= retry.maxRetryAfterMs
        }
        return RETRYABLE_STATUS.has(status) || status >= 500
      },
      retryDelay: (retryCount, error) => {
        const backoff = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (retryCount - 1))
        const jittered = backoff / 2 + Math.random() * (backoff / 2)
        const retryAfter = parseRetryAfter(error.response?.headers?.["retry-after"]) ?? 0
        return Math.max(jittered, Math.min(retryAfter, retry.maxRetryAfterMs))
      },
      onRetry: (retryCount, error, config) => {
        const status = error.response?.status ?? error.code ?? "network"
        this.logger?.warn?.(
          this.redactor.text(
            `vorexy: retry ${retryCount} of ${config.method?.toUpperCase()} ${config.url} after ${status}`
          )
        )
      },
    })
  }

  // ---- documented calls ------------------------------------------------------------------------

  /** POST /api/v1/transactions/create (spec §4.1). */
  async createTransaction(
    request: CreateTransactionRequest,
    options: { idempotencyKey: string }
  ): Promise<CreatedTransaction> {
    const operation = "createTransaction"
    const body = validate(operation, CreateTransactionSchema, request)
    const idempotencyKey = validate(operation, IdempotencyKeySchema, options?.idempotencyKey)
    const response = await this.send({
      operation,
      method: "POST",
      path: "/api/v1/transactions/create",
      body,
      idempotencyKey,
    })
    return this.parse(operation, response, parseCreatedTransaction)
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
    return this.parse(operation, response, parseTransactionPage)
  }

  /** GET /api/Transaction/transactionByTransactionId/{id} (spec §4.3). */
  async getTransaction(transactionId: string): Promise<TransactionDetail> {
    const operation = "getTransaction"
    const id = validate(operation, RecordIdSchema, transactionId)
    const response = await this.send({
      operation,
      method: "GET",
      path: `/api/Transaction/transactionByTransactionId/${encodeURIComponent(id)}`,
    })
    return this.parse(operation, response, (body) => parseTransactionDetail(body, id))
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
    return this.parse(operation, response, parseBalance)
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
    const body = validate(operation, WithdrawalSchema, request)
    const idempotencyKey = validate(operation, IdempotencyKeySchema, options?.idempotencyKey)
    const response = await this.send({
      operation,
      method: "POST",
      path: "/api/Withdraw/request",
      body,
      idempotencyKey,
    })
    const withdrawal = this.parse(operation, response, parseWithdrawal)
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
      return this.parse(operation, response, parseWithdrawal)
    } catch (error) {
      if (error instanceof VorexyError && error.kind === "not_found") return null
      throw error
    }
  }

  // ---- plumbing --------------------------------------------------------------------------------

  private async send(call: Call): Promise<AxiosResponse<string>> {
    const headers: Record<string, string> = {}
    if (call.body !== undefined) headers["Content-Type"] = "application/json"
    if (call.idempotencyKey) headers["Idempotency-Key"] = call.idempotencyKey
    const started = Date.now()
    try {
      const response = await this.http.request<string>({
        method: call.method,
        url: call.path,
        data: call.body === undefined ? undefined : JSON.stringify(call.body),
        params: call.params,
        headers,
      })
      this.logger?.debug?.(
        this.redactor.text(
          `vorexy: ${call.method} ${call.path} -> ${response.status} in ${Date.now() - started} ms`
        )
      )
      return response
    } catch (error) {
      const axiosError = error as AxiosError<string>
      if (axiosError.response) {
        const { status, data, headers: responseHeaders } = axiosError.response
        this.logger?.warn?.(this.redactor.text(`vorexy: ${call.method} ${call.path} -> ${status}`))
        throw errorFromResponse(
          call.operation,
          status,
          tryJson(data),
          responseHeaders as Record<string, unknown>,
          this.redactor
        )
      }
      this.logger?.warn?.(
        this.redactor.text(
          `vorexy: ${call.method} ${call.path} failed: ${axiosError.code ?? axiosError.message}`
        )
      )
      throw errorFromTransport(call.operation, axiosError, this.redactor)
    }
  }

  private parse<T>(
    operation: string,
    response: AxiosResponse<string>,
    parser: (body: unknown) => T
  ): T {
    const body = tryJson(response.data)
    if (typeof body === "string") {
      throw new VorexyError("protocol", {
        operation,
        status: response.status,
        gatewayMessage: "response body is not JSON",
      })
    }
    try {
      return parser(body)
    } catch (error) {
      if (error instanceof ShapeError) {
        throw new VorexyError("protocol", {
          operation,
          status: response.status,
          gatewayMessage: error.message,
          body: this.redactor.value(body),
        })
      }
      throw error
    }
  }
}

function tryJson(data: unknown): unknown {
  if (typeof data !== "string") return data
  const text = data.trim()
  if (!text) return ""
  try {
    return JSON.parse(text)
  } catch {
    return text
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
