/**
 * On payment session creation, before Medusa's own handler: the cart is told which method the
 * shopper chose, so a PIX or boleto discount is applied (or removed) and the payment collection's
 * amount follows before the session is made for it. Any provider counts: choosing another store
 * provider removes a Vorexy method's discount too.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { chooseCartMethod, choiceMatters } from "../../method-discounts/choose-method"
import { discountsOf } from "../../method-discounts/promotions"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { sessionCollection } from "./session-collection"

/** Medusa's provider ids are short; anything longer is left to Medusa's validator to refuse. */
const MAX_PROVIDER_ID = 200

export function providerIdOf(body: unknown): string | null {
  const providerId = (body as { provider_id?: unknown } | null)?.provider_id
  return typeof providerId === "string" && providerId.length <= MAX_PROVIDER_ID ? providerId : null
}

export async function applyMethodDiscount(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const providerId = providerIdOf(req.body)
    const discounts = discountsOf(req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).options)
    // No discount configured: nothing to apply or remove (a store's last discount, removed, is
    // made inactive; carts drop it at their next refresh, and completion refuses it meanwhile).
    if (providerId && Object.keys(discounts).length) {
      const collection = await sessionCollection(req)
      const cart = collection?.cart
      // An order's collection (paying an order again) keeps the order's totals.
      if (collection && !collection.order && cart?.id) {
        const target = { id: cart.id, metadata: cart.metadata, completed_at: cart.completed_at }
        if (choiceMatters(target, providerId, discounts))
          await chooseCartMethod(req.scope, target, providerId, discounts)
      }
    }
    next()
  } catch (error) {
    next(error)
  }
}
