/**
 * The HTTP transport under the Vorexy client: one axios instance with the credentials, bounded
 * retries where they are safe, and errors mapped to one taxonomy with every secret redacted.
 *
 * Retries (axios-retry): network errors, timeouts, 408/425/429/5xx, exponential backoff with
 * jitter, honouring Retry-After. A POST carries the caller's Idempotency-Key, sent unchanged on
 * every attempt, so a retry never charges twice.
 */
import axios, { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse } from "axios"
import axiosRetry, { isNetworkError } from "axios-retry"
import { errorFromResponse, errorFromTransport, parseRetryAfter, VorexyError } from "./errors"
import { Redactor } from "./redact"
import { ShapeError } from "./responses"
import { GATEWAY_MAX_RETRY_AFTER_MS } from "../rules/timing"

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

/**
 * Whether an attempt of one call may have been processed. A class, not a plain object: axios
 * copies plain objects of a config on every attempt, and the mark must reach the caller.
 */
class AttemptLog {
  maybeProcessed = false
}

/** A request's config, carrying its attempt log. */
type TrackedConfig = AxiosRequestConfig & {
  vorexyAttempts?: AttemptLog
  /** The wait before the retry about to be made (logged with it). */
  vorexyRetryInMs?: number
}

export type Call = {
  operation: string
  method: "GET" | "POST"
  path: string
  body?: unknown
  idempotencyKey?: string
  params?: Record<string, unknown>
}

export class VorexyHttp {
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
      maxRetryAfterMs: GATEWAY_MAX_RETRY_AFTER_MS,
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
        const wait = Math.round(Math.max(jittered, Math.min(retryAfter, retry.maxRetryAfterMs)))
        if (error.config) (error.config as TrackedConfig).vorexyRetryInMs = wait
        return wait
      },
      onRetry: (retryCount, error, config) => {
        // A timeout, a dropped connection or a 5xx may follow a request the gateway processed.
        const status = error.response?.status
        if (status === undefined || status === 408 || status >= 500) {
          const tracked = (config as TrackedConfig).vorexyAttempts
          if (tracked) tracked.maybeProcessed = true
        }
        this.logger?.warn?.(
          this.redactor.text(
            `vorexy: retry ${retryCount} of ${config.method?.toUpperCase()} ${config.url} after ${status ?? error.code ?? "network"}, in ${(config as TrackedConfig).vorexyRetryInMs ?? 0} ms`
          )
        )
      },
    })
  }

  async send(call: Call): Promise<AxiosResponse<string>> {
    const headers: Record<string, string> = {}
    if (call.body !== undefined) headers["Content-Type"] = "application/json"
    if (call.idempotencyKey) headers["Idempotency-Key"] = call.idempotencyKey
    const started = Date.now()
    const attempts = new AttemptLog()
    try {
      const response = await this.http.request<string>({
        method: call.method,
        url: call.path,
        data: call.body === undefined ? undefined : JSON.stringify(call.body),
        params: call.params,
        headers,
        vorexyAttempts: attempts,
      } as TrackedConfig)
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
        const failure = errorFromResponse(
          call.operation,
          status,
          tryJson(data),
          responseHeaders as Record<string, unknown>,
          this.redactor
        )
        failure.maybeProcessed ||= attempts.maybeProcessed
        throw failure
      }
      this.logger?.warn?.(
        this.redactor.text(
          `vorexy: ${call.method} ${call.path} failed: ${axiosError.code ?? axiosError.message}`
        )
      )
      throw errorFromTransport(call.operation, axiosError, this.redactor)
    }
  }

  parse<T>(operation: string, response: AxiosResponse<string>, parser: (body: unknown) => T): T {
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
