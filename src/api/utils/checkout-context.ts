import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { MajorAmountInput, toCents } from "../../gateway"
import type { CheckoutItem } from "../../providers/vorexy/core/session-data"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { isVorexyProviderId } from "../../providers/vorexy/provider-ids"

type SessionBody = { provider_id: string; data?: Record<string, unknown> }
type CartItemRow = {
  title?: string | null
  variant_title?: string | null
  unit_price: MajorAmountInput
  quantity: number
  requires_shipping?: boolean | null
}

const isVorexySessionBody = (body: unknown): body is SessionBody =>
  Boolean(body) &&
  typeof body === "object" &&
  isVorexyProviderId((body as { provider_id?: unknown }).provider_id)

/**
 * The address the shopper connected from: the socket's, unless the store said it runs behind its
 * own proxy (`trustProxy`): a client can write any X-Forwarded-For it likes.
 */
function payerAddress(req: MedusaRequest): string | null {
  const { trustProxy } = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).options
  return (trustProxy ? req.ip : req.socket?.remoteAddress) ?? null
}

/**
 * On Vorexy session creation, adds what the provider cannot see from the payment module's container
 * but the gateway takes: the payer's IP as Medusa saw it and the cart's items. Both override
 * anything the storefront sent under those names.
 */
export async function attachCheckoutContext(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const bodies = [req.body, req.validatedBody].filter(isVorexySessionBody)
    if (bodies.length) {
      const items = await cartItems(req, req.params.id)
      const payerIp = payerAddress(req)
      for (const body of bodies) body.data = { ...(body.data ?? {}), payer_ip: payerIp, items }
    }
    next()
  } catch (error) {
    next(error)
  }
}

async function cartItems(req: MedusaRequest, paymentCollectionId: string): Promise<CheckoutItem[]> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const {
    data: [collection],
  } = await query.graph({
    entity: "payment_collection",
    fields: [
      "id",
      "cart.items.title",
      "cart.items.variant_title",
      "cart.items.unit_price",
      "cart.items.quantity",
      "cart.items.requires_shipping",
    ],
    filters: { id: paymentCollectionId },
  })
  const items = (collection as { cart?: { items?: CartItemRow[] } })?.cart?.items ?? []
  return items.map((item) => ({
    title: String(
      item.variant_title ? `${item.title} - ${item.variant_title}` : item.title || "Item"
    ).slice(0, 255),
    unit_price_cents: toCents(item.unit_price),
    quantity: Number(item.quantity),
    tangible: Boolean(item.requires_shipping),
  }))
}
