/**
 * Creating a payment session deletes the collection's other sessions. On an order whose Vorexy
 * charge is still open (the shopper may be paying it right now), that would orphan the charge:
 * anyone holding the collection id could do it. Refused with a 409 before Medusa deletes anything.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isVorexyProviderId } from "../../providers/vorexy/provider-ids"

type CollectionRow = {
  order?: { id: string } | null
  payment_sessions?: Array<{ provider_id: string; data?: Record<string, unknown> | null } | null>
}

const OPEN = new Set(["pending", "paid"])

export async function refuseReplacingOpenCharge(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_collection",
      fields: ["id", "order.id", "payment_sessions.provider_id", "payment_sessions.data"],
      filters: { id: req.params.id },
    })
    const collection = data[0] as CollectionRow | undefined
    const open = (collection?.payment_sessions ?? []).some(
      (session) =>
        isVorexyProviderId(session?.provider_id) &&
        typeof session?.data?.transaction_id === "string" &&
        OPEN.has(String(session.data.status))
    )
    if (collection?.order && open) {
      res.status(409).json({
        type: "not_allowed",
        message:
          "This order's Vorexy payment is in progress; it cannot be replaced. Pay the charge shown on the order, or wait until it expires.",
      })
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}
