/**
 * The rules of the webhook-event table: which deliveries are kept (untrusted ones bounded), and how
 * a processed event's outcome is written (attempts, backoff, abandoned). The route and the two
 * subscribers act; this says what is stored.
 */
import type { ParsedWebhookEvent } from "../../gateway"
import { FLAG_AFTER_FAILURES, nextAttemptAt } from "../../rules/backoff"
import type VorexyModuleService from "./service"
import { cutText } from "./storable"
import type { VorexyWebhookEventRow } from "./types"

/** Untrusted deliveries kept per transaction or withdrawal in 10 minutes and in a day, at most. */
export const UNTRUSTED_PER_REFERENCE = 20
const UNTRUSTED_PER_REFERENCE_PER_DAY = 100
/** Untrusted deliveries kept per hour, all records together. */
const UNTRUSTED_PER_HOUR = 1000
/** An untrusted body is kept up to this size (it is never applied; processing re-fetches). */
const UNTRUSTED_BODY_BYTES = 4096
/** An untrusted delivery's distinct events looked at, at most: its cost is bounded per request. */
const UNTRUSTED_EVENTS_PER_DELIVERY = 5
/** An untrusted status hint is kept this long at most (it is only a hint). */
const UNTRUSTED_HINT_CHARS = 64
const MINUTE = 60_000

/** A failed event is retried (by the reconcile job, with backoff) this often, then abandoned. */
export const MAX_PROCESSING_ATTEMPTS = FLAG_AFTER_FAILURES + 2

export type StoredEvent = { id: string; kind: VorexyWebhookEventRow["kind"] }

/**
 * Stores a delivery's events (a repeated event key is only counted); answers the new ones.
 *
 * Anyone can post an untrusted delivery, so it is kept only when it names a charge or withdrawal
 * the store knows, only so many per record and per hour, with a bounded body, under keys of its
 * own (it can never claim a key the gateway's real delivery will use): junk cannot fill the table
 * or block a real delivery, and the answer is the same either way (it never says whether an id
 * exists).
 */
export async function storeDeliveryEvents(
  service: VorexyModuleService,
  events: ParsedWebhookEvent[],
  delivery: { headerEventId: string | null; trusted: boolean }
) {
  let duplicates = 0
  const stored: StoredEvent[] = []
  const { trusted } = delivery
  for (const event of trusted ? events : firstDistinct(events)) {
    if (!trusted && !(await worthKeeping(service, event))) continue
    const { id, first } = await service.recordDelivery({
      event_key: trusted ? event.eventKey : `untrusted:${event.eventKey}`,
      header_event_id: delivery.headerEventId,
      kind: event.kind,
      reference_id: event.referenceId,
      status_hint:
        trusted || event.statusHint === null
          ? event.statusHint
          : cutText(event.statusHint, UNTRUSTED_HINT_CHARS),
      // The card's details go first: an untrusted body's excerpt is its text.
      body: trusted ? withoutCard(event.body) : bounded(withoutCard(event.body)),
      trusted,
    })
    if (first) stored.push({ id, kind: event.kind })
    else duplicates++
  }
  // An untrusted sender is never told which events were repeats (whether an id is known).
  return { stored, duplicates: trusted ? duplicates : 0 }
}

/** An untrusted delivery's first few distinct events: a batch of one event repeated is one. */
function firstDistinct(events: ParsedWebhookEvent[]) {
  const byKey = new Map(events.map((event) => [event.eventKey, event]))
  return [...byKey.values()].slice(0, UNTRUSTED_EVENTS_PER_DELIVERY)
}

const FINAL = new Set(["processed", "orphan", "ignored", "abandoned"])

/** The event has a final outcome: nothing is left to do. */
export const isFinished = (event: VorexyWebhookEventRow) => FINAL.has(event.outcome)

/**
 * Writes a run's outcome on its event. A `passing` failure (a busy record, an outage of the
 * database or Redis) is not the event's: not counted, and due again at the job's next run.
 * Written only over an outcome that is not final: a run of the same event that ended first is
 * never overwritten. Answers the event as it now stands.
 */
export async function finishWebhookEvent(
  service: VorexyModuleService,
  event: VorexyWebhookEventRow,
  outcome: "processed" | "orphan" | "failed",
  detail: string,
  passing = false
): Promise<VorexyWebhookEventRow | null> {
  const attempts = event.processing_attempts + (passing ? 0 : 1)
  const gaveUp = outcome === "failed" && attempts >= MAX_PROCESSING_ATTEMPTS
  const [written] = await service.updateVorexyWebhookEvents({
    selector: { id: event.id, outcome: ["received", "failed"] },
    data: {
      outcome: gaveUp ? "abandoned" : outcome,
      outcome_detail: cutText(detail, 1000),
      processed_at: new Date(),
      processing_attempts: attempts,
      next_attempt_at:
        outcome === "failed" && !gaveUp ? (passing ? new Date() : nextAttemptAt(attempts)) : null,
    },
  })
  return written ?? (await service.listVorexyWebhookEvents({ id: event.id }))[0] ?? null
}

/** An untrusted event is kept when it names a known record and no flood is under way. */
async function worthKeeping(service: VorexyModuleService, event: ParsedWebhookEvent) {
  const known =
    event.kind === "cash_in"
      ? await service.listVorexyCharges({ transaction_id: event.referenceId }, { take: 1 })
      : await service.listVorexyWithdrawals({ gateway_id: event.referenceId }, { take: 1 })
  if (!known.length) return false
  const count = async (filter: Record<string, unknown>, windowMs: number, limit: number) =>
    (
      await service.listVorexyWebhookEvents(
        { ...filter, trusted: false, created_at: { $gte: new Date(Date.now() - windowMs) } },
        { take: limit, select: ["id"] }
      )
    ).length
  return (
    (await count({ reference_id: event.referenceId }, 10 * MINUTE, UNTRUSTED_PER_REFERENCE)) <
      UNTRUSTED_PER_REFERENCE &&
    (await count(
      { reference_id: event.referenceId },
      24 * 60 * MINUTE,
      UNTRUSTED_PER_REFERENCE_PER_DAY
    )) < UNTRUSTED_PER_REFERENCE_PER_DAY &&
    (await count({}, 60 * MINUTE, UNTRUSTED_PER_HOUR)) < UNTRUSTED_PER_HOUR
  )
}

/** A card postback may carry more of the card than its brand and last digits: never kept. */
function withoutCard(body: Record<string, unknown>): Record<string, unknown> {
  const card = body.card
  if (!card || typeof card !== "object") return body
  const { brand, lastDigits } = card as Record<string, unknown>
  return { ...body, card: { brand, lastDigits } }
}

function bounded(body: Record<string, unknown>): Record<string, unknown> {
  const text = JSON.stringify(body)
  return text.length <= UNTRUSTED_BODY_BYTES
    ? body
    : { truncated: true, excerpt: text.slice(0, UNTRUSTED_BODY_BYTES / 2) }
}
