import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { normaliseWithdrawalStatus } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { withdrawalMoves } from "../utils/withdrawal-request"
import { writeWithdrawal } from "../utils/withdrawal-write"

export type SyncWithdrawalInput = {
  gateway_id: string
  /** A status from a webhook body: used only when the gateway cannot be asked and the delivery was trusted. */
  hint?: {
    status: string | null
    trusted: boolean
    failure_reason?: string | null
    end_to_end_id?: string | null
  }
}

/**
 * Moves the local withdrawal to the gateway's status, forward only: re-fetched from
 * GET /api/Withdraw/{id}; when the gateway has no such record (404), a trusted webhook's status.
 * No compensation: what the gateway said is not undone.
 */
export const syncWithdrawalStep = createStep(
  "vorexy-sync-withdrawal",
  async (input: SyncWithdrawalInput, { container }) => {
    const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const [row] = await service.listVorexyWithdrawals({ gateway_id: input.gateway_id })
    if (!row)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `No local withdrawal for Vorexy withdrawal ${input.gateway_id}`
      )

    const detail = await service.gateway().getWithdrawal(input.gateway_id)
    const source = detail
      ? {
          status: detail.status,
          failure: detail.failureReason ?? null,
          e2e: detail.endToEndId ?? null,
          from: "gateway",
        }
      : input.hint?.trusted && input.hint.status
        ? {
            status: normaliseWithdrawalStatus(input.hint.status),
            failure: input.hint.failure_reason ?? null,
            e2e: input.hint.end_to_end_id ?? null,
            from: "webhook",
          }
        : null

    const written = await writeWithdrawal(service, row.id, (now) => {
      const update: Record<string, unknown> = {
        last_synced_at: new Date(),
        sync_failures: 0,
        next_sync_at: null,
      }
      if (!source) return update
      const moves = withdrawalMoves(now.status, source.status.status)
      if (moves)
        Object.assign(update, { status: source.status.status, gateway_status: source.status.raw })
      // What came with its status, also when another writer moved it there without them.
      const failed = source.status.status === "failed" && (moves || now.status === "failed")
      if (failed && source.failure && (moves || !now.failure_reason))
        update.failure_reason = source.failure
      if (source.e2e && (moves || !now.end_to_end_id)) update.end_to_end_id = source.e2e
      return update
    })
    const { before, after } = written ?? { before: row, after: row }
    const said = source
      ? `${source.from} says ${source.status.raw ?? source.status.status}`
      : "not found at the gateway and no trusted status"
    const summary = !source
      ? said
      : before.status === after.status
        ? `${said}: stays ${after.status}`
        : `${said}: ${before.status} -> ${after.status}`
    return new StepResponse({ withdrawal: after, summary })
  }
)
