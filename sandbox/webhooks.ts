/**
 * Webhook delivery as a gateway does it: a POST per state change to the company's configured URL,
 * with an `x-webhook-event-id` header, retried with exponential backoff on non-2xx or timeout, at
 * least once, and (when the switch is set) delivered twice on purpose to exercise dedupe. What is
 * left to deliver can be saved and re-armed by the next run (the sandbox's state file).
 */
import { randomUUID } from "node:crypto"

export type WebhookSettings = {
  /** Attempts per event, the first included. */
  maxAttempts: number
  /** First retry delay; doubles each retry. */
  baseDelayMs: number
  /** How long one delivery may take before it counts as failed. */
  timeoutMs: number
  /** "always": every event is delivered twice; "random": with probability duplicateRate. */
  duplicates: "never" | "always" | "random"
  duplicateRate: number
  /** Extra headers sent with every delivery (e.g. to test a header-borne secret). */
  headers: Record<string, string>
  /** Probability (0..1) that an event is lost: never delivered, only recorded in `lost`. */
  dropRate: number
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  maxAttempts: 6,
  baseDelayMs: 500,
  timeoutMs: 5000,
  duplicates: "never",
  duplicateRate: 0.3,
  headers: {},
  dropRate: 0,
}

/** An event the dispatcher lost on purpose (settings.dropRate): what a store never heard of. */
export type LostEvent = { eventId: string; body: Record<string, unknown>; at: string }

export type Delivery = {
  eventId: string
  url: string
  kind: string
  status: string
  attempt: number
  /** HTTP status, or the transport error. */
  result: number | string
  ok: boolean
  sentAt: string
  ms: number
  copy: number
  /** After a failed attempt with attempts left: the backoff before the next one. */
  retryInMs?: number
}

/**
 * An event not yet delivered (its attempt in flight, or its retry waiting), as the state file keeps
 * it: by company, not by URL, since the URL is the configuration of the run that delivers it.
 */
export type PendingDelivery = {
  eventId: string
  companyId: number
  body: Record<string, unknown>
  /** The attempt to make next (1 for the first), and when it is due (epoch ms). */
  attempt: number
  dueAt: number
  copy: number
}

type Pending = PendingDelivery & { url: string; payload: string }

export class WebhookDispatcher {
  settings: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS }
  deliveries: Delivery[] = []
  lost: LostEvent[] = []
  /** Decides duplicates and losses; a simulation sets a seeded one to be told again. */
  random: () => number = Math.random
  /** Called whenever what is left to deliver changes (the sandbox saves its state then). */
  onChange: () => void = () => undefined
  private pending = new Map<string, Pending>()
  private timers = new Set<NodeJS.Timeout>()
  private inFlight = new Set<Promise<unknown>>()
  private stopped = false
  /** Bumped by reset(): a delivery still in flight from before is neither recorded nor retried. */
  private generation = 0

  /** Queues an event of `companyId`; returns its id. Delivery happens in the background. */
  send(url: string | null, body: Record<string, unknown>, companyId: number): string | null {
    if (!url || this.stopped) return null
    const eventId = `evt_${randomUUID()}`
    if (this.settings.dropRate > 0 && this.random() < this.settings.dropRate) {
      this.lost.push({ eventId, body, at: new Date().toISOString() })
      return eventId
    }
    const copies =
      this.settings.duplicates === "always" ||
      (this.settings.duplicates === "random" && this.random() < this.settings.duplicateRate)
        ? 2
        : 1
    const payload = JSON.stringify(body)
    for (let copy = 1; copy <= copies; copy++) {
      const dueAt = Date.now()
      this.attempt({ eventId, companyId, body, attempt: 1, dueAt, copy, url, payload })
    }
    return eventId
  }

  /** What is still to deliver, for the state file. */
  pendingDeliveries(): PendingDelivery[] {
    return [...this.pending.values()].map(({ eventId, companyId, body, attempt, dueAt, copy }) => ({
      eventId,
      companyId,
      body,
      attempt,
      dueAt,
      copy,
    }))
  }

  /**
   * Re-arms deliveries another run left pending, to the URL `urlFor` gives now: each at its due
   * time, at once when that has passed (an attempt cut off by the end of that run is made again).
   */
  restore(saved: PendingDelivery[], urlFor: (companyId: number) => string | null) {
    for (const delivery of saved) {
      const url = urlFor(delivery.companyId)
      if (!url) continue
      const pending = { ...delivery, url, payload: JSON.stringify(delivery.body) }
      this.pending.set(keyOf(pending), pending)
      this.schedule(pending)
    }
  }

  private schedule(pending: Pending) {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer)
        this.attempt(pending)
      },
      Math.max(0, pending.dueAt - Date.now())
    )
    this.timers.add(timer)
  }

  private attempt(pending: Pending) {
    const { url, eventId, payload, body, attempt, copy } = pending
    this.pending.set(keyOf(pending), pending)
    const started = Date.now()
    const generation = this.generation
    const controller = new AbortController()
    const timeout = setTimeout(() => controller.abort(), this.settings.timeoutMs)
    const { target, authorization } = withoutCredentials(url)
    const run = fetch(target, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Vorexy-Sandbox-Webhooks/1.0",
        "x-webhook-event-id": eventId,
        ...(authorization ? { authorization } : {}),
        ...this.settings.headers,
      },
      body: payload,
      signal: controller.signal,
    })
      .then(async (response) => {
        await response.arrayBuffer().catch(() => undefined)
        return response.status
      })
      .catch((error: Error) => (controller.signal.aborted ? "timeout" : error.message))
      .then((result) => {
        clearTimeout(timeout)
        // Stopped: the attempt stays pending, and the next run makes it again.
        if (generation !== this.generation || this.stopped) return
        const ok = typeof result === "number" && result >= 200 && result < 300
        const retryInMs =
          !ok && attempt < this.settings.maxAttempts
            ? this.settings.baseDelayMs * 2 ** (attempt - 1)
            : undefined
        this.deliveries.push({
          eventId,
          url: target,
          kind: String(body.object),
          status: String(body.status),
          attempt,
          result,
          ok,
          sentAt: new Date(started).toISOString(),
          ms: Date.now() - started,
          copy,
          ...(retryInMs === undefined ? {} : { retryInMs }),
        })
        this.pending.delete(keyOf(pending))
        if (retryInMs !== undefined) {
          const dueAt = Date.now() + retryInMs
          const retry = { ...pending, attempt: attempt + 1, dueAt }
          this.pending.set(keyOf(retry), retry)
          this.schedule(retry)
        }
        this.onChange()
      })
    this.inFlight.add(run)
    run.finally(() => this.inFlight.delete(run))
  }

  /** Resolves when nothing is in flight or waiting for a retry (or the timeout passes). */
  async idle(timeoutMs = 10000) {
    const deadline = Date.now() + timeoutMs
    while ((this.inFlight.size || this.timers.size) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  reset() {
    this.generation++
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    this.pending.clear()
    this.deliveries = []
    this.lost = []
    this.random = Math.random
    this.settings = { ...DEFAULT_WEBHOOK_SETTINGS }
  }

  stop() {
    this.stopped = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }
}

const keyOf = (pending: PendingDelivery) => `${pending.eventId}#${pending.copy}`

/**
 * Credentials in a webhook URL (https://user:secret@host/...) are sent as HTTP Basic, as most
 * gateways' HTTP clients do; fetch itself refuses such URLs.
 */
function withoutCredentials(url: string): { target: string; authorization: string | null } {
  const parsed = new URL(url)
  if (!parsed.username && !parsed.password) return { target: url, authorization: null }
  const user = decodeURIComponent(parsed.username)
  const password = decodeURIComponent(parsed.password)
  parsed.username = ""
  parsed.password = ""
  const basic = Buffer.from(`${user}:${password}`).toString("base64")
  return { target: parsed.toString(), authorization: `Basic ${basic}` }
}
