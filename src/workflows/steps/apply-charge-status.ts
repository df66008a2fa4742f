import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { canMoveCharge, ChargeStatus } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { restoreCharges, snapshotOf } from "../utils/snapshot"

export type ChargeStatusChange = {
  transaction_id: string
  status: ChargeStatus
  gateway_status?: string | null
  paid_amount_cents?: number | null
  paid_at?: Date | null
}

/** Moves a charge to a new status, forward only (a terminal state never moves back). */
export const applyChargeStatusStep = createStep(
  "vorexy-apply-charge-status",
  async (change: ChargeStatusChange | null, { container }) => {
    if (!change) return new StepResponse(null, null)
    const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const [charge] = await service.listVorexyCharges({ transaction_id: change.transaction_id })
    if (
      !charge ||
      charge.status === change.status ||
      !canMoveCharge(charge.status as ChargeStatus, change.status)
    ) {
      return new StepResponse(charge ?? null, null)
    }
    const update = {
      id: charge.id,
      status: change.status,
      gateway_status: change.gateway_status ?? charge.gateway_status,
      paid_amount_cents: change.paid_amount_cents ?? charge.paid_amount_cents,
      paid_at: change.paid_at ?? charge.paid_at,
      last_synced_at: new Date(),
    }
    const previous = snapshotOf(charge, update)
    const [updated] = await service.updateChargesAndNotify([update])
    return new StepResponse(updated, previous)
  },
  restoreCharges
)
