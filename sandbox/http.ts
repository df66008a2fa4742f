/** HTTP plumbing shared by the server, the fault injector and the routes. */
import { IncomingMessage, ServerResponse, STATUS_CODES } from "node:http"
import { ApiError, Company, Variants } from "./state"

export type Reply = {
  status: number
  body?: unknown
  headers?: Record<string, string>
  /** Sent as is instead of JSON (a PDF, a script); `headers` gives its content-type. */
  raw?: string | Buffer
}

export type Ctx = {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  body: unknown
  params: string[]
  company?: Company
}

/** What a documented API route sees: the server authenticated the company before calling it. */
export type ApiCtx = Ctx & { company: Company }

export type Route = {
  method: string
  pattern: RegExp
  name: string
  api: boolean
  handle: (ctx: Ctx) => Promise<Reply> | Reply
  /** Sent with every reply of the route, errors included (CORS for the card tokeniser). */
  headers?: Record<string, string>
}

export type LoggedRequest = {
  at: string
  method: string
  path: string
  /** The query string ("" when none): one list page told from another. */
  search: string
  route: string
  status: number | "dropped" | "held"
  companyId?: number
  idempotencyKey?: string
  /** The non-secret request headers (X-API-Key is never logged). */
  headers: { accept?: string; contentType?: string; clientId?: string; apiKeySent: boolean }
}

const MAX_BODY = 1024 * 1024

/** A documented API route (logged, subject to faults, authenticated). */
export function apiRoute(
  method: string,
  pattern: RegExp,
  name: string,
  handle: (ctx: ApiCtx) => Promise<Reply> | Reply
): Route {
  return {
    method,
    pattern,
    name,
    api: true,
    handle: (ctx) => {
      if (!ctx.company) throw new Error(`${name} called without an authenticated company`)
      return handle({ ...ctx, company: ctx.company })
    },
  }
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value || undefined
}

export function intParam(
  url: URL,
  name: string,
  fallback: number,
  min: number,
  max: number
): number {
  const raw = url.searchParams.get(name)
  if (raw === null || raw === "") return fallback
  if (!/^\d+$/.test(raw)) throw new ApiError(400, `${name} must be a positive integer`)
  const value = Number(raw)
  if (value < min || value > max)
    throw new ApiError(400, `${name} must be between ${min} and ${max}`)
  return value
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size > MAX_BODY) throw new ApiError(413, "Request body too large")
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString("utf8").trim()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, "Request body is not valid JSON")
  }
}

/** The request log entry, before the route has answered. */
export function logEntry(req: IncomingMessage, url: URL, route: string): LoggedRequest {
  return {
    at: new Date().toISOString(),
    method: req.method ?? "?",
    path: url.pathname,
    search: url.search,
    route,
    status: 0,
    idempotencyKey: header(req, "idempotency-key"),
    headers: {
      accept: header(req, "accept"),
      contentType: header(req, "content-type"),
      clientId: header(req, "x-client-id"),
      apiKeySent: Boolean(header(req, "x-api-key")),
    },
  }
}

/** Any thrown error as a reply in the chosen error style; unexpected errors become a logged 500. */
export function errorReply(error: unknown, style: Variants["errorStyle"]): Reply {
  const apiError = error instanceof ApiError ? error : new ApiError(500, "Internal sandbox error")
  if (!(error instanceof ApiError)) console.error("[sandbox]", error)
  const status = apiError.status
  const reason = STATUS_CODES[status] ?? "Error"
  if (style === "problem") {
    return {
      status,
      headers: { "content-type": "application/problem+json; charset=utf-8" },
      body: {
        type: `https://httpstatuses.io/${status}`,
        title: apiError.fieldErrors ? "One or more validation errors occurred." : reason,
        status,
        ...(apiError.fieldErrors ? { errors: apiError.fieldErrors } : { detail: apiError.message }),
        traceId: `00-${Date.now().toString(16)}-sandbox-00`,
      },
    }
  }
  const details = apiError.fieldErrors
    ? `: ${Object.values(apiError.fieldErrors).flat().join("; ")}`
    : ""
  return { status, body: { status, error: reason, message: `${apiError.message}${details}` } }
}

export function send(res: ServerResponse, reply: Reply) {
  if (res.headersSent || res.destroyed) return
  const headers = { "content-type": "application/json; charset=utf-8", ...reply.headers }
  res.writeHead(reply.status, headers)
  if (reply.raw !== undefined) res.end(reply.raw)
  else res.end(reply.body === undefined ? "" : JSON.stringify(reply.body))
}
