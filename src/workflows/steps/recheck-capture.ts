import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { forgottenFacts } from "../../charge-facts"
import { type MajorAmountInput, toCents } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { bindSessionTo } from "../utils/session-binding"

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

/**
 * Under the order's cart lock (the one completion, renewals and cancels take), just before a
 * capture into the order: what the plan read earlier, read again. This charge captured meanwhile
 * (its checkout got there first) is simply not captured again; another charge of the order
 * captured meanwhile (two paid at the same moment), the order cancelled, or its amount changed:
 * this one is flagged for a refund, never captured. A session that names another charge of the
 * order (a renewal) or none gets this one back: named, signed, the newer charge's facts forgotten,
 * and every other offer of the session closed at once (a payment of one is then a second payment,
 * flagged). No compensation: each write states what was verified.
 */
export const recheckCaptureStep = createStep(
  "vorexy-recheck-capture",
  async (input: RecheckCaptureInput | null, { container }) => {
    // Nothing to recheck: a capture with no order lock (a cart not yet an order).
    if (!input) return new StepResponse({ capture: true, captured: false })
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
    // Captured meanwhile by this very charge: a card's checkout captures its payment while the
    // gateway's "paid" webhook waits for the cart's lock. Nothing left to do, nothing to refund.
    if (session?.payment?.captures?.length && session.data?.transaction_id === input.transaction_id)
      return new StepResponse({ capture: false, captured: true })
    const problem =
      (!session
        ? "its payment session is gone"
        : session.payment?.captures?.length
          ? "its order was paid by another payment meanwhile (the order is paid once)"
          : session.payment_collection?.order?.status === "canceled"
            ? "its order was cancelled meanwhile"
            : toCents(session.amount) !== toCents(input.amount)
              ? "its order's amount changed meanwhile"
              : null) ??
      // A session naming another charge of the order (a renewal), or none, gets this one back.
      (session!.data?.transaction_id !== input.transaction_id &&
      !(await pointSessionAt(container, session!, input))
        ? "its payment session could not be pointed back at it"
        : null)
    if (problem) {
      await vorexy.updateChargesAndNotify([
        {
          id: input.charge_id,
          flag: "late_payment",
          flag_detail: `Paid, but ${problem}; refund it in the Vorexy panel.`,
          next_sync_at: null,
        },
      ])
      return new StepResponse({ capture: false, captured: false })
    }
    return new StepResponse({ capture: true, captured: false })
  }
)

/**
 * Names and signs this charge in the session (the newer charge's facts forgotten), and closes every
 * other offer of the session. False when the data cannot carry a binding (nothing written).
 */
async function pointSessionAt(
  container: MedusaContainer,
  session: SessionRow,
  input: RecheckCaptureInput
): Promise<boolean> {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const bound = await bindSessionTo(container, session, input.transaction_id, {
    ...forgottenFacts(),
    status: "paid",
    gateway_status: input.gateway_status,
    canceled_locally_at: null,
  })
  if (!bound) return false
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
