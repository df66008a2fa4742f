/**
 * A withdrawal's stored webhook event: its sync re-fetches the withdrawal (the body's status and
 * failure reason are hints the sync weighs, trusted or not). One the store has no gateway id for
 * is matched by its Idempotency-Key (reconciliation/settle-withdrawals.ts); anything else is kept
 * as an orphan and changes nothing. The outcome is written on the event; a failure is retried by
 * the reconcile job.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { MedusaContainer } from "@medusajs/framework/types"
import { VOREXY_MODULE } from "../modules/vorexy"
import { WITHDRAWAL_WEBHOOK_RECEIVED_EVENT } from "../modules/vorexy/events"
import type VorexyModuleService from "../modules/vorexy/service"
import { finishWebhookEvent, isFinished } from "../modules/vorexy/webhook-events"
import { runWithdrawalSync } from "../reconciliation/run-withdrawal-sync"
import { adoptWithdrawal } from "../reconciliation/settle-withdrawals"
import { isPassingFailure } from "../workflows/utils/busy"

export default async function vorexyWithdrawalWebhookReceived({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await processWithdrawalEvent(container, event.data.id)
}

export const config: SubscriberConfig = { event: WITHDRAWAL_WEBHOOK_RECEIVED_EVENT }

export async function processWithdrawalEvent(container: MedusaContainer, eventId: string) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [event] = await service.listVorexyWebhookEvents({ id: eventId })
  if (!event || isFinished(event) || event.kind !== "cash_out") return event ?? null
  try {
    const [known] = await service.listVorexyWithdrawals({ gateway_id: event.reference_id })
    const withdrawal = known ?? (await adoptWithdrawal(container, event.reference_id))
    if (!withdrawal) {
      return await finishWebhookEvent(
        service,
        event,
        "orphan",
        `no withdrawal ${event.reference_id}`
      )
    }
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
    return await finishWebhookEvent(service, event, "processed", result.summary)
  } catch (error) {
    const detail = (error as Error).message ?? String(error)
    return await finishWebhookEvent(service, event, "failed", detail, isPassingFailure(error))
  }
}
