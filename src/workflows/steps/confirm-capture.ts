import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

type SessionPayment = { payment?: { captures?: Array<{ id: string }> | null } | null }

/**
 * After Medusa's payment flow ran: the session's payment must now be captured. If it is not (the
 * provider answered anything but captured), the sync fails, so the charge is not left marked paid
 * without a capture: it is retried with backoff and flagged if it keeps failing.
 */
export const confirmCaptureStep = createStep(
  "vorexy-confirm-capture",
  async (input: { session_id: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_session",
      fields: ["id", "payment.captures.id"],
      filters: { id: input.session_id },
    })
    const captures = (data[0] as SessionPayment | undefined)?.payment?.captures ?? []
    if (!captures.length) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Vorexy: the payment of session ${input.session_id} was not captured; will retry.`
      )
    }
    return new StepResponse(captures.length)
  }
)
