import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { forgottenFacts } from "../../charge-facts"
import { type MajorAmountInput, toCents } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { bindingFacts } from "../utils/session-binding"

export type RecheckCaptureInput = {
  charge_id: string
  transaction_id: string
  session_id: string
  /** Medusa's amount the plan would capture (major units). */
  amount: string
  gateway_status: string | null
}

type SessionRow = {
  id: string
  amount: MajorAmountInput
  currency_code: string
  data?: Record<string, unknown> | null
  payment?: { captures?: Array<{ id: string }> | null } | null
  payment_collection?: { order?: { status?: string | null } | null } | null
}

const refund = (why: string) => `Paid, but ${why}; refund it in the Vorexy panel.`

/**
 * Under the order's cart lock (the one completion, renewals and cancels take), just before a
 * capture into the order: what the plan read earlier, read again. Another charge of the order
 * captured meanwhile (two paid at the same moment), the order cancelled, or its amount changed:
 * this one is flagged for a refund, never captured. A session that names another charge of the
 * order (a renewal) or none gets this one back: named, signed, the newer charge's facts forgotten,
 * and every other offer of the session closed at once (a payment of one is then a second payment,
 * flagged). No compensation: each write states what was verified.
 */
export const recheckCaptureStep = createStep(
  "vorexy-recheck-capture",
  async (input: RecheckCaptureInput, { container }) => {
    const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "payment_session",
      fields: [
        "id",
        "amount",
        "currency_code",
        "data",
        "payment.captures.id",
        "payment_collection.order.status",
      ],
      filters: { id: input.session_id },
    })
    const session = data[0] as SessionRow | undefined
    const problem = !session
      ? "its payment session is gone"
      : session.payment?.captures?.length
        ? "its order was paid by another payment meanwhile (the order is paid once)"
        : session.payment_collection?.order?.status === "canceled"
          ? "its order was cancelled meanwhile"
          : toCents(session.amount) !== toCents(input.amount)
            ? "its order's amount changed meanwhile"
            : null
    if (problem) {
      await vorexy.updateChargesAndNotify([
        {
          id: input.charge_id,
          flag: "late_payment",
          flag_detail: refund(problem),
          next_sync_at: null,
        },
      ])
      return new StepResponse({ capture: false })
    }
    const current = session!.data ?? {}
    if (current.transaction_id !== input.transaction_id) {
      const pointed = await pointSessionAt(container, session!, input)
      if (!pointed) {
        await vorexy.updateChargesAndNotify([
          {
            id: input.charge_id,
            flag: "late_payment",
            flag_detail: refund("its payment session could not be pointed back at it"),
            next_sync_at: null,
          },
        ])
        return new StepResponse({ capture: false })
      }
    }
    return new StepResponse({ capture: true })
  }
)

/** False when the session's data cannot carry a binding for it (no amount): nothing written. */
async function pointSessionAt(
  container: MedusaContainer,
  session: SessionRow,
  input: RecheckCaptureInput
): Promise<boolean> {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const named = {
    ...(session.data ?? {}),
    ...forgottenFacts(),
    transaction_id: input.transaction_id,
    status: "paid",
    gateway_status: input.gateway_status,
    canceled_locally_at: null,
  }
  const facts = bindingFacts(session.id, input.transaction_id, named)
  if (!facts) return false
  await container.resolve<IPaymentModuleService>(Modules.PAYMENT).updatePaymentSession({
    id: session.id,
    amount: session.amount as number,
    currency_code: session.currency_code,
    data: { ...named, charge_binding: vorexy.binding().sign(facts) },
  })
  const others = await vorexy.listVorexyCharges(
    { payment_session_id: session.id, offer_closed_at: null },
    { select: ["id", "transaction_id"] }
  )
  const open = others.filter((row) => row.transaction_id !== input.transaction_id)
  if (open.length)
    await vorexy.updateChargesAndNotify(
      open.map((row) => ({
        id: row.id,
        offer_closed_at: new Date(),
        offer_closed_reason: "session_replaced" as const,
      }))
    )
  return true
}
