import {
  capturePaymentWorkflow,
  emitEventStep,
  processPaymentWorkflow,
} from "@medusajs/medusa/core-flows"
import { PaymentActions, PaymentEvents } from "@medusajs/framework/utils"
import { transform, when, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { authorizePaidSessionStep, type CapturedPayment } from "./steps/authorize-paid-session"
import {
  recordCaptureTransactionsStep,
  type RecordCaptureTransactionsInput as Recordable,
} from "./steps/record-capture-transactions"

export type CaptureSessionPaymentInput = {
  /** False: the sync planned no capture; only a missing order transaction is recorded. */
  capture: boolean
  session_id: string
  /** Medusa's amount (major units). */
  amount: string
  /** The session's payment, when its checkout authorised one (a card). */
  payment_id: string | null
  /** The session's order; null while its cart has not become one. */
  order_id: string | null
  /** Captures Medusa holds whose order transaction is missing (gather-charge-sync.ts). */
  unrecorded: CapturedPayment | null
}

/**
 * Captures a paid charge's payment session into Medusa, inside the sync workflow (with an order:
 * under its cart's lock, order-cart-lock.ts; then after the sync's lease is checked). What Medusa's processPaymentWorkflow does for a "successful" webhook, without what
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
  // Its order transaction; or, with no capture planned, the transaction of a capture an earlier
  // run made but died before recording.
  const recordable = transform({ input, authorized }, ({ input, authorized }) => {
    if (!input.order_id) return null
    if (authorized?.captures.length) return { order_id: input.order_id, payment: authorized }
    if (!input.capture && input.unrecorded)
      return { order_id: input.order_id, payment: input.unrecorded }
    return null
  })
  const added = when("vorexy-record-capture-transaction", { recordable }, ({ recordable }) => {
    return !!recordable
  }).then(() => recordCaptureTransactionsStep(recordable as WorkflowData<Recordable>))
  // payment.captured, as Medusa's capture workflow announces it, by whoever records the capture on
  // the order (late, for a repaired one; not again for one a checkout recorded).
  when("vorexy-announce-capture", { added }, ({ added }) => (added ?? 0) > 0).then(() => {
    emitEventStep({
      eventName: PaymentEvents.CAPTURED,
      data: transform({ recordable }, ({ recordable }) => ({ id: recordable!.payment.id })),
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
