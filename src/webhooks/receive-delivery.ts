import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { ParsedWebhookEvent, parseWebhookBody } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import { WEBHOOK_RECEIVED_EVENT } from "../modules/vorexy/events"
import type VorexyModuleService from "../modules/vorexy/service"

export type Delivery = {
  raw: string | Buffer | undefined
  headerEventId: string | null
  /**
   * Arrived with the configured secret. False when no secret is configured: nothing then tells the
   * gateway from anyone else.
   */
  trusted: boolean
}

/** Untrusted deliveries kept per transaction or withdrawal in 10 minutes and in a day, at most. */
export const UNTRUSTED_PER_REFERENCE = 20
const UNTRUSTED_PER_REFERENCE_PER_DAY = 100
/** Untrusted deliveries kept per hour, all records together. */
const UNTRUSTED_PER_HOUR = 1000
/** An untrusted body is kept up to this size (it is never applied; processing re-fetches). */
const UNTRUSTED_BODY_BYTES = 4096

const MINUTE = 60_000

/**
 * Webhook intake, step one: stores a delivery's events (a repeated event key is only counted) and
 * hands the new ones to the subscriber: answering fast, processing after. Throws WebhookBodyError
 * for a malformed body.
 *
 * Anyone can post an untrusted delivery, so it is kept only when it names a charge or withdrawal
 * the store knows, only so many per record and per hour, with a bounded body, under keys of its
 * own (it can never claim a key the gateway's real delivery will use): junk cannot fill the table
 * or block a real delivery, and the answer is the same either way (it never says whether an id
 * exists).
 */
export async function receiveWebhook(container: MedusaContainer, delivery: Delivery) {
  const events = parseWebhookBody(delivery.raw, delivery.headerEventId)
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const eventBus = container.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
  let duplicates = 0
  const stored: string[] = []
  for (const event of events) {
    if (!delivery.trusted && !(await worthKeeping(service, event))) continue
    const { id, first } = await service.recordDelivery({
      event_key: delivery.trusted ? event.eventKey : `untrusted:${event.eventKey}`,
      header_event_id: delivery.headerEventId,
      kind: event.kind,
      reference_id: event.referenceId,
      status_hint: event.statusHint,
      body: withoutCard(delivery.trusted ? event.body : bounded(event.body)),
      trusted: delivery.trusted,
    })
    if (first) stored.push(id)
    else duplicates++
  }
  // Announced once all are stored, so the first re-fetch already answers the whole batch.
  for (const id of stored) await eventBus.emit({ name: WEBHOOK_RECEIVED_EVENT, data: { id } })
  return { received: events.length, duplicates }
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
