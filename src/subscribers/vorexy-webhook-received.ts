/**
 * A charge's stored webhook event: the sync re-fetches the charge it names and applies the
 * gateway's truth (the body is only a hint: the sync reads the gateway unless the read rule says
 * the row already answers it). The outcome is written on the event; a failure is retried by the
 * reconcile job. A trusted event for a charge not recorded yet waits out its checkout, then is
 * adopted (reconciliation/adopt-charge.ts) or kept as an orphan; an untrusted one for an unknown
 * charge is an orphan at once (never a gateway call per junk request).
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { MedusaContainer } from "@medusajs/framework/types"
import { VOREXY_MODULE } from "../modules/vorexy"
import { WEBHOOK_RECEIVED_EVENT } from "../modules/vorexy/events"
import type VorexyModuleService from "../modules/vorexy/service"
import type { VorexyWebhookEventRow } from "../modules/vorexy/types"
import { finishWebhookEvent, isFinished } from "../modules/vorexy/webhook-events"
import { adoptCharge } from "../reconciliation/adopt-charge"
import { EVENT_RUN_MAX_MS } from "../rules/timing"
import { type ChargeSyncTrigger, readPolicy } from "../workflows/charge-sync/trigger"
import { isChargeNotFound, runChargeSync } from "../workflows/charge-sync/workflow"
import { isBusy, isPassingFailure } from "../workflows/utils/busy"
import { answeredAfterWait } from "../workflows/utils/read-rule"

export default async function vorexyWebhookReceived({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await processChargeEvent(container, event.data.id)
}

export const config: SubscriberConfig = { event: WEBHOOK_RECEIVED_EVENT }

/** Processes one stored charge event; answers it as it then stands. */
export async function processChargeEvent(
  container: MedusaContainer,
  eventId: string
): Promise<VorexyWebhookEventRow | null> {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [event] = await service.listVorexyWebhookEvents({ id: eventId })
  // A withdrawal's event announced under this name (before withdrawals had their own) is handed
  // to its own subscriber by the reconcile job.
  if (!event || isFinished(event) || event.kind !== "cash_in") return event ?? null
  try {
    const outcome = await syncCharge(container, service, event)
    // Left "received", marked waiting: its charge's row wakes it, or the job hands it back later.
    if (outcome.waiting) return event
    return await finishWebhookEvent(
      service,
      event,
      outcome.orphan ? "orphan" : "processed",
      outcome.detail
    )
  } catch (error) {
    const detail = (error as Error).message ?? String(error)
    return await finishWebhookEvent(service, event, "failed", detail, isPassingFailure(error))
  }
}

type Outcome = { orphan: boolean; detail: string; waiting?: boolean }

/** How long a checkout may spend creating its charge: every attempt timing out, and some slack. */
const checkoutWindowMs = (service: VorexyModuleService) =>
  service.options.timeoutMs * (service.options.maxRetries + 1) + 30_000

async function syncCharge(
  container: MedusaContainer,
  service: VorexyModuleService,
  event: VorexyWebhookEventRow
): Promise<Outcome> {
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
