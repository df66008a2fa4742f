/**
 * Before Medusa completes a cart: a PIX or boleto discount (the plugin's promotions) may only be
 * paid with its own method. The cart's metadata, which the discount follows, is writable through
 * the Store API, so a shopper could get the discount and then pay by card; completion refuses
 * that with a 400 saying what to do. Cart completion's `validate` hook would do the same, but a
 * hook takes one handler and the store may need it for its own checks.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { methodLabelOf } from "../../providers/vorexy/provider-ids"
import { methodOfCode, methodOfProvider } from "../../method-discounts/promotions"

type CartRead = {
  completed_at?: Date | string | null
  promotions?: Array<{ code?: string | null } | null> | null
  payment_collection?: {
    payment_sessions?: Array<{ provider_id?: string | null; status?: string | null } | null> | null
  } | null
}

/** The sessions Medusa would authorize at completion (it takes the first). */
const AUTHORIZABLE = new Set(["pending", "requires_more"])

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
        "payment_collection.payment_sessions.provider_id",
        "payment_collection.payment_sessions.status",
      ],
      filters: { id: req.params.id },
    })
    const cart = data[0] as CartRead | undefined
    if (!cart || cart.completed_at) return next()
    const discounted = (cart.promotions ?? [])
      .map((promotion) => ({ code: promotion?.code, method: methodOfCode(promotion?.code) }))
      .filter((entry) => entry.method !== null)
    const session = (cart.payment_collection?.payment_sessions ?? []).find((candidate) =>
      AUTHORIZABLE.has(String(candidate?.status))
    )
    if (!discounted.length || !session?.provider_id) return next()
    const paying = methodOfProvider(session.provider_id)
    const wrong = discounted.find((entry) => entry.method !== paying)
    if (wrong) {
      const by = paying === "other" ? "another method" : `by ${methodLabelOf(session.provider_id)}`
      const label = LABEL[wrong.method!]
      res.status(400).json({
        type: "not_allowed",
        message: `The ${wrong.code} discount is for paying by ${label}, but this cart is paid ${by}. Choose ${label}, or choose your payment method again so the discount is removed.`,
      })
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}
