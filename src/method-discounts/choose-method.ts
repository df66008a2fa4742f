/**
 * Records on the cart which method the shopper is about to pay with, so Medusa applies (or drops)
 * that method's discount on its next promotion refresh, which Medusa's own cart update runs here:
 * the cart's totals, and its payment collection's amount, change before a payment session is made
 * for it. Nothing is written when neither the old nor the new method has a discount.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { updateCartWorkflow } from "@medusajs/medusa/core-flows"
import { ensureMethodPromotions } from "./ensure-promotions"
import {
  isDiscountMethod,
  isPaymentMethodChoice,
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
  if (cart.completed_at) return false
  // Chosen while the store gave that discount, since removed: the choice is cleared so the cart
  // drops the ended promotion (it would keep it, and its lower price, otherwise).
  if (isDiscountMethod(previous) && !discounts[previous]) return true
  if (previous === next) return false
  // Not a value the plugin writes (a list, an object: written before the Store API refused it):
  // replaced, whatever it would make a promotion rule do.
  if (previous !== undefined && previous !== null && !isPaymentMethodChoice(previous)) return true
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
  // Without its promotion the choice is still recorded: the discount then applies once it exists.
  await ensureMethodPromotions(container, discounts).catch((error: Error) =>
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Vorexy: the PIX/boleto discount promotions could not be checked: ${error.message}`)
  )
  try {
    // Medusa merges metadata: only this key is written, whatever else changed meanwhile. A method
    // without a discount now is recorded as no choice ("" removes the key).
    const recorded = isDiscountMethod(method) && !discounts[method] ? "" : method
    await updateCartWorkflow(container).run({
      input: { id: cart.id, metadata: { [METHOD_KEY]: recorded } },
    })
  } catch (error) {
    // The cart's lock is held by another request (completion, an update): Medusa's in-memory and
    // PostgreSQL locking say so with a plain Error, which would be a 500.
    if (/acquir(e|ing) lock|already locked/i.test((error as Error)?.message ?? ""))
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        "This cart is being changed by another request; try again in a moment."
      )
    throw error
  }
  return { method, changed: true }
}
