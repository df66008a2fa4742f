import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { VOREXY_MODULE } from "../../modules/vorexy"
import { WEBHOOK_RECEIVED_EVENT } from "../../modules/vorexy/events"
import type VorexyModuleService from "../../modules/vorexy/service"

/**
 * A webhook can arrive before the checkout that made its charge has recorded it (the gateway
 * announces a charge as it creates it). Such an event waits, unprocessed; once the charge's row
 * exists, it is handed back to the webhook subscriber at once, instead of being polled for.
 */
export const wakeWaitingEventsStep = createStep(
  "vorexy-wake-waiting-events",
  async (transactionIds: string[], { container }) =>
    new StepResponse(await wakeWaitingEvents(container, transactionIds))
)

/** Hands the webhook events waiting for these charges' rows back to their subscriber; how many. */
export async function wakeWaitingEvents(container: MedusaContainer, transactionIds: string[]) {
  if (!transactionIds.length) return 0
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const waiting = await service.listVorexyWebhookEvents(
    // Marked waiting (subscribers/vorexy-webhook-received.ts): one not yet looked at finds the
    // row itself, and one whose run goes on (unmarked: no detail) is not run twice.
    {
      kind: "cash_in",
      outcome: "received",
      reference_id: transactionIds,
      next_attempt_at: { $ne: null },
      outcome_detail: { $ne: null },
    },
    { select: ["id"], take: 100 }
  )
  if (waiting.length) {
    await container
      .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
      .emit(waiting.map((e) => ({ name: WEBHOOK_RECEIVED_EVENT, data: { id: e.id } })))
  }
  return waiting.length
}
