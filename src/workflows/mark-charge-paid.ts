import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { useQueryGraphStep } from "@medusajs/medusa/core-flows"
import { toCents } from "../gateway"
import { applyChargeStatusStep } from "./steps/apply-charge-status"

/**
 * A Vorexy payment was captured in Medusa (the provider only answers captured when the gateway
 * reports it paid for the exact amount): the charge row becomes paid.
 */
export const markChargePaidWorkflow = createWorkflow("vorexy-mark-charge-paid", (input: { payment_id: string }) => {
  const { data: payments } = useQueryGraphStep({
    entity: "payment",
    fields: ["id", "provider_id", "amount", "captured_at", "data"],
    filters: { id: input.payment_id },
  })
  const change = transform({ payments }, ({ payments }) => {
    const payment = payments[0] as any
    const transactionId = payment?.data?.transaction_id
    if (!payment || !String(payment.provider_id).startsWith("pp_vorexy-") || !transactionId) return null
    return {
      transaction_id: transactionId as string,
      status: "paid" as const,
      gateway_status: (payment.data.gateway_status as string) ?? "Paid",
      paid_amount_cents: toCents(payment.amount),
      paid_at: payment.captured_at ? new Date(payment.captured_at) : new Date(),
    }
  })
  return new WorkflowResponse(applyChargeStatusStep(change as any))
})
