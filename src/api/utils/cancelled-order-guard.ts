/**
 * Medusa's admin "authorize payment" on an order captures a paid session, even on a cancelled
 * order. For a Vorexy session that is a late payment: it is flagged for a refund in the Vorexy
 * panel, never captured into an order that no longer exists. Medusa's route acts on the session
 * named in the body whatever order the URL names, so the session's own order is what is checked.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isVorexyProviderId } from "../../providers/vorexy/provider-ids"

type SessionRow = {
  provider_id: string
  payment_collection?: { order?: { id: string; status: string } | null } | null
}

export async function refuseCaptureOnCancelledOrder(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const sessionId = (req.body as { payment_session_id?: unknown } | undefined)?.payment_session_id
    if (typeof sessionId !== "string" || !sessionId) return next()
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_session",
      fields: ["provider_id", "payment_collection.order.id", "payment_collection.order.status"],
      filters: { id: sessionId },
    })
    const session = data[0] as SessionRow | undefined
    const order = session?.payment_collection?.order
    if (isVorexyProviderId(session?.provider_id) && order?.status === "canceled") {
      res.status(409).json({
        type: "not_allowed",
        message: `Order ${order.id} was cancelled: a Vorexy payment made afterwards is not captured. Refund it in the Vorexy panel.`,
      })
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}
