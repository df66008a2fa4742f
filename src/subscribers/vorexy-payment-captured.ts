import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { markChargePaidWorkflow } from "../workflows/mark-charge-paid"

/** A payment was captured in Medusa: if it is a Vorexy one, its charge row becomes paid. */
export default async function vorexyPaymentCaptured({ event, container }: SubscriberArgs<{ id: string }>) {
  await markChargePaidWorkflow(container).run({ input: { payment_id: event.data.id } })
}

export const config: SubscriberConfig = { event: "payment.captured" }
