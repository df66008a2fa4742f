/**
 * Before Medusa completes a cart through the Store API: a PIX or boleto discount may only be paid
 * with its own method (method-discounts/mismatch.ts). Refused here with a 400, before Medusa
 * creates anything; the same check runs again inside the completion, under the cart's lock
 * (workflows/hooks/method-discount.ts), for two requests racing and for carts another provider
 * completes from its own webhook.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  type CartForMismatch,
  discountMismatch,
  MISMATCH_FIELDS,
} from "../../method-discounts/mismatch"

export async function refuseDiscountWithOtherMethod(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    // Medusa's ids are short: a longer one is no cart, and Medusa answers that itself.
    if (req.params.id.length > 100) return next()
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart",
      fields: ["completed_at", ...MISMATCH_FIELDS],
      filters: { id: req.params.id },
    })
    const cart = data[0] as (CartForMismatch & { completed_at?: unknown }) | undefined
    // A completed cart: Medusa answers its order again.
    const problem = cart?.completed_at ? null : discountMismatch(cart)
    if (problem) {
      res.status(400).json({ type: "not_allowed", message: problem })
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}
