/**
 * The cart's chosen payment method (metadata.vorexy_payment_method), which a PIX or boleto
 * discount follows, is written by the store only. The Store API's cart routes drop it from what a
 * storefront sends, in any form (a list would satisfy the promotion's rule as the string does);
 * the rest of the metadata is kept, so a storefront that sends back the cart's metadata as it
 * read it still works.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { METHOD_KEY } from "../../method-discounts/promotions"

function dropMethodKey(body: unknown) {
  const holder = body as { metadata?: unknown } | null
  const metadata = holder?.metadata
  if (!metadata || typeof metadata !== "object") return
  if (!Object.prototype.hasOwnProperty.call(metadata, METHOD_KEY)) return
  delete (metadata as Record<string, unknown>)[METHOD_KEY]
  // Medusa replaces a cart's metadata with an empty object instead of merging it: none is sent.
  if (!Object.keys(metadata).length) delete holder!.metadata
}

export function dropMethodKeyFromCartMetadata(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  dropMethodKey(req.body)
  dropMethodKey(req.validatedBody)
  next()
}
