/** A charge's webhook event was stored and is waiting to be processed (data: { id }). */
export const WEBHOOK_RECEIVED_EVENT = "vorexy.webhook.received"

/** A withdrawal's webhook event was stored and is waiting to be processed (data: { id }). */
export const WITHDRAWAL_WEBHOOK_RECEIVED_EVENT = "vorexy.withdrawal_webhook.received"

/** The announcements of stored webhook events, each to its own subscriber by what it is about. */
export const webhookEventMessages = (events: { id: string; kind: "cash_in" | "cash_out" }[]) =>
  events.map(({ id, kind }) => ({
    name: kind === "cash_out" ? WITHDRAWAL_WEBHOOK_RECEIVED_EVENT : WEBHOOK_RECEIVED_EVENT,
    data: { id },
  }))

/** A new PIX or boleto was made for an order whose charge lapsed (data: { charge_id }). */
export const CHARGE_RENEWED_EVENT = "vorexy.charge.renewed"

/** A withdrawal was requested or its answer recorded: its notices are due (data: { id }). */
export const WITHDRAWAL_CHANGED_EVENT = "vorexy.withdrawal.changed"
