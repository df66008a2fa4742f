import type { IPaymentModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { forgottenFacts } from "../../charge-facts"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { bindingFacts } from "../utils/session-binding"

export type RecheckCaptureInput = {
  charge_id: string
  transaction_id: string
  session_id: string
  /** The transaction the session named when the sync read it. */
  session_names: string | null
  /** Point the session back at this charge (it names a newer one, or none): plan-charge-sync.ts. */
  revive: boolean
  gateway_status: string | null
}

type SessionRow = {
  id: string
  amount: number
  currency_code: string
  data?: Record<string, unknown> | null
  payment?: { captures?: Array<{ id: string }> | null } | null
}

export const SECOND_PAYMENT =
  "Paid while another payment of the same order was being captured: the order is paid once; refund this one in the Vorexy panel."

/**
 * Under the order's cart lock, just before a capture into an order: the checks the plan made from
 * its earlier read, made again. Another charge of the order captured meanwhile (two paid at the
 * same moment), or the session moved on: this one is flagged for a refund, not captured. A charge
 * that completes its order after a renewal replaced it gets the session back: named, signed, the
 * newer charge's facts forgotten, and every newer offer of the session closed at once (a payment
 * of one is then a second payment, flagged). No compensation: each write states what was verified.
 */
export const recheckCaptureStep = createStep(
  "vorexy-recheck-capture",
  async (input: RecheckCaptureInput, { container }) => {
    const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "payment_session",
      fields: ["id", "amount", "currency_code", "data", "payment.captures.id"],
      filters: { id: input.session_id },
    })
    const session = data[0] as SessionRow | undefined
    const names =
      typeof session?.data?.transaction_id === "string" ? session.data.transaction_id : null
    const captured = (session?.payment?.captures?.length ?? 0) > 0
    if (!session || captured || names !== input.session_names) {
      await vorexy.updateChargesAndNotify([
        {
          id: input.charge_id,
          flag: "late_payment",
          flag_detail: SECOND_PAYMENT,
          next_sync_at: null,
        },
      ])
      return new StepResponse({ capture: false })
    }
    if (input.revive) {
      const named = {
        ...(session.data ?? {}),
        ...forgottenFacts(),
        transaction_id: input.transaction_id,
        status: "paid",
        gateway_status: input.gateway_status,
        canceled_locally_at: null,
      }
      const facts = bindingFacts(session.id, input.transaction_id, named)
      if (!facts) return new StepResponse({ capture: false })
      await container.resolve<IPaymentModuleService>(Modules.PAYMENT).updatePaymentSession({
        id: session.id,
        amount: session.amount,
        currency_code: session.currency_code,
        data: { ...named, charge_binding: vorexy.binding().sign(facts) },
      })
      const newer = await vorexy.listVorexyCharges(
        { payment_session_id: session.id, offer_closed_at: null },
        { select: ["id", "transaction_id"] }
      )
      const closed = newer.filter((row) => row.transaction_id !== input.transaction_id)
      if (closed.length)
        await vorexy.updateChargesAndNotify(
          closed.map((row) => ({
            id: row.id,
            offer_closed_at: new Date(),
            offer_closed_reason: "session_replaced" as const,
          }))
        )
    }
    return new StepResponse({ capture: true })
  }
)
