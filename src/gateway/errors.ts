/**
 * One error taxonomy for everything the gateway client can fail with. Errors carry the HTTP status,
 * the gateway's own message and the operation, and never the request headers (axios errors carry
 * them, so axios errors are never let out as they are).
 */
import { Redactor } from "./redact"

export type VorexyErrorKind =
  /** Our request was refused locally before sending (zod validation). */
  | "request_invalid"
  /** 401 / 403: wrong or missing credentials. */
  | "authentication"
  /** 400 / 422 and other 4xx: the gateway refused the request's content. */
  | "validation"
  /** 404 */
  | "not_found"
  /** 409, or 422 about the Idempotency-Key: the key was used with a different body. */
  | "conflict"
  /** 429 */
  | "rate_limited"
  /** 5xx, 408, 425, network error, timeout. */
  | "unavailable"
  /** Unparseable or wrong-shaped body. */
  | "protocol"
  /** A 2xx that carries a business failure (e.g. withdrawal `enTransaction: Failure`). */
  | "refused"

export type VorexyErrorInit = {
  operation: string
  status?: number
  gatewayMessage?: string
  retryAfterMs?: number
  issues?: string[]
  /** The gateway body (already redacted), kept for the admin to read. */
  body?: unknown
  cause?: unknown
}

const DEFAULT_MESSAGES: Record<VorexyErrorKind, string> = {
  request_invalid: "The request to Vorexy is invalid and was not sent",
  authentication: "Vorexy rejected the credentials (check clientId and apiKey)",
  validation: "Vorexy refused the request",
  not_found: "Vorexy has no such record",
  conflict: "Vorexy reports a conflict with an earlier request using the same Idempotency-Key",
  rate_limited: "Vorexy is rate limiting requests",
  unavailable: "Vorexy is unavailable",
  protocol: "Vorexy sent a response that could not be understood",
  refused: "Vorexy refused the operation",
}

export class VorexyError extends Error {
  readonly kind: VorexyErrorKind
  readonly operation: string
  readonly status?: number
  readonly gatewayMessage?: string
  readonly retryAfterMs?: number
  readonly issues?: string[]
  readonly body?: unknown
  /**
   * The gateway may have processed the request (this failure, or an earlier attempt of the same
   * call, was a timeout, a dropped connection or a 5xx): money may have moved.
   */
  maybeProcessed: boolean

  constructor(kind: VorexyErrorKind, init: VorexyErrorInit) {
    const detail = init.gatewayMessage ? `: ${init.gatewayMessage}` : ""
    const status = init.status ? ` (HTTP ${init.status})` : ""
    super(`${DEFAULT_MESSAGES[kind]}${detail}${status} [${init.operation}]`)
    this.name = "VorexyError"
    this.kind = kind
    this.operation = init.operation
    this.status = init.status
    this.gatewayMessage = init.gatewayMessage
    this.retryAfterMs = init.retryAfterMs
    this.issues = init.issues
    this.body = init.body
    this.maybeProcessed = kind === "unavailable"
    // Keep the cause's message only; the cause object itself (an AxiosError) holds headers.
    if (init.cause instanceof Error && !detail) this.message += ` (${init.cause.message})`
  }

  /** True when sending the same request again (same Idempotency-Key) may succeed. */
  get retryable(): boolean {
    return this.kind === "unavailable" || this.kind === "rate_limited"
  }

  toJSON() {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      operation: this.operation,
      status: this.status,
      gatewayMessage: this.gatewayMessage,
      retryAfterMs: this.retryAfterMs,
      issues: this.issues,
      maybeProcessed: this.maybeProcessed,
    }
  }
}

/** First readable message in a gateway error body: message, error, detail, title, errors[] / errors{}. */
export function extractGatewayMessage(body: unknown): string | undefined {
  if (typeof body === "string") {
    const text = body.trim()
    return text && text.length <= 500 && !text.startsWith("<") ? text : undefined
  }
  if (!body || typeof body !== "object") return undefined
  const record = body as Record<string, unknown>
  for (const field of ["message", "error", "detail", "title"]) {
    const value = record[field]
    if (typeof value === "string" && value.trim()) {
      // ProblemDetails puts a generic title beside a specific detail or errors: prefer those.
      if (
        field === "title" &&
        (typeof record.detail === "string" || collectErrors(record.errors).length)
      )
        continue
      return value.trim()
    }
    if (value && typeof value === "object" && field === "error") {
      const nested = extractGatewayMessage(value)
      if (nested) return nested
    }
  }
  const errors = collectErrors(record.errors)
  return errors.length ? errors.join("; ") : undefined
}

function collectErrors(errors: unknown): string[] {
  if (!errors) return []
  if (typeof errors === "string") return [errors]
  if (Array.isArray(errors)) {
    return errors.flatMap((e) =>
      typeof e === "string" ? [e] : extractGatewayMessage(e) ? [extractGatewayMessage(e)!] : []
    )
  }
  if (typeof errors === "object") {
    return Object.entries(errors as Record<string, unknown>).flatMap(([field, value]) =>
      collectErrors(value).map((m) => `${field}: ${m}`)
    )
  }
  return []
}

const IDEMPOTENCY_WORDS = /idempoten/i

export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined
  const text = String(value).trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Maps an HTTP error response to the taxonomy. */
export function errorFromResponse(
  operation: string,
  status: number,
  body: unknown,
  headers: Record<string, unknown>,
  redactor: Redactor
): VorexyError {
  const safeBody = redactor.value(body)
  const gatewayMessage = extractGatewayMessage(safeBody)
  const init: VorexyErrorInit = { operation, status, gatewayMessage, body: safeBody }
  if (status === 401 || status === 403) return new VorexyError("authentication", init)
  if (status === 404) return new VorexyError("not_found", init)
  if (status === 409) return new VorexyError("conflict", init)
  if (status === 422 && gatewayMessage && IDEMPOTENCY_WORDS.test(gatewayMessage))
    return new VorexyError("conflict", init)
  if (status === 429) {
    return new VorexyError("rate_limited", {
      ...init,
      retryAfterMs: parseRetryAfter(headers["retry-after"]),
    })
  }
  if (status === 408 || status === 425 || status >= 500) return new VorexyError("unavailable", init)
  return new VorexyError("validation", init)
}

/** Maps a transport failure (no response) to the taxonomy, keeping only a safe message. */
export function errorFromTransport(
  operation: string,
  cause: { code?: string; message?: string },
  redactor: Redactor
) {
  const timedOut =
    cause.code === "ECONNABORTED" ||
    cause.code === "ETIMEDOUT" ||
    /timeout/i.test(cause.message ?? "")
  const reason = timedOut
    ? "request timed out"
    : `network error${cause.code ? ` ${cause.code}` : ""}`
  return new VorexyError("unavailable", { operation, gatewayMessage: redactor.text(reason) })
}

/** True for a VorexyError, also after a workflow engine has serialised it (class lost, fields kept). */
export function isVorexyError(error: unknown): error is VorexyError {
  if (error instanceof VorexyError) return true
  const e = error as { name?: unknown; kind?: unknown } | null
  return Boolean(
    e && e.name === "VorexyError" && typeof e.kind === "string" && e.kind in DEFAULT_MESSAGES
  )
}
