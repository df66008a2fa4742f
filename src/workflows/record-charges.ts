import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { collectChargeFactsStep, CollectChargeFactsInput } from "./steps/collect-charge-facts"
import { upsertChargesStep } from "./steps/upsert-charges"

/**
 * Records gateway charges in the plugin's table. One mechanism for every trigger: the provider's
 * announcement, an order being placed, and a status request that finds no row yet.
 */
export const recordChargesWorkflow = createWorkflow(
  "vorexy-record-charges",
  (input: CollectChargeFactsInput) => {
    const facts = collectChargeFactsStep(input)
    return new WorkflowResponse(upsertChargesStep(facts))
  }
)
