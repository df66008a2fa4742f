import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { parseWebhookBody } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import { WEBHOOK_RECEIVED_EVENT } from "../modules/vorexy/events"
import type VorexyModuleService from "../modules/vorexy/service"

export type Delivery = {
  raw: string | Buffer | undefined
  headerEventId: string | null
  /**
   * Arrived with the configured secret as its token. False when no secret is configured: nothing
   * then tells the gateway from anyone else.
   */
  trusted: boolean
}

/**
 * Webhook intake, step one: stores a delivery's events (a repeated event key is only counted) and hands the new ones to the
 * subscriber: answering fast, processing after. Throws WebhookBodyError for a malformed body.
 */
export async function receiveWebhook(container: MedusaContainer, delivery: Delivery) {
  const events = parseWebhookBody(delivery.raw, delivery.headerEventId)
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const eventBus = container.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
  let duplicates = 0
  for (const event of events) {
    const { id, first } = await service.recordDelivery({
      event_key: event.eventKey,
      header_event_id: delivery.headerEventId,
      kind: event.kind,
      reference_id: event.referenceId,
      status_hint: event.statusHint,
      body: event.body,
      trusted: delivery.trusted,
    })
    if (first) await eventBus.emit({ name: WEBHOOK_RECEIVED_EVENT, data: { id } })
    else duplicates++
  }
  return { received: events.length, duplicates }
}
