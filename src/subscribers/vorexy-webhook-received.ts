import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { WEBHOOK_RECEIVED_EVENT } from "../modules/vorexy/events"
import { processWebhookEvent } from "../webhooks/process-event"

/** A stored webhook delivery: re-fetch the record it names and apply the gateway's truth. */
export default async function vorexyWebhookReceived({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await processWebhookEvent(container, event.data.id)
}

export const config: SubscriberConfig = { event: WEBHOOK_RECEIVED_EVENT }
