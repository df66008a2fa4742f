import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { PaymentCustomerDTO } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { toCents } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { cutText } from "../../modules/vorexy/storable"
import type { CheckoutContextKey, CheckoutItem } from "../../providers/vorexy/core/session-data"
import { errorsFor } from "../../providers/vorexy/core/errors"
import { isVorexyProviderId, methodLabelOf } from "../../providers/vorexy/provider-ids"
import { exceedsDataLimit } from "../../providers/vorexy/core/data-size"
import { cardFieldsIn, cardFieldsInAddress } from "../../providers/vorexy/core/raw-card"
import { checkSessionInput as providerChecks } from "../../providers/vorexy/core/session-input"
import { pendingMethodChoice } from "./method-choice"
import { sessionCollection, type SessionCollection } from "./session-collection"
import { bodyTextProblem } from "./text-guard"

type SessionBody = { provider_id: string; data?: Record<string, unknown> }
const isVorexySessionBody = (body: unknown): body is SessionBody =>
  Boolean(body) &&
  typeof body === "object" &&
  isVorexyProviderId((body as { provider_id?: unknown }).provider_id)

/**
 * The address the shopper connected from: the socket's, unless the store said it runs behind its
 * own proxy (`trustProxy`): a client can write any X-Forwarded-For it likes.
 */
export function payerAddress(req: MedusaRequest): string | null {
  const { trustProxy } = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).options
  return (trustProxy ? req.ip : req.socket?.remoteAddress) ?? null
}

/**
 * On Vorexy session creation, refuses card details (before Medusa stores anything: in the data
 * sent, and in the cart's addresses the store attaches) and, with `attach`, adds what the provider
 * cannot see from the payment module's container but the gateway takes: the payer's IP as Medusa
 * saw it, the cart's items, shipping fee and addresses. These override anything the storefront
 * sent under those names; then the provider's own checks of the data run, so a request it would
 * refuse is refused before the method's discount changes the cart (method-choice.ts). The admin's
 * session route is guarded alike, without `attach` (the admin's address is not the payer's).
 */
export const attachCheckoutContext = checkoutContext({ attach: true })
export const guardSessionData = checkoutContext({ attach: false })

function checkoutContext({ attach }: { attach: boolean }) {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) =>
    guardAndAttach(req, res, next, attach)
}

async function guardAndAttach(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
  attach: boolean
) {
  try {
    const bodies = [req.body, req.validatedBody].filter(isVorexySessionBody)
    if (bodies.length) {
      // Size first: a huge body is refused before any field of it is read.
      if (exceedsDataLimit(bodies[0].data)) {
        const { message } = errorsFor(methodLabelOf(bodies[0].provider_id)).dataTooLarge()
        res.status(400).json({ type: "invalid_data", message })
        return
      }
      // Text Medusa would fail to store (NUL, unpaired surrogates: a 500 from PostgreSQL) or to
      // handle (keys such as hasOwnProperty) is a 400 naming where it is.
      const text = bodyTextProblem({ data: bodies[0].data })
      if (text) {
        res.status(400).json({ type: "invalid_data", message: text })
        return
      }
      const card = cardFieldsIn(bodies[0].data)
      if (card.length) {
        const { message } = errorsFor(methodLabelOf(bodies[0].provider_id)).rawCard(card)
        res.status(400).json({ type: "invalid_data", message })
        return
      }
      const collection = await sessionCollection(req)
      const cart = cartContext(collection)
      // Medusa's own route fails an unknown collection with a 500 (it reads its amount).
      if (!cart) {
        res.status(404).json({
          type: "not_found",
          message: `Payment collection ${req.params.id.slice(0, 60)} was not found`,
        })
        return
      }
      // The provider leaves the attached addresses out of its scan: they are checked here.
      const inAddress = [
        ...cardFieldsInAddress(cart.billing_address, "billing_address"),
        ...cardFieldsInAddress(cart.shipping_address, "shipping_address"),
      ]
      if (inAddress.length) {
        const { message } = errorsFor(methodLabelOf(bodies[0].provider_id)).cardInAddress(inAddress)
        res.status(400).json({ type: "invalid_data", message })
        return
      }
      if (!attach) return next()
      // Exactly the keys the provider leaves out of its card scan (CHECKOUT_CONTEXT_KEYS).
      const context: Record<CheckoutContextKey, unknown> = { payer_ip: payerAddress(req), ...cart }
      for (const body of bodies) body.data = { ...(body.data ?? {}), ...context }
      await checkSessionInput(req, bodies[0], collection)
    }
    next()
  } catch (error) {
    next(error)
  }
}

/**
 * The amount a card's split is checked against while this request's method choice may still change
 * the cart's total: the loosest (every configured split allowed). The provider checks the real
 * amount when it makes the session.
 */
const AMOUNT_NOT_YET_KNOWN = Number.MAX_SAFE_INTEGER

/** The logged-in customer Medusa gives the provider (what the payer falls back to), if any. */
async function shopper(req: MedusaRequest): Promise<PaymentCustomerDTO | undefined> {
  const auth = (
    req as MedusaRequest & { auth_context?: { actor_type?: string; actor_id?: string } }
  ).auth_context
  if (auth?.actor_type !== "customer" || !auth.actor_id) return undefined
  return (await req.scope
    .resolve(Modules.CUSTOMER)
    .retrieveCustomer(auth.actor_id, {
      select: ["id", "email", "first_name", "last_name", "phone"],
    })
    .catch(() => undefined)) as PaymentCustomerDTO | undefined
}

/** Throws the provider's message for data it would refuse (its own checks, not a copy). */
async function checkSessionInput(
  req: MedusaRequest,
  body: SessionBody,
  collection: SessionCollection | undefined
) {
  const options = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).options
  const known = collection?.amount != null && !(await pendingMethodChoice(req))
  const cents = known ? toCents(collection!.amount!) : AMOUNT_NOT_YET_KNOWN
  providerChecks(body.provider_id, options, cents, body.data, await shopper(req))
}

function cartContext(collection: SessionCollection | undefined) {
  if (!collection) return null
  const cart = collection.cart ?? {}
  const items: CheckoutItem[] = (cart.items ?? []).map((item) => ({
    title: cutText(
      String(item.variant_title ? `${item.title} - ${item.variant_title}` : item.title || "Item"),
      255
    ),
    unit_price_cents: toCents(item.unit_price),
    quantity: Number(item.quantity),
    tangible: Boolean(item.requires_shipping),
  }))
  const shippingFee = (cart.shipping_methods ?? []).reduce(
    (total, method) => total + (method ? toCents(method.amount) : 0),
    0
  )
  return {
    items,
    shipping_fee_cents: shippingFee,
    billing_address: cart.billing_address ?? null,
    shipping_address: cart.shipping_address ?? null,
  }
}
