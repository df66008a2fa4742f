import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ChargeStatus } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import type { ChargeSyncPlan } from "../utils/plan-charge-sync"
import { restoreCharges, Snapshot, snapshotOf } from "../utils/snapshot"
import { assertLease, ChargeLease, stillHeld } from "./charge-lease"
import { nextWatch } from "../utils/watch-schedule"

export type ApplyChargeSyncInput = {
  /** The sync's lease: nothing is written (nor rolled back) once it is lost. */
  lease?: ChargeLease
  charge_id: string
  /** Null: coalesced, nothing to apply. */
  plan: ChargeSyncPlan | null
  /** What the gateway says now. */
  gateway_status: ChargeStatus | null
  /** When the re-fetch started (null: applied from what the provider saw, nothing fetched). */
  fetched_at: string | null
  /** The gateway's own id for the charge, when the re-fetch learnt it. */
  gateway_internal_id?: string | null
}

/**
 * Writes the plan's changes to the charge row (status, amounts, flag, gateway status) and marks it
 * synced: the failure count reset, a "sync failing" flag cleared, its next look scheduled (a read's
 * 404 history is settled by the gather step, outside compensation).
 */
export const applyChargeSyncStep = createStep(
  "vorexy-apply-charge-sync",
  async (input: ApplyChargeSyncInput, { container }) => {
    const { charge_id, plan, fetched_at } = input
    const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const [before] = await service.listVorexyCharges({ id: charge_id })
    if (!plan) return new StepResponse(before, null)
    await assertLease(container, input.lease)
    const status = plan.status ?? (before.status as ChargeStatus)
    const paidAt = plan.status === "paid" ? (before.paid_at ?? new Date()) : before.paid_at
    const update: Snapshot = {
      id: charge_id,
      gateway_status: plan.gateway_status,
      sync_failures: 0,
      // The end of a window for a new charge, when its order is cancelled if none came.
      next_sync_at: plan.recheck_at
        ? new Date(plan.recheck_at)
        : nextWatch(
            {
              status,
              method: before.method,
              expires_at: before.expires_at,
              captured_at: before.captured_at,
              flag: plan.flag
                ? plan.flag.flag
                : before.flag === "sync_failing"
                  ? null
                  : before.flag,
            },
            service.options
          ),
    }
    // Only a re-fetch moves the coalescing mark, on the database's clock.
    if (fetched_at) update.last_synced_at = new Date(fetched_at)
    if (plan.status) update.status = plan.status
    if (plan.status === "paid") {
      update.paid_amount_cents = plan.paid_amount_cents
      update.paid_at = paidAt
    }
    if (plan.refunded_amount_cents !== null)
      update.refunded_amount_cents = plan.refunded_amount_cents
    if (plan.flag) {
      update.flag = plan.flag.flag
      update.flag_detail = plan.flag.detail
    } else if (
      before.flag === "sync_failing" ||
      // What this read shows (its order made after all, the books agreeing, refunded as asked).
      (before.flag && plan.no_longer?.includes(before.flag))
    ) {
      update.flag = null
      update.flag_detail = null
    }
    const previous = snapshotOf(before, update)
    // Learnt, not decided: kept whatever happens next (the sweeps match the row by it).
    const learnt = input.gateway_internal_id
      ? { gateway_internal_id: input.gateway_internal_id }
      : {}
    const [after] = await service.updateChargesAndNotify([{ ...update, ...learnt }])
    return new StepResponse(after, { previous, lease: input.lease })
  },
  async (undo, context) => {
    // Another run may own the charge once this one lost its lease: its row is left as it is.
    if (!undo || !(await stillHeld(context.container, undo.lease))) return
    await restoreCharges(undo.previous, context)
  }
)
