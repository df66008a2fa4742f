import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { type MajorAmountInput, toCents } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { runChargeSync } from "../workflows/charge-sync/workflow"
import { isPassingFailure } from "../workflows/utils/busy"

type PaymentRow = {
  payment_session_id?: string | null
  data?: Record<string, unknown> | null
  refunds?: Array<{ amount: MajorAmountInput }> | null
}

/**
 * Medusa recorded a refund of a Vorexy payment (an admin's, or the sync's own for a panel refund).
 * Vorexy has no refund call: the provider lets a refund through only once the panel shows it, but
 * two recorded at the same moment each pass that check (Medusa locks the payment against its
 * captured amount, not against the gateway). Unless the charge row already shows that much given
 * back, the charge is read again: refunds beyond the gateway's are flagged `refund_mismatch`. If
 * another run held it, or the database or Redis failed, the charge is due now for the reconcile
 * job's read, which compares them too (a failure of its own set its backoff).
 */
export default async function vorexyPaymentRefunded({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  let chargeId: string | null = null
  let transactionId: string | null = null
  try {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment",
      fields: ["payment_session_id", "data", "refunds.amount"],
      filters: { id: event.data.id },
    })
    const payment = data[0] as PaymentRow | undefined
    const named = payment?.data?.transaction_id
    if (!payment || typeof named !== "string") return
    // A Vorexy charge of this very payment (another provider's payment names none of ours).
    const [charge] = await vorexy.listVorexyCharges({
      transaction_id: named,
      payment_session_id: payment.payment_session_id ?? "",
    })
    if (!charge) return
    chargeId = charge.id
    transactionId = named
    const refunded = (payment.refunds ?? []).reduce((sum, r) => sum + toCents(r.amount), 0)
    await runChargeSync(container, {
      by: "refund_recorded",
      transaction_id: named,
      refunded_cents: refunded,
    })
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Vorexy: could not re-fetch ${transactionId ?? `the charge of payment ${event.data.id}`} after a refund: ${(e as Error).message}`
      )
    if (chargeId && isPassingFailure(e))
      await vorexy
        .updateVorexyCharges({ id: chargeId, next_sync_at: new Date() })
        .catch(() => undefined)
  }
}

export const config: SubscriberConfig = { event: "payment.refunded" }
