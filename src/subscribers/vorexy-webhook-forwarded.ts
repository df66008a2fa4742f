import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { IEventBusModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { parseWebhookBody, WebhookBodyError } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import { webhookEventMessages } from "../modules/vorexy/events"
import type VorexyModuleService from "../modules/vorexy/service"
import { storeDeliveryEvents } from "../modules/vorexy/webhook-events"
import { WEBHOOK_FORWARDED_EVENT, WebhookForwardedEvent } from "../providers/vorexy/core/events"

/** A delivery to Medusa's built-in route: stored untrusted, then processed like any other. */
export default async function vorexyWebhookForwarded({
  event,
  container,
}: SubscriberArgs<WebhookForwardedEvent>) {
  let events
  try {
    events = parseWebhookBody(event.data.raw, event.data.header_event_id)
  } catch (error) {
    if (!(error instanceof WebhookBodyError)) throw error
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Vorexy: ignored a malformed webhook on the built-in route: ${error.message}`)
    return
  }
  const { stored } = await storeDeliveryEvents(
    container.resolve<VorexyModuleService>(VOREXY_MODULE),
    events,
    { headerEventId: event.data.header_event_id, trusted: false }
  )
  if (stored.length) {
    await container
      .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
      .emit(webhookEventMessages(stored))
  }
}

export const config: SubscriberConfig = { event: WEBHOOK_FORWARDED_EVENT }
