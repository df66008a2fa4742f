/** A webhook delivery was stored and is waiting to be processed (data: { id }). */
export const WEBHOOK_RECEIVED_EVENT = "vorexy.webhook.received"

/** A new PIX or boleto was made for an order whose charge lapsed (data: { charge_id }). */
export const CHARGE_RENEWED_EVENT = "vorexy.charge.renewed"

/** A withdrawal was requested or its answer recorded: its notices are due (data: { id }). */
export const WITHDRAWAL_CHANGED_EVENT = "vorexy.withdrawal.changed"
