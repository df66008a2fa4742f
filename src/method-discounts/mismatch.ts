/**
 * The rule Medusa's completion checks (workflows/hooks/completion-checks.ts): a cart carrying the
 * plugin's PIX or boleto discount is paid with that method, by every session Medusa may authorize.
 * A discount the store has since removed is not enforced: the cart keeps the price its session
 * was made for (the session request clears such a choice, api/utils/method-choice.ts).
 */
import { methodLabelOf } from "../providers/vorexy/provider-ids"
import { isOurPromotion, methodOfCode, methodOfProvider, type MethodDiscounts } from "./promotions"

export type CartForMismatch = {
  total?: unknown
  credit_line_total?: unknown
  promotions?: Array<{ code?: string | null; metadata?: Record<string, unknown> | null } | null>
  payment_collection?: {
    payment_sessions?: Array<{ provider_id?: string | null; status?: string | null } | null> | null
  } | null
}

/** What the checks read of the cart. */
export const MISMATCH_FIELDS = [
  "total",
  "credit_line_total",
  "promotions.code",
  "promotions.metadata",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.status",
]

/** The sessions Medusa's completion may authorize (validateCartPaymentsStep's list). */
export const PROCESSABLE = new Set([
  "pending",
  "requires_more",
  "authorized",
  "captured",
  "pending_authorization",
])

const LABEL = { pix: "PIX", boleto: "boleto" } as const

/** The shopper's message when the cart may not be completed as it is; null when it may. */
export function discountMismatch(
  cart: CartForMismatch | undefined,
  discounts: MethodDiscounts
): string | null {
  if (!cart) return null
  const discount = (cart.promotions ?? [])
    .filter((promotion) => promotion && isOurPromotion(promotion))
    .map((promotion) => ({ code: promotion!.code, method: methodOfCode(promotion!.code) }))
    .find((entry) => entry.method !== null && discounts[entry.method])
  if (!discount) return null
  // Nothing to pay (gift cards, store credit): Medusa takes no payment, and there is no method.
  if (Number(cart.total ?? 0) <= 0 && Number(cart.credit_line_total ?? 0) >= 0) return null
  const label = LABEL[discount.method!]
  // Every session Medusa may take (it takes the first; two requests at once can leave two).
  const sessions = (cart.payment_collection?.payment_sessions ?? []).filter(
    (session) => session?.provider_id && PROCESSABLE.has(String(session.status))
  )
  const other = sessions.find(
    (session) => methodOfProvider(session!.provider_id!) !== discount.method
  )
  if (other) {
    const paid =
      methodOfProvider(other.provider_id!) === "other"
        ? "another method"
        : `by ${methodLabelOf(other.provider_id!)}`
    return `The ${discount.code} discount is for paying by ${label}, but this cart is paid ${paid}. Choose ${label}, or choose your payment method again so the discount is removed.`
  }
  if (!sessions.length)
    return `The ${discount.code} discount is for paying by ${label}: choose ${label} to place this order.`
  return null
}
