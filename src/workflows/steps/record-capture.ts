import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"

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
    await service.updateChargesAndNotify([{ id: charge.id, captured_at: new Date() }])
    return new StepResponse(true)
  }
)
