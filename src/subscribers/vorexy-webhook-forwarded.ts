import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { WebhookBodyError } from "../gateway"
import { WEBHOOK_FORWARDED_EVENT, WebhookForwardedEvent } from "../providers/vorexy/core/events"
import { receiveWebhook } from "../webhooks/receive-delivery"

/** A delivery to Medusa's built-in route: stored untrusted, then processed like any other. */
export default async function vorexyWebhookForwarded({
  event,
  container,
}: SubscriberArgs<WebhookForwardedEvent>) {
  try {
    await receiveWebhook(container, {
      raw: event.data.raw,
      headerEventId: event.data.header_event_id,
      trusted: false,
    })
  } catch (error) {
    if (!(error instanceof WebhookBodyError)) throw error
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Vorexy: ignored a malformed webhook on the built-in route: ${error.message}`)
  }
}

export const config: SubscriberConfig = { event: WEBHOOK_FORWARDED_EVENT }
