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

/** Untrusted deliveries kept per transaction or withdrawal in UNTRUSTED_WINDOW_MS, at most. */
export const UNTRUSTED_PER_REFERENCE = 20
const UNTRUSTED_WINDOW_MS = 10 * 60_000

/**
 * Webhook intake, step one: stores a delivery's events (a repeated event key is only counted) and
 * hands the new ones to the subscriber: answering fast, processing after. Throws WebhookBodyError
 * for a malformed body.
 *
 * Anyone can post an untrusted delivery, so it is kept only when it names a charge or withdrawal
 * the store knows, and only so many per record at a time: junk cannot fill the table, and the
 * answer is the same either way (it never says whether an id exists).
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
      event_key: event.eventKey,
      header_event_id: delivery.headerEventId,
      kind: event.kind,
      reference_id: event.referenceId,
      status_hint: event.statusHint,
      body: event.body,
      trusted: delivery.trusted,
    })
    if (first) stored.push(id)
    else duplicates++
  }
  // Announced once all are stored, so the first re-fetch already answers the whole batch.
  for (const id of stored) await eventBus.emit({ name: WEBHOOK_RECEIVED_EVENT, data: { id } })
  return { received: events.length, duplicates }
}

/** An untrusted event is kept when it names a known record that is not being flooded. */
async function worthKeeping(service: VorexyModuleService, event: ParsedWebhookEvent) {
  const known =
    event.kind === "cash_in"
      ? (await service.listVorexyCharges({ transaction_id: event.referenceId })).length > 0
      : (await service.listVorexyWithdrawals({ gateway_id: event.referenceId })).length > 0 ||
        (await service.listVorexyWithdrawals({ status: "unknown" }, { take: 1 })).length > 0
  if (!known) return false
  const recent = await service.listVorexyWebhookEvents(
    {
      reference_id: event.referenceId,
      trusted: false,
      created_at: { $gte: new Date(Date.now() - UNTRUSTED_WINDOW_MS) },
    },
    { take: UNTRUSTED_PER_REFERENCE, select: ["id"] }
  )
  return recent.length < UNTRUSTED_PER_REFERENCE
}
