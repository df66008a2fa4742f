import type { MedusaContainer } from "@medusajs/framework/types"
import { VOREXY_MODULE } from "../modules/vorexy"
import { FLAG_AFTER_FAILURES, nextAttemptAt } from "../modules/vorexy/backoff"
import type VorexyModuleService from "../modules/vorexy/service"
import type { VorexyWebhookEventRow } from "../modules/vorexy/types"
import { runChargeSync, runWithdrawalSync } from "../reconciliation/run-sync"
import { adoptWithdrawal } from "../reconciliation/settle-withdrawals"

/** A failed event is retried (by the reconcile job, with backoff) this many times, then abandoned. */
export const MAX_PROCESSING_ATTEMPTS = FLAG_AFTER_FAILURES + 2

const DONE = new Set(["processed", "orphan", "ignored", "abandoned"])

/**
 * Webhook intake, step two: processes one stored webhook event. An event for a charge or
 * withdrawal we know runs its sync (which re-fetches: the body is only a hint; a re-fetch that
 * started after the event arrived already answers it); anything else is kept as an orphan and
 * changes nothing. The outcome is written on the event either way; a failure is retried later.
 */
export async function processWebhookEvent(container: MedusaContainer, eventId: string) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [event] = await service.listVorexyWebhookEvents({ id: eventId })
  if (!event || DONE.has(event.outcome)) return event ?? null
  const attempts = event.processing_attempts + 1
  const finish = (outcome: "processed" | "orphan" | "failed", detail: string) => {
    const gaveUp = outcome === "failed" && attempts >= MAX_PROCESSING_ATTEMPTS
    return service.updateVorexyWebhookEvents({
      id: event.id,
      outcome: gaveUp ? "abandoned" : outcome,
      outcome_detail: detail.slice(0, 1000),
      processed_at: new Date(),
      processing_attempts: attempts,
      next_attempt_at: outcome === "failed" && !gaveUp ? nextAttemptAt(attempts) : null,
    })
  }

  try {
    const summary =
      event.kind === "cash_in"
        ? await processCashIn(container, service, event)
        : await processCashOut(container, service, event)
    return await finish(summary.orphan ? "orphan" : "processed", summary.detail)
  } catch (error) {
    return await finish("failed", (error as Error).message ?? String(error))
  }
}

type Summary = { orphan: boolean; detail: string }

async function processCashIn(
  container: MedusaContainer,
  service: VorexyModuleService,
  event: VorexyWebhookEventRow
): Promise<Summary> {
  const [charge] = await service.listVorexyCharges({ transaction_id: event.reference_id })
  if (!charge) return { orphan: true, detail: `no charge for transaction ${event.reference_id}` }
  const result = await runChargeSync(container, {
    transaction_id: event.reference_id,
    not_before: new Date(event.created_at).toISOString(),
  })
  return { orphan: false, detail: result.plan.summary }
}

async function processCashOut(
  container: MedusaContainer,
  service: VorexyModuleService,
  event: VorexyWebhookEventRow
): Promise<Summary> {
  const [known] = await service.listVorexyWithdrawals({ gateway_id: event.reference_id })
  const withdrawal = known ?? (await adoptWithdrawal(container, event.reference_id))
  if (!withdrawal) return { orphan: true, detail: `no withdrawal ${event.reference_id}` }
  const body = event.body as Record<string, unknown>
  const text = (value: unknown) => (typeof value === "string" ? value : null)
  const result = await runWithdrawalSync(container, withdrawal.id, {
    gateway_id: event.reference_id,
    hint: {
      status: event.status_hint,
      trusted: event.trusted,
      failure_reason: text(body.providerErrorDescription),
      end_to_end_id: text(body.endToEndId),
    },
  })
  return { orphan: false, detail: result.summary }
}
