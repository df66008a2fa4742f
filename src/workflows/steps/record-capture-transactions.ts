import type { IEventBusModuleService, IOrderModuleService } from "@medusajs/framework/types"
import { Modules, PaymentEvents } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { missingCaptureTransactions } from "../utils/missing-capture-transactions"
import type { CapturedPayment } from "./capture-into-medusa"

export type RecordCaptureTransactionsInput = { order_id: string; payment: CapturedPayment }

/**
 * Records the order's transaction for each capture of the payment that has none yet, as Medusa's
 * capture workflow and cart completion record them (reference "capture", the capture's id), and
 * answers how many it added; then announces `payment.captured`, as Medusa's capture workflow does
 * (late, for a repaired one). Never undone: a capture is money received, and its order must show
 * it; so the announcement goes out at once, not with the sync's own events, which a later failure
 * of the sync would withdraw while the transaction stays (and no repair would announce it again).
 * Runs under the order's cart lock (order-cart-lock.ts), so nothing else records them meanwhile.
 */
export const recordCaptureTransactionsStep = createStep(
  "vorexy-record-capture-transactions",
  async (input: RecordCaptureTransactionsInput | null, { container }) => {
    if (!input) return new StepResponse(0)
    const { order_id, payment } = input
    const missing = (await missingCaptureTransactions(container, order_id, payment))?.captures ?? []
    if (!missing.length) return new StepResponse(0)
    await container.resolve<IOrderModuleService>(Modules.ORDER).addOrderTransactions(
      missing.map((capture) => ({
        order_id,
        amount: capture.amount as number,
        currency_code: payment.currency_code,
        reference: "capture",
        reference_id: capture.id,
      }))
    )
    await container
      .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
      .emit({ name: PaymentEvents.CAPTURED, data: { id: payment.id } })
    return new StepResponse(missing.length)
  }
)
