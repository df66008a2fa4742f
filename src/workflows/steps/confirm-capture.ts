import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sessionCaptureCount } from "../utils/session-captures"

/**
 * After Medusa's payment flow ran: the session's payment must now be captured. If it is not (the
 * provider answered anything but captured), the sync fails, so the charge is not left marked paid
 * without a capture: it is retried with backoff and flagged if it keeps failing.
 */
export const confirmCaptureStep = createStep(
  "vorexy-confirm-capture",
  async (input: { session_id: string; known_captures: number } | null, { container }) => {
    if (!input) return new StepResponse(0)
    // The paid session's authorisation already answered its captures: not asked again.
    if (input.known_captures > 0) return new StepResponse(input.known_captures)
    const captures = await sessionCaptureCount(
      container.resolve(ContainerRegistrationKeys.QUERY),
      input.session_id
    )
    if (!captures) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Vorexy: the payment of session ${input.session_id} was not captured; will retry.`
      )
    }
    return new StepResponse(captures)
  }
)
