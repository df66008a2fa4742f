/**
 * Medusa's admin "authorize payment" on an order captures a paid session, even on a cancelled
 * order. For a Vorexy session that is a late payment: it is flagged for a refund in the Vorexy
 * panel, never captured into an order that no longer exists.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isVorexyProviderId } from "../../providers/vorexy/provider-ids"

type OrderRow = {
  status: string
  payment_collections?: Array<{
    payment_sessions?: Array<{ id: string; provider_id: string } | null> | null
  } | null> | null
}

export async function refuseCaptureOnCancelledOrder(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        "status",
        "payment_collections.payment_sessions.id",
        "payment_collections.payment_sessions.provider_id",
      ],
      filters: { id: req.params.id },
    })
    const order = data[0] as OrderRow | undefined
    const sessionId = (req.body as { payment_session_id?: unknown } | undefined)?.payment_session_id
    const session = (order?.payment_collections ?? [])
      .flatMap((collection) => collection?.payment_sessions ?? [])
      .find((s) => s?.id === sessionId)
    if (order?.status === "canceled" && isVorexyProviderId(session?.provider_id)) {
      res.status(409).json({
        type: "not_allowed",
        message:
          "This order was cancelled: a Vorexy payment made afterwards is not captured. Refund it in the Vorexy panel.",
      })
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}
