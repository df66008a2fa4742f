/**
 * Webhook bodies: the spec shows none. The field shows the cash-out shape (object "withdraw", type
 * "cashout", lowercase status, withdrawId); the cash-in shape is inferred in the same style. This
 * parser is tolerant of shape (an envelope, several id names, a batch array) and strict about
 * types: what it cannot attribute to one transaction or withdrawal is refused. A parsed body is a
 * hint only; callers re-fetch the record before acting.
 */
import { createHash } from "node:crypto"

export type WebhookKind = "cash_in" | "cash_out"

export type ParsedWebhookEvent = {
  kind: WebhookKind
  /** Transaction id (cash-in) or withdrawal id (cash-out). */
  referenceId: string
  /** The status the body claims, verbatim (a hint). */
  statusHint: string | null
  /** Dedupe key: the delivery's event id when sent, else a hash of the event. */
  eventKey: string
  /** The event as sent: its text unchanged, NUL and unpaired surrogates included. */
  body: Record<string, unknown>
}

export class WebhookBodyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "WebhookBodyError"
  }
}

export const MAX_EVENTS_PER_DELIVERY = 100
/** Containers nested deeper than this are refused: no event needs it, and hashing it recurses. */
export const MAX_WEBHOOK_DEPTH = 32

const ID = /^[A-Za-z0-9_.:-]{1,128}$/

/** The X-Webhook-Event-Id header when it is an id (anything else is ignored, never stored). */
export const webhookEventId = (header: unknown): string | null =>
  typeof header === "string" && ID.test(header) ? header : null
const CASH_OUT = /withdraw|cash_?out|payout|transfer/i
const CASH_IN = /transaction|cash_?in|charge|payment|pix/i

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v)

function id(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined
  const text =
    typeof value === "number" && Number.isSafeInteger(value)
      ? String(value)
      : typeof value === "string"
        ? value.trim()
        : null
  if (text === null || !ID.test(text))
    throw new WebhookBodyError(
      `${field} must be an id (a string or an integer), got ${JSON.stringify(value)?.slice(0, 60)}`
    )
  return text
}

function classify(
  event: Json,
  index: number
): { kind: WebhookKind; referenceId: string; statusHint: string | null } {
  // Some gateways wrap the record: look at the envelope and inside `data`.
  // The record's own status, when wrapped, wins over the envelope's (a delivery-level status).
  const record = isObject(event.data)
    ? { ...event.data, ...event, status: event.data.status ?? event.status }
    : event
  const labels = [record.object, record.type, record.event]
    .filter((v) => typeof v === "string")
    .join(" ")
  const where = index >= 0 ? `event ${index}: ` : ""

  const withdrawal = id(record.withdrawId, "withdrawId") ?? id(record.withdrawalId, "withdrawalId")
  const transaction = id(record.transactionId, "transactionId")
  const plainId = () => id(record.id, "id")

  let kind: WebhookKind | undefined
  let referenceId: string | undefined
  if (withdrawal || (!transaction && CASH_OUT.test(labels))) {
    kind = "cash_out"
    referenceId = withdrawal ?? plainId()
  } else if (transaction || CASH_IN.test(labels)) {
    kind = "cash_in"
    referenceId = transaction ?? plainId()
  }
  if (!kind || !referenceId) {
    throw new WebhookBodyError(
      `${where}unrecognised event: expected a transactionId (cash-in) or a withdrawId (cash-out)`
    )
  }
  const status = record.status
  if (status !== undefined && status !== null && typeof status !== "string") {
    throw new WebhookBodyError(
      `${where}status must be a string, got ${JSON.stringify(status)?.slice(0, 60)}`
    )
  }
  return { kind, referenceId, statusHint: typeof status === "string" ? status : null }
}

/**
 * Whether a parsed JSON value nests objects and arrays more than `max` levels deep (the value
 * itself is level 1). Iterative: JSON.parse accepts nesting that recursive code cannot walk.
 */
export function jsonDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<[node: unknown, depth: number]> = [[value, 1]]
  while (pending.length) {
    const [node, depth] = pending.pop()!
    if (node === null || typeof node !== "object") continue
    if (depth > max) return true
    for (const child of Object.values(node)) pending.push([child, depth + 1])
  }
  return false
}

function hash(value: unknown): string {
  return `sha256:${createHash("sha256").update(JSON.stringify(value)).digest("hex")}`
}

/** Parses a raw webhook body into events; throws WebhookBodyError for anything malformed. */
export function parseWebhookBody(
  raw: string | Buffer | undefined,
  headerEventId?: string | null
): ParsedWebhookEvent[] {
  const text = raw === undefined ? "" : Buffer.isBuffer(raw) ? raw.toString("utf8") : raw
  if (!text.trim()) throw new WebhookBodyError("empty body: expected a JSON event")
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new WebhookBodyError("body is not JSON")
  }
  if (jsonDeeperThan(parsed, MAX_WEBHOOK_DEPTH))
    throw new WebhookBodyError(`body is nested more than ${MAX_WEBHOOK_DEPTH} levels deep`)
  const batch = Array.isArray(parsed)
  const items = batch ? (parsed as unknown[]) : [parsed]
  if (!items.length) throw new WebhookBodyError("empty batch")
  if (items.length > MAX_EVENTS_PER_DELIVERY)
    throw new WebhookBodyError(
      `too many events in one delivery (at most ${MAX_EVENTS_PER_DELIVERY})`
    )
  const headerId = webhookEventId(headerEventId)

  return items.map((item, index) => {
    if (!isObject(item))
      throw new WebhookBodyError(`${batch ? `event ${index}: ` : ""}expected a JSON object`)
    const { kind, referenceId, statusHint } = classify(item, batch ? index : -1)
    const eventKey = headerId ? (batch ? `${headerId}:${index}` : headerId) : hash(item)
    return { kind, referenceId, statusHint, eventKey, body: item }
  })
}
