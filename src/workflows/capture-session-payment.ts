import {
  addOrderTransactionStep,
  capturePaymentWorkflow,
  emitEventStep,
  processPaymentWorkflow,
} from "@medusajs/medusa/core-flows"
import { PaymentActions, PaymentEvents } from "@medusajs/framework/utils"
import { transform, when, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { authorizePaidSessionStep, type CapturedPayment } from "./steps/authorize-paid-session"

export type CaptureSessionPaymentInput = {
  /** False: the sync planned no capture; only a missing order transaction is recorded. */
  capture: boolean
  session_id: string
  /** Medusa's amount (major units). */
  amount: string
  /** The session's payment, when its checkout authorised one (a card). */
  payment_id: string | null
  /** The session's open order; null while its cart has not become one. */
  order_id: string | null
  /** Captured in Medusa, the charge not marked so: its order transaction may be missing. */
  unrecorded: CapturedPayment | null
}

/** One order transaction per capture, as Medusa's capture workflow records them. */
const transactionsOf = (orderId: string, payment: CapturedPayment) =>
  payment.captures.map((capture) => ({
    order_id: orderId,
    amount: capture.amount as number,
    currency_code: payment.currency_code,
    reference_id: capture.id,
    reference: "capture",
  }))

/**
 * Captures a paid charge's payment session into Medusa, inside the sync workflow (after its lease
 * is checked). What Medusa's processPaymentWorkflow does for a "successful" webhook, without what
 * a known order does not need: that workflow looks the payment, session, cart and order up again
 * (the sync has just read them), and after authorising a PIX or boleto session (which the provider
 * answers "captured", so Medusa captures it in the same call) it runs the capture a second time to
 * no effect before it records the order's transaction. Under a burst of payments that was over a
 * quarter of the worker's queries per capture. A cart that has no order yet still goes through
 * processPaymentWorkflow, which completes it.
 */
export function captureSessionPayment(input: WorkflowData<CaptureSessionPaymentInput>) {
  // A card: authorised at checkout, captured now (the order's transaction and event included).
  when("vorexy-capture-authorized-payment", { input }, ({ input }) => {
    return input.capture && !!input.order_id && !!input.payment_id
  }).then(() => {
    capturePaymentWorkflow
      .runAsStep({
        input: transform({ input }, ({ input }) => ({
          payment_id: input.payment_id!,
          amount: input.amount,
        })),
      })
      .config({ name: "vorexy-capture-payment" })
  })

  // PIX and boleto: the order waits with its authorisation pending; authorising the paid session
  // creates the payment and captures it.
  const authorized = when("vorexy-authorize-paid", { input }, ({ input }) => {
    return input.capture && !!input.order_id && !input.payment_id
  }).then(() => {
    return authorizePaidSessionStep(
      transform({ input }, ({ input }) => ({ session_id: input.session_id }))
    )
  })
  // Its order transaction (the step skips one already recorded), and payment.captured. Also for a
  // capture an earlier run made but died before recording (the charge not marked captured).
  const recordable = transform({ input, authorized }, ({ input, authorized }) => {
    const payment = authorized?.captures.length ? authorized : input.unrecorded
    return input.order_id && payment ? transactionsOf(input.order_id, payment) : []
  })
  when("vorexy-record-capture-transaction", { recordable }, ({ recordable }) => {
    return recordable.length > 0
  }).then(() => {
    addOrderTransactionStep(recordable).config({ name: "vorexy-add-capture-transaction" })
  })
  when("vorexy-announce-capture", { authorized }, ({ authorized }) => {
    return !!authorized?.captures.length
  }).then(() => {
    emitEventStep({
      eventName: PaymentEvents.CAPTURED,
      data: transform({ authorized }, ({ authorized }) => ({ id: authorized!.id })),
    }).config({ name: "vorexy-emit-payment-captured" })
  })
  // Authorised but not captured by the provider's answer (not expected of a paid charge): capture.
  when("vorexy-capture-after-authorizing", { authorized }, ({ authorized }) => {
    return !!authorized && !authorized.captures.length
  }).then(() => {
    capturePaymentWorkflow
      .runAsStep({
        input: transform({ input, authorized }, ({ input, authorized }) => ({
          payment_id: authorized!.id,
          amount: input.amount,
        })),
      })
      .config({ name: "vorexy-capture-authorized-session" })
  })

  // Paid before its cart became an order: Medusa's own flow captures it and completes the cart.
  when("vorexy-capture-completing-cart", { input }, ({ input }) => {
    return input.capture && !input.order_id
  }).then(() => {
    processPaymentWorkflow
      .runAsStep({
        input: transform({ input }, ({ input }) => ({
          action: PaymentActions.SUCCESSFUL,
          data: { session_id: input.session_id, amount: input.amount },
        })),
      })
      .config({ name: "vorexy-process-payment" })
  })
}
