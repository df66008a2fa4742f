/**
 * The payment collection a new payment session is for, read once for the route's middlewares: the
 * guard needs its order and sessions, a Vorexy session also its cart (what the gateway takes). One
 * query, so checkout pays one read of the collection, not two.
 */
import type { MedusaRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MajorAmountInput } from "../../gateway"
import type { MedusaAddress } from "../../providers/vorexy/core/address"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { isVorexyProviderId } from "../../providers/vorexy/provider-ids"

export type CartItemRow = {
  title?: string | null
  variant_title?: string | null
  unit_price: MajorAmountInput
  quantity: number
  requires_shipping?: boolean | null
}

export type CartRow = {
  id?: string
  metadata?: Record<string, unknown> | null
  completed_at?: Date | string | null
  items?: CartItemRow[] | null
  shipping_methods?: Array<{ amount: MajorAmountInput } | null> | null
  billing_address?: MedusaAddress | null
  shipping_address?: MedusaAddress | null
}

export type SessionCollection = {
  id: string
  /** What a session made now is for (before a method's discount this request may apply). */
  amount?: MajorAmountInput | null
  order?: { id: string; customer_id?: string | null } | null
  payment_sessions?: Array<{ provider_id: string; data?: Record<string, unknown> | null } | null>
  cart?:
    | (CartRow & {
        id?: string
        metadata?: Record<string, unknown> | null
        completed_at?: Date | string | null
      })
    | null
}

const ADDRESS_FIELDS = [
  "address_1",
  "address_2",
  "city",
  "province",
  "postal_code",
  "country_code",
  "metadata",
]

/** What the gateway takes of the cart, read from the cart module in one joined query. */
const CART_SELECT = [
  "id",
  "metadata",
  "completed_at",
  "items.title",
  "items.variant_title",
  "items.unit_price",
  "items.quantity",
  "items.requires_shipping",
  "shipping_methods.amount",
  ...ADDRESS_FIELDS.map((field) => `billing_address.${field}`),
  ...ADDRESS_FIELDS.map((field) => `shipping_address.${field}`),
]
const CART_RELATIONS = ["items", "shipping_methods", "billing_address", "shipping_address"]

/** True when the request creates a Vorexy session (its body names a Vorexy provider). */
export function createsVorexySession(req: MedusaRequest) {
  return [req.body, req.validatedBody].some(
    (body) =>
      Boolean(body) &&
      typeof body === "object" &&
      isVorexyProviderId((body as { provider_id?: unknown }).provider_id)
  )
}

function hasMethodDiscount(req: MedusaRequest) {
  const options = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).options
  return Boolean(options.pixDiscount || options.boletoDiscount)
}

const reads = new WeakMap<MedusaRequest, Promise<SessionCollection | undefined>>()

/**
 * The collection of `req.params.id` (undefined: no such collection), read at most once per request.
 * A Vorexy session also needs the cart's items, shipping and addresses: read beside the
 * collection, through the link and one joined query of the cart module (the graph would load
 * each of the cart's lists with a query of its own, one after the other).
 */
export function sessionCollection(req: MedusaRequest): Promise<SessionCollection | undefined> {
  let read = reads.get(req)
  if (!read) {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const collection = query
      .graph({
        entity: "payment_collection",
        fields: [
          "id",
          "amount",
          "order.id",
          "order.customer_id",
          "payment_sessions.provider_id",
          "payment_sessions.data",
          // The method discount's middleware (method-choice.ts) needs these for any provider,
          // when the store has a discount.
          ...(hasMethodDiscount(req) ? ["cart.id", "cart.metadata", "cart.completed_at"] : []),
        ],
        filters: { id: req.params.id },
      })
      .then(({ data }) => data[0] as SessionCollection | undefined)
    const cart = createsVorexySession(req) ? checkoutCart(req) : Promise.resolve(undefined)
    read = Promise.all([collection, cart]).then(([found, details]) =>
      found && details ? { ...found, cart: { ...found.cart, ...details } } : found
    )
    reads.set(req, read)
  }
  return read
}

async function checkoutCart(req: MedusaRequest): Promise<CartRow | null> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: req.params.id },
  })
  const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id
  if (!cartId) return null
  const [cart] = await req.scope
    .resolve(Modules.CART)
    .listCarts(
      { id: cartId },
      { select: CART_SELECT, relations: CART_RELATIONS, options: { strategy: "joined" } }
    )
  return (cart as CartRow | undefined) ?? null
}
