import type { MedusaContainer } from "@medusajs/framework/types"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { syncChargeWorkflow } from "../workflows/sync-charge"
import { syncWithdrawalWorkflow } from "../workflows/sync-withdrawal"

/**
 * Webhook intake, step two: processes one stored webhook event: an event for a charge or withdrawal we know runs its sync
 * (which re-fetches: the body is only a hint); anything else is kept as an orphan and changes
 * nothing. The outcome is written on the event either way.
 */
export async function processWebhookEvent(container: MedusaContainer, eventId: string) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [event] = await service.listVorexyWebhookEvents({ id: eventId })
  if (!event || event.outcome === "processed" || event.outcome === "orphan") return event ?? null

  const finish = (outcome: "processed" | "orphan" | "failed", detail: string) =>
    service.updateVorexyWebhookEvents({
      id: event.id,
      outcome,
      outcome_detail: detail.slice(0, 1000),
      processed_at: new Date(),
      processing_attempts: event.processing_attempts + 1,
    })

  try {
    if (event.kind === "cash_in") {
      const [charge] = await service.listVorexyCharges({ transaction_id: event.reference_id })
      if (!charge) return await finish("orphan", `no charge for transaction ${event.reference_id}`)
      const { result } = await syncChargeWorkflow(container).run({
        input: { transaction_id: event.reference_id },
      })
      return await finish("processed", result.plan.summary)
    }
    const [withdrawal] = await service.listVorexyWithdrawals({ gateway_id: event.reference_id })
    if (!withdrawal) return await finish("orphan", `no withdrawal ${event.reference_id}`)
    const body = event.body as Record<string, unknown>
    const { result } = await syncWithdrawalWorkflow(container).run({
      input: {
        gateway_id: event.reference_id,
        hint: {
          status: event.status_hint,
          trusted: event.trusted,
          failure_reason:
            typeof body.providerErrorDescription === "string"
              ? body.providerErrorDescription
              : null,
          end_to_end_id: typeof body.endToEndId === "string" ? body.endToEndId : null,
        },
      },
    })
    return await finish("processed", result.summary)
  } catch (error) {
    return await finish("failed", (error as Error).message ?? String(error))
  }
}
