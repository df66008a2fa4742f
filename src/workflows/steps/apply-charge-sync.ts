import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import type { ChargeSyncPlan } from "../utils/plan-charge-sync"
import { restoreCharges, snapshotOf } from "../utils/snapshot"

/** Writes the plan's changes to the charge row (status, flag, gateway status, sync time). */
export const applyChargeSyncStep = createStep(
  "vorexy-apply-charge-sync",
  async ({ charge_id, plan }: { charge_id: string; plan: ChargeSyncPlan }, { container }) => {
    const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const [before] = await service.listVorexyCharges({ id: charge_id })
    const update: Record<string, unknown> & { id: string } = {
      id: charge_id,
      gateway_status: plan.gateway_status,
      last_synced_at: new Date(),
    }
    if (plan.status) update.status = plan.status
    if (plan.status === "paid") {
      update.paid_amount_cents = plan.paid_amount_cents
      update.paid_at = before.paid_at ?? new Date()
    }
    if (plan.flag) {
      update.flag = plan.flag.flag
      update.flag_detail = plan.flag.detail
    }
    const previous = snapshotOf(before, update)
    const [after] = await service.updateChargesAndNotify([update])
    return new StepResponse(after, previous)
  },
  restoreCharges
)
