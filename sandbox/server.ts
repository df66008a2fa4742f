/**
 * A spec-faithful Vorexy sandbox: a real HTTP server implementing every documented endpoint, with
 * our decisions for the spec's gaps (README "Spec gaps"), plus what tests, the demo and the
 * benchmarks need: control endpoints under /__sandbox, fault injection, a request log, webhooks.
 */
import { createServer, IncomingMessage, Server, ServerResponse, STATUS_CODES } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import {
  ApiError,
  Company,
  CompanySeed,
  DEFAULT_COMPANIES,
  DEFAULT_VARIANTS,
  SandboxState,
  Variants,
} from "./state"
import * as views from "./views"
import { DEFAULT_WEBHOOK_SETTINGS, WebhookDispatcher, WebhookSettings } from "./webhooks"

export type Faults = {
  /** Added before every API request is handled. */
  latencyMs: number
  /** Probability (0..1) that an API request is answered `errorStatus` without being handled. */
  errorRate: number
  errorStatus: number
  /** The next N API requests are answered `errorStatus` without being handled. */
  failNext: number
  /** The next N API requests are answered 429 with Retry-After: retryAfterSeconds. */
  rateLimitNext: number
  retryAfterSeconds: number
  /** The next N creates/withdrawals are accepted (the record exists) and then never answered: the
   *  connection is held for acceptHoldMs and dropped, as a client timeout sees it. */
  timeoutAfterAccept: number
  acceptHoldMs: number
  /** The next N API requests have their connection dropped before they are handled. */
  dropNext: number
  /** Restrict faults to these route names (e.g. ["createTransaction"]); null for all. */
  routes: string[] | null
  /** Scripted outcomes, one per upcoming API request (consumed first): "pass" handles it normally. */
  sequence: FaultStep[]
}

export type FaultStep = "pass" | "error" | "rateLimit" | "drop" | "acceptThenTimeout"

export const DEFAULT_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: 0,
  errorStatus: 503,
  failNext: 0,
  rateLimitNext: 0,
  retryAfterSeconds: 1,
  timeoutAfterAccept: 0,
  acceptHoldMs: 20000,
  dropNext: 0,
  routes: null,
  sequence: [],
}

export type LoggedRequest = {
  at: string
  method: string
  path: string
  route: string
  status: number | "dropped" | "held"
  companyId?: number
  idempotencyKey?: string
  /** The non-secret request headers (X-API-Key is never logged). */
  headers: { accept?: string; contentType?: string; clientId?: string; apiKeySent: boolean }
}

export type SandboxOptions = {
  port?: number
  host?: string
  companies?: CompanySeed[]
  /** Default webhook URL for every company (settable later per company). */
  webhookUrl?: string | null
  webhooks?: Partial<WebhookSettings>
  /** How often awaiting PIX charges past their expirationDate are expired (0 disables). */
  expirySweepMs?: number
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> }
type Ctx = {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  body: unknown
  params: string[]
  company?: Company
}
type Route = {
  method: string
  pattern: RegExp
  name: string
  api: boolean
  handle: (ctx: Ctx) => Promise<Reply> | Reply
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const MAX_BODY = 1024 * 1024

export class Sandbox {
  readonly state: SandboxState
  readonly webhooks = new WebhookDispatcher()
  faults: Faults = { ...DEFAULT_FAULTS, sequence: [] }
  requests: LoggedRequest[] = []
  url = ""
  private server?: Server
  private sockets = new Set<Socket>()
  private holds = new Set<NodeJS.Timeout>()
  private sweep?: NodeJS.Timeout
  private readonly routes: Route[]

  constructor(private readonly options: SandboxOptions = {}) {
    this.state = new SandboxState(
      options.companies ?? DEFAULT_COMPANIES,
      options.webhookUrl ?? null,
      (event) => {
        const company = this.state.companies.get(
          event.kind === "transaction" ? event.transaction.companyId : event.withdrawal.companyId
        )
        const body =
          event.kind === "transaction"
            ? views.transactionEvent(event.transaction)
            : views.withdrawalEvent(event.withdrawal)
        this.webhooks.send(company?.webhookUrl ?? null, body)
      }
    )
    this.webhooks.settings = { ...DEFAULT_WEBHOOK_SETTINGS, ...options.webhooks }
    this.routes = [...this.apiRoutes(), ...this.controlRoutes()]
  }

  /** Credentials of a seeded company (the first by default). */
  credentials(companyId?: number) {
    const company = companyId
      ? this.state.company(companyId)
      : [...this.state.companies.values()][0]
    return { clientId: company.clientId, apiKey: company.apiKey, companyId: company.companyId }
  }

  countRequests(route?: string) {
    return this.requests.filter((r) => !route || r.route === route).length
  }

  setFaults(faults: Partial<Faults>) {
    this.faults = {
      ...this.faults,
      ...faults,
      sequence: [...(faults.sequence ?? this.faults.sequence)],
    }
  }

  setVariants(variants: Partial<Variants>) {
    this.state.variants = { ...this.state.variants, ...variants }
  }

  setWebhookUrl(url: string | null, companyId?: number) {
    for (const company of this.state.companies.values()) {
      if (companyId === undefined || company.companyId === companyId) company.webhookUrl = url
    }
  }

  /** Back to the initial state: no records, no faults, default variants and webhook settings. */
  reset() {
    this.state.reset()
    this.faults = { ...DEFAULT_FAULTS, sequence: [] }
    this.requests = []
    this.webhooks.reset()
    this.webhooks.settings = { ...DEFAULT_WEBHOOK_SETTINGS, ...this.options.webhooks }
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.dispatch(req, res))
    this.server.keepAliveTimeout = 1000
    this.server.on("connection", (socket) => {
      this.sockets.add(socket)
      socket.on("close", () => this.sockets.delete(socket))
    })
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject)
      this.server!.listen(this.options.port ?? 0, this.options.host ?? "127.0.0.1", resolve)
    })
    const { port } = this.server.address() as AddressInfo
    this.url = `http://${this.options.host ?? "127.0.0.1"}:${port}`
    const sweepMs = this.options.expirySweepMs ?? 1000
    if (sweepMs > 0) {
      this.sweep = setInterval(() => this.state.sweepExpired(), sweepMs)
      this.sweep.unref()
    }
    return this
  }

  async stop() {
    if (this.sweep) clearInterval(this.sweep)
    this.webhooks.stop()
    for (const hold of this.holds) clearTimeout(hold)
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve()
    )
  }

  // ---- request pipeline ----------------------------------------------------------------------

  private async dispatch(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://sandbox")
    const path = url.pathname.replace(/\/+$/, "") || "/"
    const matches = this.routes.filter((r) => r.pattern.test(path))
    const route = matches.find((r) => r.method === req.method)
    const entry: LoggedRequest = {
      at: new Date().toISOString(),
      method: req.method ?? "?",
      path: url.pathname,
      route: route?.name ?? "unknown",
      status: 0,
      idempotencyKey: header(req, "idempotency-key"),
      headers: {
        accept: header(req, "accept"),
        contentType: header(req, "content-type"),
        clientId: header(req, "x-client-id"),
        apiKeySent: Boolean(header(req, "x-api-key")),
      },
    }
    const isApi = route ? route.api : !path.startsWith("/__sandbox")
    if (isApi) this.requests.push(entry)

    try {
      const body = await readJson(req)
      if (!route) {
        throw new ApiError(
          matches.length ? 405 : 404,
          matches.length
            ? `Method ${req.method} not allowed`
            : `No route for ${req.method} ${url.pathname}`
        )
      }
      const fault = route.api ? await this.injectFaults(route, req, res, entry) : "pass"
      if (fault === "answered") return
      const ctx: Ctx = { req, res, url, body, params: route.pattern.exec(path)!.slice(1) }
      if (route.api) {
        ctx.company =
          this.state.authenticate(req.headers["x-client-id"], req.headers["x-api-key"]) ?? undefined
        if (!ctx.company)
          throw new ApiError(401, "Unauthorized: missing or invalid X-Client-Id / X-API-Key")
        entry.companyId = ctx.company.companyId
      }
      const reply = await route.handle(ctx)
      if (route.api && this.shouldHoldAfterAccept(route, reply, fault === "acceptThenTimeout")) {
        entry.status = "held"
        const hold = setTimeout(() => {
          this.holds.delete(hold)
          req.socket.destroy()
        }, this.faults.acceptHoldMs)
        this.holds.add(hold)
        return
      }
      entry.status = reply.status
      this.send(res, reply)
    } catch (error) {
      const reply = this.errorReply(error)
      entry.status = reply.status
      this.send(res, reply)
    }
  }

  private appliesTo(route: Route) {
    return !this.faults.routes || this.faults.routes.includes(route.name)
  }

  /**
   * Applies the configured faults. "answered": a fault answered (or dropped) the request;
   * "acceptThenTimeout": handle it, then never answer; "pass": handle it normally.
   */
  private async injectFaults(
    route: Route,
    req: IncomingMessage,
    res: ServerResponse,
    entry: LoggedRequest
  ) {
    if (!this.appliesTo(route)) return "pass" as const
    const f = this.faults
    const step: FaultStep | undefined = f.sequence.length ? f.sequence.shift() : undefined
    const answer = (error: ApiError, headers?: Record<string, string>) => {
      const reply = this.errorReply(error)
      reply.headers = { ...reply.headers, ...headers }
      entry.status = reply.status
      this.send(res, reply)
      return "answered" as const
    }
    if (step === "drop" || (!step && f.dropNext > 0)) {
      if (!step) f.dropNext--
      entry.status = "dropped"
      req.socket.destroy()
      return "answered" as const
    }
    if (f.latencyMs > 0) await sleep(f.latencyMs)
    if (
      step === "error" ||
      (!step && (f.failNext > 0 || (f.errorRate > 0 && Math.random() < f.errorRate)))
    ) {
      if (!step && f.failNext > 0) f.failNext--
      return answer(new ApiError(f.errorStatus, "Service temporarily unavailable (sandbox fault)"))
    }
    if (step === "rateLimit" || (!step && f.rateLimitNext > 0)) {
      if (!step) f.rateLimitNext--
      return answer(new ApiError(429, "Too many requests (sandbox fault)"), {
        "retry-after": String(f.retryAfterSeconds),
      })
    }
    return step === "acceptThenTimeout" ? ("acceptThenTimeout" as const) : ("pass" as const)
  }

  private shouldHoldAfterAccept(route: Route, reply: Reply, scripted: boolean) {
    if (!["createTransaction", "requestWithdrawal"].includes(route.name) || reply.status >= 300)
      return false
    if (scripted) return true
    if (this.faults.timeoutAfterAccept <= 0 || !this.appliesTo(route)) return false
    this.faults.timeoutAfterAccept--
    return true
  }

  private errorReply(error: unknown): Reply {
    const apiError = error instanceof ApiError ? error : new ApiError(500, "Internal sandbox error")
    if (!(error instanceof ApiError)) console.error("[sandbox]", error)
    const status = apiError.status
    const reason = STATUS_CODES[status] ?? "Error"
    if (this.state.variants.errorStyle === "problem") {
      return {
        status,
        headers: { "content-type": "application/problem+json; charset=utf-8" },
        body: {
          type: `https://httpstatuses.io/${status}`,
          title: apiError.fieldErrors ? "One or more validation errors occurred." : reason,
          status,
          ...(apiError.fieldErrors
            ? { errors: apiError.fieldErrors }
            : { detail: apiError.message }),
          traceId: `00-${Date.now().toString(16)}-sandbox-00`,
        },
      }
    }
    const details = apiError.fieldErrors
      ? `: ${Object.values(apiError.fieldErrors).flat().join("; ")}`
      : ""
    return { status, body: { status, error: reason, message: `${apiError.message}${details}` } }
  }

  private send(res: ServerResponse, reply: Reply) {
    if (res.headersSent || res.destroyed) return
    const headers = { "content-type": "application/json; charset=utf-8", ...reply.headers }
    res.writeHead(reply.status, headers)
    res.end(reply.body === undefined ? "" : JSON.stringify(reply.body))
  }

  // ---- the documented API --------------------------------------------------------------------

  private apiRoutes(): Route[] {
    const state = this.state
    return [
      {
        method: "POST",
        pattern: /^\/api\/v1\/transactions\/create$/,
        name: "createTransaction",
        api: true,
        handle: async ({ req, body, company }) =>
          state.idempotent(
            company!.companyId,
            "create",
            header(req, "idempotency-key"),
            body,
            async () => ({
              status: 200,
              body: views.createResponse(state.createTransaction(company!, body), state.variants),
            })
          ),
      },
      {
        method: "GET",
        pattern: /^\/api\/Transaction\/company\/transactions$/,
        name: "listTransactions",
        api: true,
        handle: ({ url, company }) => {
          const page = intParam(url, "page", 1, 1, Number.MAX_SAFE_INTEGER)
          const pageSize = intParam(url, "pageSize", 50, 1, 100)
          const sort = url.searchParams.get("sort") ?? "createdAt_desc"
          if (sort !== "createdAt_desc" && sort !== "createdAt_asc") {
            throw new ApiError(400, "sort must be createdAt_desc or createdAt_asc")
          }
          const result = state.listTransactions(company!.companyId, page, pageSize, sort)
          return {
            status: 200,
            body: {
              ok: true,
              res: {
                items: result.items.map(views.listItem),
                totalItems: result.totalItems,
                totalPages: result.totalPages,
                currentPage: page,
                pageSize,
              },
            },
          }
        },
      },
      {
        method: "GET",
        pattern: /^\/api\/Transaction\/transactionByTransactionId\/([^/]+)$/,
        name: "getTransaction",
        api: true,
        handle: ({ params, company }) => ({
          status: 200,
          body: views.detail(state.transaction(decodeURIComponent(params[0]), company!.companyId)),
        }),
      },
      {
        method: "GET",
        pattern: /^\/api\/Balance\/balance\/([^/]+)$/,
        name: "getBalance",
        api: true,
        handle: ({ params, url, company }) => {
          const companyId = Number(params[0])
          // A company sees only its own balance; another id looks like no company at all.
          if (companyId !== company!.companyId)
            throw new ApiError(404, `Company ${params[0]} not found`)
          const currency = url.searchParams.get("currency") ?? "BRL"
          if (currency !== "BRL")
            throw new ApiError(400, `Unsupported currency ${currency}: only BRL`)
          return { status: 200, body: views.balance(company!, company!.companyId * 10 + 1) }
        },
      },
      {
        method: "POST",
        pattern: /^\/api\/Withdraw\/request$/,
        name: "requestWithdrawal",
        api: true,
        handle: async ({ req, body, company }) => {
          const key = header(req, "idempotency-key")
          if (!key) throw new ApiError(400, "Idempotency-Key header is required for withdrawals")
          return state.idempotent(company!.companyId, "withdraw", key, body, async () => ({
            status: 201,
            body: views.withdrawalRecord(
              state.requestWithdrawal(company!, body, key),
              state.variants
            ),
          }))
        },
      },
      {
        method: "GET",
        pattern: /^\/api\/Withdraw\/(\d+)$/,
        name: "getWithdrawal",
        api: true,
        handle: ({ params, company }) => ({
          status: 200,
          body: views.withdrawalDetail(
            state.withdrawal(Number(params[0]), company!.companyId),
            state.variants
          ),
        }),
      },
    ]
  }

  // ---- control endpoints (sandbox only) ------------------------------------------------------

  private controlRoutes(): Route[] {
    const state = this.state
    const control = (
      method: string,
      pattern: RegExp,
      name: string,
      handle: Route["handle"]
    ): Route => ({
      method,
      pattern,
      name: `control:${name}`,
      api: false,
      handle,
    })
    const obj = (body: unknown) =>
      body && typeof body === "object" ? (body as Record<string, any>) : {}
    const transactionAction = (action: string, id: string, body: Record<string, any>) => {
      switch (action) {
        case "pay":
          return state.payTransaction(id, body.amountCents)
        case "expire":
          return state.expireTransaction(id)
        case "cancel":
          return state.cancelTransaction(id)
        case "fail":
          return state.failTransaction(id)
        default:
          return state.refundTransaction(id)
      }
    }
    const withdrawalAction = (action: string, id: number, body: Record<string, any>) => {
      switch (action) {
        case "process":
          return state.processWithdrawal(id)
        case "complete":
          return state.completeWithdrawal(id)
        case "fail":
          return state.failWithdrawal(id, body.reason)
        default:
          return state.refundWithdrawal(id)
      }
    }
    return [
      control(
        "POST",
        /^\/__sandbox\/reset$/,
        "reset",
        () => (this.reset(), { status: 200, body: { ok: true } })
      ),
      control("GET", /^\/__sandbox\/state$/, "state", () => ({
        status: 200,
        body: {
          companies: [...state.companies.values()].map(({ apiKey: _secret, ...c }) => c),
          transactions: [...state.transactions.values()],
          withdrawals: [...state.withdrawals.values()],
          variants: state.variants,
          faults: this.faults,
          webhooks: this.webhooks.settings,
        },
      })),
      control("GET", /^\/__sandbox\/requests$/, "requests", ({ url }) => {
        const route = url.searchParams.get("route") ?? undefined
        const items = this.requests.filter((r) => !route || r.route === route)
        return { status: 200, body: { count: items.length, items } }
      }),
      control(
        "DELETE",
        /^\/__sandbox\/requests$/,
        "clearRequests",
        () => ((this.requests = []), { status: 200, body: { ok: true } })
      ),
      control(
        "POST",
        /^\/__sandbox\/faults$/,
        "faults",
        ({ body }) => (this.setFaults(obj(body)), { status: 200, body: this.faults })
      ),
      control(
        "DELETE",
        /^\/__sandbox\/faults$/,
        "clearFaults",
        () => (
          (this.faults = { ...DEFAULT_FAULTS, sequence: [] }),
          { status: 200, body: this.faults }
        )
      ),
      control(
        "POST",
        /^\/__sandbox\/variants$/,
        "variants",
        ({ body }) => (this.setVariants(obj(body)), { status: 200, body: state.variants })
      ),
      control(
        "DELETE",
        /^\/__sandbox\/variants$/,
        "clearVariants",
        () => ((state.variants = { ...DEFAULT_VARIANTS }), { status: 200, body: state.variants })
      ),
      control("POST", /^\/__sandbox\/webhooks$/, "webhooks", ({ body }) => {
        const { url, companyId, ...settings } = obj(body)
        if (url !== undefined) this.setWebhookUrl(url, companyId)
        this.webhooks.settings = { ...this.webhooks.settings, ...settings }
        return { status: 200, body: this.webhooks.settings }
      }),
      control("GET", /^\/__sandbox\/webhooks\/deliveries$/, "deliveries", () => ({
        status: 200,
        body: { items: this.webhooks.deliveries },
      })),
      control(
        "POST",
        /^\/__sandbox\/transactions\/([^/]+)\/(pay|expire|cancel|fail|refund)$/,
        "transaction",
        ({ params, body }) => ({
          status: 200,
          body: views.detail(
            transactionAction(params[1], decodeURIComponent(params[0]), obj(body))
          ),
        })
      ),
      control(
        "POST",
        /^\/__sandbox\/withdrawals\/(\d+)\/(process|complete|fail|refund)$/,
        "withdrawal",
        ({ params, body }) => ({
          status: 200,
          body: views.withdrawalDetail(withdrawalAction(params[1], Number(params[0]), obj(body)), {
            ...state.variants,
            withdrawalEnvelope: "flat",
          }),
        })
      ),
      control(
        "POST",
        /^\/__sandbox\/companies\/(\d+)\/bank-pix-key$/,
        "bankPixKey",
        ({ params, body }) => {
          const { pixKey, pixKeyType } = obj(body)
          state.setBankPixKey(
            Number(params[0]),
            pixKey ? { pixKey, pixKeyType: pixKeyType ?? "EVP" } : null
          )
          return { status: 200, body: { ok: true } }
        }
      ),
      control("POST", /^\/__sandbox\/companies\/(\d+)\/balance$/, "balance", ({ params, body }) => {
        const b = obj(body)
        const toCents = (v: unknown) => (v === undefined ? undefined : Math.round(Number(v) * 100))
        const update = Object.fromEntries(
          Object.entries({
            availableCents: b.availableCents ?? toCents(b.accBalance),
            creditCents: b.creditCents ?? toCents(b.accBalanceCredit),
            creditAwaitingCents: b.creditAwaitingCents ?? toCents(b.accBalanceCreditAwaiting),
            status: b.enBalanceStatus ?? b.status,
          }).filter(([, v]) => v !== undefined)
        )
        return { status: 200, body: state.setBalance(Number(params[0]), update) }
      }),
    ]
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value || undefined
}

function intParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name)
  if (raw === null || raw === "") return fallback
  if (!/^\d+$/.test(raw)) throw new ApiError(400, `${name} must be a positive integer`)
  const value = Number(raw)
  if (value < min || value > max)
    throw new ApiError(400, `${name} must be between ${min} and ${max}`)
  return value
}

async function readJson(req: IncomingMessage): Promise<unknown> {
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

/** Starts a sandbox and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}) {
  return new Sandbox(options).start()
}
