/**
 * A spec-faithful Vorexy sandbox: a real HTTP server implementing every documented endpoint, with
 * our decisions for the spec's gaps (docs/spec-decisions.md), plus what tests, the demo and the
 * benchmarks need: control endpoints under /__sandbox, fault injection, a request log, webhooks,
 * and what a browser fetches from a gateway (boleto slips, the card tokeniser and its script).
 * This file is the server itself (lifecycle, request pipeline, state file); routes live in routes/.
 */
import { createServer, IncomingMessage, Server, ServerResponse } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { DEFAULT_FAULTS, FaultInjector, Faults } from "./faults"
import { Ctx, errorReply, LoggedRequest, logEntry, readJson, Reply, Route, send } from "./http"
import { balanceRoutes } from "./routes/balance"
import { controlRoutes } from "./routes/control"
import { paymentMethodRoutes } from "./routes/payment-methods"
import { transactionRoutes } from "./routes/transactions"
import { withdrawalRoutes } from "./routes/withdrawals"
import { ApiError, CompanySeed, DEFAULT_COMPANIES, SandboxState, Variants } from "./state"
import { readStateFile, STATE_FILE_VERSION, writeStateFile } from "./state-file"
import * as views from "./views"
import {
  DEFAULT_WEBHOOK_SETTINGS,
  PendingDelivery,
  WebhookDispatcher,
  WebhookSettings,
} from "./webhooks"

export { DEFAULT_FAULTS } from "./faults"
export type { Faults, FaultStep } from "./faults"
export type { LoggedRequest } from "./http"
export { StateFileError } from "./state-file"

export type SandboxOptions = {
  port?: number
  host?: string
  companies?: CompanySeed[]
  /** Default webhook URL for every company (settable later per company). */
  webhookUrl?: string | null
  webhooks?: Partial<WebhookSettings>
  /** How often awaiting PIX charges past their expirationDate are expired (0 disables). */
  expirySweepMs?: number
  /**
   * The state file (the demo's): loaded when it exists (a StateFileError when it cannot be used),
   * and saved after every change made over HTTP or by the sandbox's timers, before the change is
   * answered. Without it (tests, the benchmark) the state lives in memory only.
   */
  stateFile?: string
  /**
   * Deliveries the state file left pending, and the expiry sweep, wait for resumeDeliveries()
   * instead of starting at once (the demo starts the sandbox before the store they go to).
   */
  holdSavedDeliveries?: boolean
}

/** The longest a change no request waits for stays unwritten to the state file. */
export const BACKGROUND_SAVE_MS = 1_000

export class Sandbox {
  readonly state: SandboxState
  readonly webhooks = new WebhookDispatcher()
  faults: Faults = { ...DEFAULT_FAULTS, sequence: [] }
  requests: LoggedRequest[] = []
  url = ""
  private server?: Server
  private sockets = new Set<Socket>()
  private sweep?: NodeJS.Timeout
  /** A background save waiting to write (saveInBackground). */
  private pendingSave?: NodeJS.Timeout
  /** Deliveries the saved state left pending, until they are re-armed (resumeDeliveries). */
  private savedDeliveries: PendingDelivery[] = []
  private readonly routes: Route[]
  private readonly injector = new FaultInjector(
    () => this.faults,
    (error) => this.errorReply(error)
  )

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
        this.webhooks.send(company?.webhookUrl ?? null, body, company?.companyId ?? 0)
      }
    )
    this.webhooks.settings = { ...DEFAULT_WEBHOOK_SETTINGS, ...options.webhooks }
    this.webhooks.onChange = () => this.saveInBackground()
    const saved = options.stateFile ? readStateFile(options.stateFile) : null
    if (saved) {
      this.state.restore(saved.state)
      this.savedDeliveries = saved.webhooks
    }
    this.routes = [
      ...transactionRoutes(this.state),
      ...balanceRoutes(),
      ...withdrawalRoutes(this.state),
      ...paymentMethodRoutes(this.state),
      ...controlRoutes(this),
    ]
  }

  /** Credentials of a seeded company (the first by default). */
  credentials(companyId?: number) {
    const company = companyId
      ? this.state.company(companyId)
      : [...this.state.companies.values()][0]
    return {
      clientId: company.clientId,
      apiKey: company.apiKey,
      companyId: company.companyId,
      publicKey: company.publicKey,
    }
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

  /** Sends the answers an "answerLate" fault is holding. */
  releaseAnswers() {
    this.injector.releaseAnswers()
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
    this.savedDeliveries = []
    this.faults = { ...DEFAULT_FAULTS, sequence: [] }
    this.requests = []
    this.webhooks.reset()
    this.webhooks.settings = { ...DEFAULT_WEBHOOK_SETTINGS, ...this.options.webhooks }
    this.save()
  }

  /** Writes the state file, when there is one (synchronously: the state is small). */
  save() {
    if (!this.options.stateFile) return
    // This write holds every change so far: a background one waiting is no longer needed.
    if (this.pendingSave) clearTimeout(this.pendingSave)
    this.pendingSave = undefined
    writeStateFile(this.options.stateFile, {
      version: STATE_FILE_VERSION,
      savedAt: new Date().toISOString(),
      state: this.state.snapshot(),
      webhooks: [...this.savedDeliveries, ...this.webhooks.pendingDeliveries()],
    })
  }

  /**
   * A change no request waits for (a timer's: a webhook delivery, the expiry sweep): saved within
   * BACKGROUND_SAVE_MS, one write for all the changes made meanwhile (a burst of deliveries would
   * otherwise rewrite the whole file for each), and at stop. A failed save is logged, the next one
   * retries.
   */
  private saveInBackground() {
    if (!this.options.stateFile || this.pendingSave) return
    this.pendingSave = setTimeout(() => this.flushSave(), BACKGROUND_SAVE_MS)
    this.pendingSave.unref()
  }

  private flushSave() {
    if (this.pendingSave) clearTimeout(this.pendingSave)
    this.pendingSave = undefined
    try {
      this.save()
    } catch (error) {
      console.error("[sandbox] could not save its state:", error)
    }
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.dispatch(req, res))
    this.server = server
    server.keepAliveTimeout = 1000
    server.on("connection", (socket) => {
      this.sockets.add(socket)
      socket.on("close", () => this.sockets.delete(socket))
    })
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(this.options.port ?? 0, this.options.host ?? "127.0.0.1", resolve)
    })
    const { port } = server.address() as AddressInfo
    this.url = `http://${this.options.host ?? "127.0.0.1"}:${port}`
    this.state.publicUrl = this.url
    if (!this.options.holdSavedDeliveries) this.resumeDeliveries()
    return this
  }

  /**
   * Re-arms the deliveries the state file left pending (those already due go out at once) and
   * starts the expiry sweep: when held, charges that expired while the sandbox was stopped send
   * their webhooks only now, once the store they go to answers.
   */
  resumeDeliveries() {
    this.webhooks.restore(
      this.savedDeliveries,
      (companyId) => this.state.companies.get(companyId)?.webhookUrl ?? null
    )
    this.savedDeliveries = []
    const sweepMs = this.options.expirySweepMs ?? 1000
    if (sweepMs > 0 && !this.sweep) {
      this.sweep = setInterval(() => this.state.sweepExpired() && this.saveInBackground(), sweepMs)
      this.sweep.unref()
    }
  }

  async stop() {
    if (this.sweep) clearInterval(this.sweep)
    this.webhooks.stop()
    // The changes a background save was waiting to write.
    if (this.pendingSave) this.flushSave()
    this.injector.stop()
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
    const entry = logEntry(req, url, route?.name ?? "unknown")
    const isApi = route ? route.api : !path.startsWith("/__sandbox")
    if (isApi) this.requests.push(entry)
    // Any request but a read may change the state: it is saved before it is answered (a refused
    // one changes nothing: the rules check before they change).
    const changes = !["GET", "HEAD", "OPTIONS"].includes(req.method ?? "GET")

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
      const fault = route.api ? await this.injector.before(route, req, res, entry) : "pass"
      if (fault === "answered") return
      const params = route.pattern.exec(path)?.slice(1) ?? []
      const ctx: Ctx = { req, res, url, body, params }
      if (route.api) {
        ctx.company =
          this.state.authenticate(req.headers["x-client-id"], req.headers["x-api-key"]) ?? undefined
        if (!ctx.company)
          throw new ApiError(401, "Unauthorized: missing or invalid X-Client-Id / X-API-Key")
        entry.companyId = ctx.company.companyId
      }
      const reply = await route.handle(ctx)
      if (changes) this.save()
      if (route.api) await this.injector.holdAnswer(fault)
      if (route.api && this.injector.holdAfterAccept(route, reply, fault, req, entry)) return
      entry.status = reply.status
      send(res, { ...reply, headers: { ...route.headers, ...reply.headers } })
    } catch (error) {
      const reply = this.errorReply(error)
      entry.status = reply.status
      send(res, { ...reply, headers: { ...route?.headers, ...reply.headers } })
    }
  }

  private errorReply(error: unknown): Reply {
    return errorReply(error, this.state.variants.errorStyle)
  }
}

/** Starts a sandbox and resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}) {
  return new Sandbox(options).start()
}
