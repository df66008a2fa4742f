import type { MedusaContainer } from "@medusajs/framework/types"
import { VOREXY_MODULE } from "../modules/vorexy"
import { FLAG_AFTER_FAILURES, nextAttemptAt } from "../rules/backoff"
import { EVENT_RUN_MAX_MS } from "../rules/timing"
import type VorexyModuleService from "../modules/vorexy/service"
import type { VorexyWebhookEventRow } from "../modules/vorexy/types"
import { runWithdrawalSync } from "../reconciliation/run-withdrawal-sync"
import { isChargeNotFound, runChargeSync } from "../workflows/charge-sync/run"
import { isBusy, isPassingFailure } from "../workflows/utils/busy"
import { answeredAfterWait } from "../workflows/utils/read-rule"
import { type ChargeSyncTrigger, readPolicy } from "../workflows/charge-sync/trigger"
import { adoptCharge } from "../reconciliation/adopt-charge"
import { adoptWithdrawal } from "../reconciliation/settle-withdrawals"

/** A failed event is retried (by the reconcile job, with backoff) this many times, then abandoned. */
export const MAX_PROCESSING_ATTEMPTS = FLAG_AFTER_FAILURES + 2

const DONE = new Set(["processed", "orphan", "ignored", "abandoned"])

/**
 * Webhook intake, step two: processes one stored webhook event. An event for a charge or
 * withdrawal we know runs its sync (the body is only a hint: the sync reads the gateway unless
 * workflows/utils/read-rule.ts says the row already answers it); anything else is kept as an orphan and
 * changes nothing. The outcome is written on the event either way; a failure is retried later.
 * A trusted event for a charge not recorded yet waits out its checkout, then is adopted
 * (reconciliation/adopt-charge.ts) or kept as an orphan.
 */
export async function processWebhookEvent(
  container: MedusaContainer,
  eventId: string
): Promise<VorexyWebhookEventRow | null> {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [event] = await service.listVorexyWebhookEvents({ id: eventId })
  if (!event || DONE.has(event.outcome)) return event ?? null
  const finish = async (
    outcome: "processed" | "orphan" | "failed",
    detail: string,
    passing = false
  ) => {
    // A busy charge or an outage of the database or Redis is not the event's failure: not
    // counted, and due again at the reconcile job's next run (seconds), not in minutes.
    const attempts = event.processing_attempts + (passing ? 0 : 1)
    const gaveUp = outcome === "failed" && attempts >= MAX_PROCESSING_ATTEMPTS
    // Only over an outcome that is not final: a run of the same event that ended first (handed
    // back by a wake-up or the job meanwhile) and processed it is never overwritten.
    const [written] = await service.updateVorexyWebhookEvents({
      selector: { id: event.id, outcome: ["received", "failed"] },
      data: {
        outcome: gaveUp ? "abandoned" : outcome,
        outcome_detail: detail.slice(0, 1000),
        processed_at: new Date(),
        processing_attempts: attempts,
        next_attempt_at:
          outcome === "failed" && !gaveUp ? (passing ? new Date() : nextAttemptAt(attempts)) : null,
      },
    })
    return written ?? (await service.listVorexyWebhookEvents({ id: event.id }))[0] ?? null
  }

  try {
    const summary =
      event.kind === "cash_in"
        ? await processCashIn(container, service, event)
        : await processCashOut(container, service, event)
    // Left "received", marked waiting: its charge's row wakes it, or the reconcile job hands it
    // back later.
    if (summary.waiting) return event
    return await finish(summary.orphan ? "orphan" : "processed", summary.detail)
  } catch (error) {
    return await finish(
      "failed",
      (error as Error).message ?? String(error),
      isPassingFailure(error)
    )
  }
}

type Summary = { orphan: boolean; detail: string; waiting?: boolean }

/** How long a checkout may spend creating its charge: every attempt timing out, and some slack. */
const checkoutWindowMs = (service: VorexyModuleService) =>
  service.options.timeoutMs * (service.options.maxRetries + 1) + 30_000

async function processCashIn(
  container: MedusaContainer,
  service: VorexyModuleService,
  event: VorexyWebhookEventRow
): Promise<Summary> {
  const row = async () =>
    (await service.listVorexyCharges({ transaction_id: event.reference_id }))[0]
  let charge = await row()
  const mark = (detail: string | null, until: Date | null) =>
    service.updateVorexyWebhookEvents({
      selector: { id: event.id, outcome: "received" },
      data: { outcome_detail: detail, next_attempt_at: until },
    })
  // Marked by an earlier run (a failed one's next_attempt_at is its backoff instead).
  let marked = event.outcome === "received" && event.next_attempt_at !== null
  // Only the secret's deliveries may make the store look a charge up (never a gateway call per
  // junk request); one for a charge whose create answer was lost is adopted.
  const checkoutOverAt = new Date(new Date(event.created_at).getTime() + checkoutWindowMs(service))
  if (!charge && event.trusted && Date.now() < checkoutOverAt.getTime()) {
    // The checkout that made it may still be running (its row not yet written, its answer late,
    // its order not yet kept or rolled back): marked waiting, it is handed back the moment its row
    // is recorded (wake-waiting-events.ts), or by the reconcile job once that checkout is over.
    // Only a marked event is woken, so one still on its first run is not run twice; the mark comes
    // before a second look, so a row recorded in between is seen here or wakes it.
    const detail = `no charge for transaction ${event.reference_id} yet: looked at again once its checkout is over`
    await mark(detail, checkoutOverAt)
    charge = await row()
    if (!charge) return { orphan: false, waiting: true, detail }
    marked = true
  }
  // This run goes on: unmarked (no longer waiting), so the row's recording (an adoption's too)
  // does not wake it, and the job leaves it to this run while it may still be running.
  if (marked) await mark(null, new Date(Date.now() + EVENT_RUN_MAX_MS))
  const adopted = !charge && event.trusted && (await adoptCharge(container, event.reference_id))
  if (!charge && !adopted) {
    return { orphan: true, detail: `no charge for transaction ${event.reference_id}` }
  }
  const trigger: ChargeSyncTrigger = {
    by: "webhook",
    transaction_id: event.reference_id,
    // The secret's delivery shows the gateway knows the charge: read whatever its 404s held back.
    vouched: event.trusted,
    // An adopted row was recorded just now without a re-fetch: never coalesced with it.
    hint: charge ? event.status_hint : null,
    arrived_at: charge ? new Date(event.created_at).toISOString() : null,
  }
  const result = await runChargeSync(container, trigger).catch(async (error) => {
    // Counted on the charge, whose policy decides when it is read again: nothing to retry here.
    if (isChargeNotFound(error))
      return {
        plan: {
          summary:
            "Vorexy answered 404 (no such transaction): counted only while it answers other calls; read again as its rule allows",
        },
      }
    // Waited out the lease of the runs holding the charge (a burst of deliveries about it): when
    // one of them read it after this delivery arrived, and left nothing half done, that read
    // answered it (the read rule).
    const [now] = isBusy(error)
      ? await service.listVorexyCharges({ transaction_id: event.reference_id })
      : []
    const answered = now && answeredAfterWait(now, readPolicy(trigger))
    if (answered) return { plan: { summary: answered } }
    throw error
  })
  const summary = result.plan.summary
  return {
    orphan: false,
    detail: adopted ? `adopted (its create answer was lost): ${summary}` : summary,
  }
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
