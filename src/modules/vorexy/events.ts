/** A webhook delivery was stored and is waiting to be processed (data: { id }). */
export const WEBHOOK_RECEIVED_EVENT = "vorexy.webhook.received"
