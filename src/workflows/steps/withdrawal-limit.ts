import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { formatBRL, toCents } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"

/** The window `withdrawalDailyLimit` counts over. */
const LIMIT_WINDOW_MS = 24 * 3_600_000

/**
 * Everything that has left or may leave: asked and not yet sent, sent without an answer, and
 * accepted by the gateway (on its way or paid). A failed or returned one gave the money back.
 */
const COUNTED = ["requested", "unknown", "pending", "processing", "successful"]

/**
 * Refuses a withdrawal that would take the last 24 hours past `withdrawalDailyLimit`, across all
 * admins. Runs under the store-wide withdrawal lock, before the row is recorded, so two requests
 * that pass it together cannot both be made.
 */
export const checkWithdrawalLimitStep = createStep(
  "vorexy-check-withdrawal-limit",
  async (input: { amount_cents: number }, { container }) => {
    const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const limitReais = vorexy.options.withdrawalDailyLimit
    if (limitReais === undefined) return new StepResponse(null)
    const limit = toCents(limitReais)
    const recent = await vorexy.listVorexyWithdrawals(
      { status: COUNTED, created_at: { $gte: new Date(Date.now() - LIMIT_WINDOW_MS) } },
      { select: ["amount_cents"] }
    )
    const used = recent.reduce((sum, row) => sum + Number(row.amount_cents), 0)
    if (used + input.amount_cents > limit) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `${formatBRL(input.amount_cents)} would pass the store's daily withdrawal limit of ${formatBRL(limit)}: ${formatBRL(used)} was withdrawn or is on its way in the last 24 hours, so at most ${formatBRL(Math.max(0, limit - used))} more may go now (withdrawalDailyLimit).`
      )
    }
    return new StepResponse(null)
  }
)
