/**
 * On payment session creation, before Medusa's own handler: the cart is told which method the
 * shopper chose, so a PIX or boleto discount is applied (or removed) and the payment collection's
 * amount follows before the session is made for it. Any provider counts: choosing another store
 * provider removes a Vorexy method's discount too. It runs after the request's checks
 * (checkout-context.ts): a refused request changes nothing on the cart.
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

/**
 * The cart this request would record a method choice on, when that choice changes its discount
 * (null: nothing on the cart changes). Read once per request (the collection's read is shared).
 */
export async function pendingMethodChoice(req: MedusaRequest) {
  const providerId = providerIdOf(req.body)
  if (!providerId) return null
  const discounts = discountsOf(req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).options)
  // The cart's choice is read when the store has a discount, and for every Vorexy session (with
  // its cart, at no cost): a choice made under a discount since removed is cleared then.
  const collection = await sessionCollection(req)
  const cart = collection?.cart
  // An order's collection (paying an order again) keeps the order's totals.
  if (!collection || collection.order || !cart?.id) return null
  const target = { id: cart.id, metadata: cart.metadata, completed_at: cart.completed_at }
  return choiceMatters(target, providerId, discounts) ? { target, providerId, discounts } : null
}

export async function applyMethodDiscount(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const choice = await pendingMethodChoice(req)
    if (choice)
      await chooseCartMethod(req.scope, choice.target, choice.providerId, choice.discounts)
    next()
  } catch (error) {
    next(error)
  }
}
