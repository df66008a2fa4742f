import type { IOrderModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { CapturedPayment } from "../steps/capture-into-medusa"

type PaymentCaptures = {
  id: string
  currency_code?: string | null
  captures?: CapturedPayment["captures"] | null
}

/**
 * The payment's captures its order has no transaction for, as Medusa's capture workflow and cart
 * completion record them (reference "capture", the capture's id); null when none is missing. One
 * query, and only for a payment that has captures (never on the way to a first capture).
 */
export async function missingCaptureTransactions(
  container: MedusaContainer,
  orderId: string | null | undefined,
  payment: PaymentCaptures | null | undefined
): Promise<CapturedPayment | null> {
  if (!orderId || !payment?.captures?.length || !payment.currency_code) return null
  const recorded = await container
    .resolve<IOrderModuleService>(Modules.ORDER)
    .listOrderTransactions(
      { order_id: orderId, reference: "capture", reference_id: payment.captures.map((c) => c.id) },
      { select: ["reference_id"] }
    )
  const known = new Set(recorded.map((transaction) => transaction.reference_id))
  const captures = payment.captures
    .filter((capture) => !known.has(capture.id))
    .map(({ id, amount }) => ({ id, amount }))
  return captures.length ? { id: payment.id, currency_code: payment.currency_code, captures } : null
}
