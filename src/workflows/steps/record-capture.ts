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

export type RecordCaptureInput = {
  charge_id: string
  /** Medusa holds a capture for the charge's payment session (made now or earlier). */
  captured: boolean
}

/**
 * Notes on the charge that Medusa has captured its payment, once: the storefront's status answer
 * then says the order is paid in the store, and long-polls waiting for that wake. No compensation:
 * a capture is evidence of money, never erased.
 */
export const recordCaptureStep = createStep(
  "vorexy-record-capture",
  async (input: RecordCaptureInput, { container }) => {
    if (!input.captured) return new StepResponse(false)
    const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const [charge] = await service.listVorexyCharges({ id: input.charge_id })
    if (!charge || charge.captured_at) return new StepResponse(false)
    // Captured into a cart that produced no order (Medusa's completion failed after the capture,
    // and its compensation cannot refund): flagged for the admin at once.
    const orderless = !(await hasOrder(container, charge.payment_session_id))
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
