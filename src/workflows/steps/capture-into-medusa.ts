import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules, PaymentActions } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { capturePaymentWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { CaptureAct } from "../charge-sync/plan"

/** A payment as the capture steps need it: what an order transaction records. */
export type CapturedPayment = {
  id: string
  currency_code: string
  captures: { id: string; amount: unknown }[]
}

export type CaptureIntoMedusaInput = Pick<
  CaptureAct,
  "route" | "session_id" | "amount" | "payment_id"
> & {
  /** False: the recheck under the order's lock found the capture no longer holds. */
  go: boolean
}

/**
 * Gets a paid charge's payment into Medusa by the route the plan chose (charge-sync/plan.ts), and
 * answers the payment whose order transactions the next step records (a PIX or boleto); Medusa's
 * own workflows record theirs. Core's flows run whole, not as steps of this one: a later failure of
 * the sync never undoes a capture (money received) nor withdraws its `payment.captured`, and the
 * next sync records what is missing. They run as a sub-workflow of this step (its idempotency
 * key), as `runAsStep` would run them: core's cart lock is then not taken again (the checkout
 * completing the cart holds it; waiting for it would hold the charge's lease up to 30 s).
 *
 * - card: authorised at checkout; Medusa's capture workflow captures it into its order.
 * - paid_session (PIX, boleto): the order waits with its authorisation pending; authorising the paid
 *   session makes the provider answer "captured", so Medusa creates the payment and captures it in
 *   the same call. What processPaymentWorkflow would do for a known order, without its second
 *   look-up of payment, session, cart and order and its second capture (over a quarter of a
 *   capture's queries under a burst of payments).
 * - complete_cart: paid before its cart became an order: Medusa's own flow captures and completes it.
 */
export const captureIntoMedusaStep = createStep(
  "vorexy-capture-into-medusa",
  async (input: CaptureIntoMedusaInput, { container, idempotencyKey }) => {
    if (!input.go || input.route === "repair") return new StepResponse<CapturedPayment | null>(null)
    const context = { parentStepIdempotencyKey: idempotencyKey }
    if (input.route === "card") {
      await capturePaymentWorkflow(container).run({
        input: { payment_id: input.payment_id!, amount: input.amount },
        context,
      })
      return new StepResponse<CapturedPayment | null>(null)
    }
    if (input.route === "complete_cart") {
      await processPaymentWorkflow(container).run({
        input: {
          action: PaymentActions.SUCCESSFUL,
          data: { session_id: input.session_id, amount: input.amount },
        },
        context,
      })
      return new StepResponse<CapturedPayment | null>(null)
    }
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    await payments.authorizePaymentSession(input.session_id, {})
    const session = await payments.retrievePaymentSession(input.session_id, {
      relations: ["payment", "payment.captures"],
    })
    const payment = session.payment
    if (!payment) return new StepResponse<CapturedPayment | null>(null)
    if (!payment.captures?.length) {
      // Authorised but not captured by the provider's answer (not expected of a paid charge).
      await capturePaymentWorkflow(container).run({
        input: { payment_id: payment.id, amount: input.amount },
        context,
      })
      return new StepResponse<CapturedPayment | null>(null)
    }
    return new StepResponse<CapturedPayment | null>({
      id: payment.id,
      currency_code: payment.currency_code,
      captures: payment.captures.map((capture) => ({
        id: capture.id,
        amount: (capture as { raw_amount?: unknown }).raw_amount ?? capture.amount,
      })),
    })
  }
)
