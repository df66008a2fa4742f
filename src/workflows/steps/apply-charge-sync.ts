import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import type { ChargeSyncPlan } from "../utils/plan-charge-sync"
import { restoreCharges, Snapshot, snapshotOf } from "../utils/snapshot"

export type ApplyChargeSyncInput = {
  charge_id: string
  plan: ChargeSyncPlan | null
  /** When the re-fetch started (null: coalesced, nothing was fetched). */
  fetched_at: string | null
}

/**
 * Writes the plan's changes to the charge row (status, amounts, flag, gateway status) and marks it
 * synced: the failure count is reset and a "sync failing" flag cleared.
 */
export const applyChargeSyncStep = createStep(
  "vorexy-apply-charge-sync",
  async ({ charge_id, plan, fetched_at }: ApplyChargeSyncInput, { container }) => {
    const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const [before] = await service.listVorexyCharges({ id: charge_id })
    if (!plan || !fetched_at) return new StepResponse(before, null)
    const update: Snapshot = {
      id: charge_id,
      gateway_status: plan.gateway_status,
      last_synced_at: new Date(fetched_at),
      sync_failures: 0,
      next_sync_at: null,
    }
    if (plan.status) update.status = plan.status
    if (plan.status === "paid") {
      update.paid_amount_cents = plan.paid_amount_cents
      update.paid_at = before.paid_at ?? new Date()
    }
    if (plan.refunded_amount_cents !== null)
      update.refunded_amount_cents = plan.refunded_amount_cents
    if (plan.flag) {
      update.flag = plan.flag.flag
      update.flag_detail = plan.flag.detail
    } else if (before.flag === "sync_failing") {
      update.flag = null
      update.flag_detail = null
    }
    const previous = snapshotOf(before, update)
    const [after] = await service.updateChargesAndNotify([update])
    return new StepResponse(after, previous)
  },
  restoreCharges
)
