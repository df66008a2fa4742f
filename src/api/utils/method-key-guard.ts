/**
 * The cart's chosen payment method (metadata.vorexy_payment_method), which a PIX or boleto
 * discount follows, is written by the store only: the Store API's cart routes refuse it from a
 * storefront, in any form (a list would satisfy the promotion's rule as the string does).
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { METHOD_KEY } from "../../method-discounts/promotions"

const setsMethodKey = (body: unknown) => {
  const metadata = (body as { metadata?: unknown } | null)?.metadata
  return (
    Boolean(metadata) &&
    typeof metadata === "object" &&
    Object.prototype.hasOwnProperty.call(metadata, METHOD_KEY)
  )
}

export function refuseMethodKeyInCartMetadata(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  if (![req.body, req.validatedBody].some(setsMethodKey)) return next()
  res.status(400).json({
    type: "invalid_data",
    message: `metadata.${METHOD_KEY} is set by the store when the shopper chooses a payment method (a payment session, or POST /store/vorexy/carts/:id/payment-method); a storefront cannot send it.`,
  })
}
