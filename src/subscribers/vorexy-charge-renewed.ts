import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { CHARGE_RENEWED_EVENT } from "../modules/vorexy/events"
import { sendPaymentEmail } from "../notifications/payment-emails"

/** A new PIX or boleto for an order ("Gerar novo PIX"): the shopper gets how to pay it by e-mail. */
export default async function vorexyChargeRenewed({
  event,
  container,
}: SubscriberArgs<{ charge_id: string }>) {
  await sendPaymentEmail(container, event.data.charge_id, "created").catch((error: Error) =>
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Vorexy: could not send the payment e-mail of ${event.data.charge_id}: ${error.message}`
      )
  )
}

export const config: SubscriberConfig = { event: CHARGE_RENEWED_EVENT }
