/**
 * POST /store/vorexy/carts/:id/payment-method { provider_id } — the shopper picked a payment
 * method: its discount (PIX, boleto) is applied to the cart, or removed when they pick another,
 * so the checkout shows the total they will pay before they commit. Creating the payment session
 * does the same (a storefront need not call this); this lets the total change as the shopper
 * clicks. Answers the cart's totals and the discount applied, if any.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { chooseCartMethod } from "../../../../../../method-discounts/choose-method"
import { methodOfCode, discountsOf } from "../../../../../../method-discounts/promotions"
import { VOREXY_MODULE } from "../../../../../../modules/vorexy"
import type VorexyModuleService from "../../../../../../modules/vorexy/service"
import type { StoreChoosePaymentMethodType } from "./validators"

type CartRead = {
  id: string
  metadata?: Record<string, unknown> | null
  completed_at?: Date | string | null
  total?: unknown
  discount_total?: unknown
  promotions?: Array<{ code?: string | null } | null> | null
  items?: Array<{
    adjustments?: Array<{ code?: string | null; amount?: unknown } | null> | null
  } | null> | null
}

const MAX_CART_ID = 100

export const POST = async (
  req: MedusaRequest<StoreChoosePaymentMethodType>,
  res: MedusaResponse
) => {
  const { provider_id } = req.validatedBody
  const cartId = req.params.id
  const read = async () => {
    if (cartId.length > MAX_CART_ID) return undefined
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart",
      fields: [
        "id",
        "metadata",
        "completed_at",
        "total",
        "discount_total",
        "promotions.code",
        "items.adjustments.code",
        "items.adjustments.amount",
      ],
      filters: { id: cartId },
    })
    return data[0] as CartRead | undefined
  }
  const cart = await read()
  if (!cart)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId.slice(0, 60)} was not found`)
  if (cart.completed_at)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "This cart is already an order: its payment method cannot change."
    )
  const discounts = discountsOf(req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).options)
  const { method, changed } = await chooseCartMethod(req.scope, cart, provider_id, discounts)
  const after = changed ? ((await read()) ?? cart) : cart
  const code = (after.promotions ?? []).map((p) => p?.code).find((c) => methodOfCode(c) === method)
  const amount = (after.items ?? [])
    .flatMap((item) => item?.adjustments ?? [])
    .filter((adjustment) => code && adjustment?.code === code)
    .reduce((sum, adjustment) => sum + Number(adjustment?.amount ?? 0), 0)
  res.json({
    cart_id: after.id,
    payment_method: method,
    total: Number(after.total ?? 0),
    discount_total: Number(after.discount_total ?? 0),
    method_discount: code ? { code, amount } : null,
  })
}
