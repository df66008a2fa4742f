import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { PAID_WITHOUT_ORDER } from "../utils/plan-charge-sync"

async function hasOrder(container: MedusaContainer, sessionId: string) {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment_session",
    fields: ["id", "payment_collection.order.id"],
    filters: { id: sessionId },
  })
  const session = data[0] as { payment_collection?: { order?: { id: string } | null } | null }
  return Boolean(session?.payment_collection?.order?.id)
}

type ChargeRow = Awaited<ReturnType<VorexyModuleService["listVorexyCharges"]>>[number]

export type RecordCaptureInput = {
  /**
   * The charge as the sync's apply step left it. Only a long-poll noting a capture writes it
   * meanwhile (captured_at, never the flag): writing captured_at again is harmless.
   */
  charge: ChargeRow
  /** Medusa holds a capture for the charge's payment session (made now or earlier). */
  captured: boolean
  /** The sync saw the session's order before the capture: an order is never taken away. */
  order_seen: boolean
}

/**
 * Notes on the charge that Medusa has captured its payment, once: the storefront's status answer
 * then says the order is paid in the store, and long-polls waiting for that wake. No compensation:
 * a capture is evidence of money, never erased.
 */
export const recordCaptureStep = createStep(
  "vorexy-record-capture",
  async (input: RecordCaptureInput, { container }) => {
    const { charge } = input
    if (!input.captured || !charge || charge.captured_at) return new StepResponse(false)
    const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    // Captured into a cart that produced no order (Medusa's completion failed after the capture,
    // and its compensation cannot refund): flagged for the admin at once.
    const orderless = !input.order_seen && !(await hasOrder(container, charge.payment_session_id))
    await service.updateChargesAndNotify([
      {
        id: charge.id,
        captured_at: new Date(),
        // Captured: the check-up a paid charge waited for is done (watch-schedule.ts).
        ...(charge.status === "paid" ? { next_sync_at: null } : {}),
        ...(orderless && !charge.flag
          ? { flag: "paid_without_order", flag_detail: PAID_WITHOUT_ORDER }
          : {}),
      },
    ])
    return new StepResponse(true)
  }
)
