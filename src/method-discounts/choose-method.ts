/**
 * Records on the cart which method the shopper is about to pay with, so Medusa applies (or drops)
 * that method's discount on its next promotion refresh, which Medusa's own cart update runs here:
 * the cart's totals, and its payment collection's amount, change before a payment session is made
 * for it. Nothing is written when neither the old nor the new method has a discount.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { updateCartWorkflow } from "@medusajs/medusa/core-flows"
import { ensureMethodPromotions } from "./ensure-promotions"
import {
  isDiscountMethod,
  METHOD_KEY,
  methodOfProvider,
  type MethodDiscounts,
  type PaymentMethodChoice,
} from "./promotions"

export type CartForChoice = {
  id: string
  metadata?: Record<string, unknown> | null
  completed_at?: Date | string | null
}

/** True when choosing `providerId` for this cart would change its discount. */
export function choiceMatters(
  cart: CartForChoice,
  providerId: string,
  discounts: MethodDiscounts
): boolean {
  const previous = cart.metadata?.[METHOD_KEY]
  const next = methodOfProvider(providerId)
  if (previous === next || cart.completed_at) return false
  return (
    (isDiscountMethod(previous) && Boolean(discounts[previous])) ||
    (isDiscountMethod(next) && Boolean(discounts[next]))
  )
}

export async function chooseCartMethod(
  container: MedusaContainer,
  cart: CartForChoice,
  providerId: string,
  discounts: MethodDiscounts
): Promise<{ method: PaymentMethodChoice; changed: boolean }> {
  const method = methodOfProvider(providerId)
  if (!choiceMatters(cart, providerId, discounts)) return { method, changed: false }
  await ensureMethodPromotions(container, discounts)
  await updateCartWorkflow(container).run({
    input: { id: cart.id, metadata: { ...(cart.metadata ?? {}), [METHOD_KEY]: method } },
  })
  return { method, changed: true }
}
