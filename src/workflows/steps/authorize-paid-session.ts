import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** A payment as the capture steps need it: what an order transaction records. */
export type CapturedPayment = {
  id: string
  currency_code: string
  captures: { id: string; amount: unknown }[]
}

/**
 * Authorises a paid PIX or boleto session: the provider answers "captured" (it re-checks the
 * charge), so Medusa's payment module creates the payment and captures it in the same call, and
 * answers the same payment when called again. Null while the provider does not call it paid.
 *
 * Medusa's own authorizePaymentSessionStep cancels the payment when a later step fails; this one is
 * never undone: a captured payment is evidence of money received, and the next sync records what
 * is missing (an order transaction) instead.
 */
export const authorizePaidSessionStep = createStep(
  "vorexy-authorize-paid-session",
  async (input: { session_id: string }, { container }) => {
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    await payments.authorizePaymentSession(input.session_id, {})
    const session = await payments.retrievePaymentSession(input.session_id, {
      relations: ["payment", "payment.captures"],
    })
    const payment = session.payment
    if (!payment) return new StepResponse<CapturedPayment | null>(null)
    return new StepResponse<CapturedPayment | null>({
      id: payment.id,
      currency_code: payment.currency_code,
      captures: (payment.captures ?? []).map((capture) => ({
        id: capture.id,
        amount: (capture as { raw_amount?: unknown }).raw_amount ?? capture.amount,
      })),
    })
  }
)
