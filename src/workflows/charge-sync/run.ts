/**
 * Runs the charge sync the way every trigger needs it: a failure is recorded on the row, outside
 * the workflow whose compensation would erase it, so a failing charge backs off instead of
 * starving the others, and is flagged; a busy charge or an outage is not its failure
 * (isPassingFailure). A charge the gateway answers 404 for follows its own rule instead
 * (rules/unknown-charge.ts). Then the shopper's e-mail for the new status.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { isVorexyError } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { emailForStatus } from "../../notifications/payment-emails"
import { isPassingFailure } from "../utils/busy"
import type { ChargeSyncTrigger } from "./trigger"
import { syncChargeWorkflow } from "./workflow"

const reason = (error: unknown) => (error as Error)?.message ?? String(error)

export async function runChargeSync(container: MedusaContainer, input: ChargeSyncTrigger) {
  try {
    const { result } = await syncChargeWorkflow(container).run({ input })
    // The shopper hears of a payment or an expiry once it is applied (never twice: idempotent).
    const { charge, plan } = result
    await emailForStatus(container, charge?.id, plan?.status, plan?.renewable_until ?? null)
    return result
  } catch (error) {
    // A 404 is not a failure to retry: the sync counted it under its lock (unknown-charge.ts).
    // Nor is a charge another run holds, or the database or Redis being down: no backoff, no
    // sync_failing for what is not the charge's own fault (the next run retries it at once).
    if (!isChargeNotFound(error) && !isPassingFailure(error)) {
      await container
        .resolve<VorexyModuleService>(VOREXY_MODULE)
        .recordChargeSyncFailure(input.transaction_id, reason(error))
    }
    throw error
  }
}

/** The sync's read answered 404: already counted on the charge, whose policy decides what next. */
export const isChargeNotFound = (error: unknown) =>
  isVorexyError(error) && error.kind === "not_found"
