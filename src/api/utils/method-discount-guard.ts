/**
 * Before Medusa completes a cart through the Store API: a PIX or boleto discount (the plugin's
 * promotions) may only be paid with its own method. Two requests at once (a method chosen while
 * a session for another is being made) can leave a card session made for the discounted total;
 * completion refuses that with a 400 saying what to do, before anything is charged. Cart
 * completion's `validate` hook would do the same, but a hook takes one handler and the store may
 * need it for its own checks. (A cart another provider completes from its own webhook, such as
 * Stripe's, does not pass here: README, "PIX and boleto discounts".)
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { methodLabelOf } from "../../providers/vorexy/provider-ids"
import { isOurPromotion, methodOfCode, methodOfProvider } from "../../method-discounts/promotions"

type CartRead = {
  completed_at?: Date | string | null
  promotions?: Array<{ code?: string | null; metadata?: Record<string, unknown> | null } | null>
  payment_collection?: {
    payment_sessions?: Array<{ provider_id?: string | null; status?: string | null } | null> | null
  } | null
}

/** The sessions Medusa's completion may authorize (validateCartPaymentsStep's list). */
const PROCESSABLE = new Set([
  "pending",
  "requires_more",
  "authorized",
  "captured",
  "pending_authorization",
])

const LABEL = { pix: "PIX", boleto: "boleto" } as const

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
      fields: [
        "completed_at",
        "promotions.code",
        "promotions.metadata",
        "payment_collection.payment_sessions.provider_id",
        "payment_collection.payment_sessions.status",
      ],
      filters: { id: req.params.id },
    })
    const cart = data[0] as CartRead | undefined
    if (!cart || cart.completed_at) return next()
    const discount = (cart.promotions ?? [])
      .filter((promotion) => promotion && isOurPromotion(promotion))
      .map((promotion) => ({ code: promotion!.code, method: methodOfCode(promotion!.code) }))
      .find((entry) => entry.method !== null)
    if (!discount) return next()
    const label = LABEL[discount.method!]
    // Every session Medusa may take (it takes the first; two requests at once can leave two).
    const sessions = (cart.payment_collection?.payment_sessions ?? []).filter(
      (session) => session?.provider_id && PROCESSABLE.has(String(session.status))
    )
    const other = sessions.find(
      (session) => methodOfProvider(session!.provider_id!) !== discount.method
    )
    if (!sessions.length || other) {
      const paid = other
        ? methodOfProvider(other.provider_id!) === "other"
          ? "another method"
          : `by ${methodLabelOf(other.provider_id!)}`
        : null
      res.status(400).json({
        type: "not_allowed",
        message: paid
          ? `The ${discount.code} discount is for paying by ${label}, but this cart is paid ${paid}. Choose ${label}, or choose your payment method again so the discount is removed.`
          : `The ${discount.code} discount is for paying by ${label}: choose ${label} to place this order.`,
      })
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}
