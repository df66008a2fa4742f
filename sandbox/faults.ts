/**
 * Fault injection for the documented API: latency, errors, rate limits, dropped connections and
 * "accepted, then never answered" creates, configured by counters or a scripted sequence.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { LoggedRequest, Reply, Route, send } from "./http"
import { ApiError } from "./state"

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
  /**
   * Scripted outcomes, one per upcoming API request (consumed first): "pass" handles it normally;
   * "answerLate" handles it and holds its answer until `releaseAnswers()` (or acceptHoldMs).
   */
  sequence: FaultStep[]
}

export type FaultStep = "pass" | "error" | "rateLimit" | "drop" | "acceptThenTimeout" | "answerLate"

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

/**
 * "answered": a fault answered (or dropped) the request; "acceptThenTimeout": handle it, then
 * never answer; "answerLate": handle it, answer when released; "pass": handle it normally.
 */
export type FaultOutcome = "answered" | "acceptThenTimeout" | "answerLate" | "pass"

/** The routes whose success can be withheld ("accepted, then timed out"). */
const ACCEPT_ROUTES = ["createTransaction", "requestWithdrawal"]

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export class FaultInjector {
  private holds = new Set<NodeJS.Timeout>()
  private releasing = new Map<() => void, NodeJS.Timeout>()

  /**
   * @param faults the current configuration (read on every request; the owner may replace it).
   * @param errorReply how an injected error is rendered (in the current error style).
   */
  constructor(
    private readonly faults: () => Faults,
    private readonly errorReply: (error: unknown) => Reply
  ) {}

  private appliesTo(route: Route) {
    const routes = this.faults().routes
    return !routes || routes.includes(route.name)
  }

  /** Applies the configured faults to an API request, before it is handled. */
  async before(
    route: Route,
    req: IncomingMessage,
    res: ServerResponse,
    entry: LoggedRequest
  ): Promise<FaultOutcome> {
    if (!this.appliesTo(route)) return "pass"
    const f = this.faults()
    const step: FaultStep | undefined = f.sequence.length ? f.sequence.shift() : undefined
    const answer = (error: ApiError, headers?: Record<string, string>) => {
      const reply = this.errorReply(error)
      reply.headers = { ...reply.headers, ...headers }
      entry.status = reply.status
      send(res, reply)
      return "answered" as const
    }
    if (step === "drop" || (!step && f.dropNext > 0)) {
      if (!step) f.dropNext--
      entry.status = "dropped"
      req.socket.destroy()
      return "answered"
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
    return step === "acceptThenTimeout" || step === "answerLate" ? step : "pass"
  }

  /** Waits, for an "answerLate" request, until its answer is released (or acceptHoldMs). */
  async holdAnswer(outcome: FaultOutcome) {
    if (outcome !== "answerLate") return
    await new Promise<void>((release) => {
      const hold = setTimeout(() => {
        this.releasing.delete(release)
        release()
      }, this.faults().acceptHoldMs)
      this.releasing.set(release, hold)
    })
  }

  /** Sends every answer "answerLate" holds: a slow way back, as the client sees it, ends now. */
  releaseAnswers() {
    for (const [release, hold] of this.releasing) {
      clearTimeout(hold)
      release()
    }
    this.releasing.clear()
  }

  /**
   * After an API request was handled: if its success is to be withheld, holds the connection for
   * acceptHoldMs, then drops it, and returns true (the caller must not answer).
   */
  holdAfterAccept(
    route: Route,
    reply: Reply,
    outcome: FaultOutcome,
    req: IncomingMessage,
    entry: LoggedRequest
  ): boolean {
    if (!this.shouldHold(route, reply, outcome === "acceptThenTimeout")) return false
    entry.status = "held"
    const hold = setTimeout(() => {
      this.holds.delete(hold)
      req.socket.destroy()
    }, this.faults().acceptHoldMs)
    this.holds.add(hold)
    return true
  }

  private shouldHold(route: Route, reply: Reply, scripted: boolean) {
    if (!ACCEPT_ROUTES.includes(route.name) || reply.status >= 300) return false
    if (scripted) return true
    const f = this.faults()
    if (f.timeoutAfterAccept <= 0 || !this.appliesTo(route)) return false
    f.timeoutAfterAccept--
    return true
  }

  /** Cancels pending holds (their connections are destroyed by the server's shutdown). */
  stop() {
    for (const hold of this.holds) clearTimeout(hold)
    this.releaseAnswers()
  }
}
