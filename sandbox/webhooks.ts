/**
 * Webhook delivery as a gateway does it: a POST per state change to the company's configured URL,
 * with an `x-webhook-event-id` header, retried with exponential backoff on non-2xx or timeout, at
 * least once, and (when the switch is set) delivered twice on purpose to exercise dedupe.
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
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  maxAttempts: 6,
  baseDelayMs: 500,
  timeoutMs: 5000,
  duplicates: "never",
  duplicateRate: 0.3,
  headers: {},
}

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
}

export class WebhookDispatcher {
  settings: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS }
  deliveries: Delivery[] = []
  private timers = new Set<NodeJS.Timeout>()
  private inFlight = new Set<Promise<unknown>>()
  private stopped = false
  /** Bumped by reset(): a delivery still in flight from before is neither recorded nor retried. */
  private generation = 0

  /** Queues an event; returns its id. Delivery happens in the background. */
  send(url: string | null, body: Record<string, unknown>): string | null {
    if (!url || this.stopped) return null
    const eventId = `evt_${randomUUID()}`
    const copies =
      this.settings.duplicates === "always" ||
      (this.settings.duplicates === "random" && Math.random() < this.settings.duplicateRate)
        ? 2
        : 1
    const payload = JSON.stringify(body)
    for (let copy = 1; copy <= copies; copy++) this.attempt(url, eventId, payload, body, 1, copy)
    return eventId
  }

  private attempt(
    url: string,
    eventId: string,
    payload: string,
    body: Record<string, unknown>,
    attempt: number,
    copy: number
  ) {
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
        if (generation !== this.generation) return
        const ok = typeof result === "number" && result >= 200 && result < 300
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
        })
        if (!ok && attempt < this.settings.maxAttempts && !this.stopped) {
          const timer = setTimeout(
            () => {
              this.timers.delete(timer)
              this.attempt(url, eventId, payload, body, attempt + 1, copy)
            },
            this.settings.baseDelayMs * 2 ** (attempt - 1)
          )
          this.timers.add(timer)
        }
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
    this.deliveries = []
    this.settings = { ...DEFAULT_WEBHOOK_SETTINGS }
  }

  stop() {
    this.stopped = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }
}

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
