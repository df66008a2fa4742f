import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { collectChargeFactsStep, CollectChargeFactsInput } from "./steps/collect-charge-facts"
import { upsertChargesStep } from "./steps/upsert-charges"
import { wakeWaitingEventsStep } from "./steps/wake-waiting-events"

/**
 * Records gateway charges in the plugin's table. One mechanism for every trigger: the provider's
 * announcement, an order being placed, and a status request that finds no row yet. A webhook that
 * came before its charge's row is handed back once the row exists.
 */
export const recordChargesWorkflow = createWorkflow(
  "vorexy-record-charges",
  (input: CollectChargeFactsInput) => {
    const facts = collectChargeFactsStep(input)
    const charges = upsertChargesStep(facts)
    wakeWaitingEventsStep(
      transform({ charges }, ({ charges }) => charges.map((c) => c.transaction_id))
    )
    return new WorkflowResponse(charges)
  }
)
