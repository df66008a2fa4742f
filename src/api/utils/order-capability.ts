/**
 * Who may act on an order from the storefront (ask for a new PIX or boleto: a gateway call and an
 * e-mail to the shopper). The order id alone only reads: it travels in links meant to be forwarded
 * (the WhatsApp message) and is all Medusa's own order route asks. Acting needs the order's
 * logged-in customer, or the order's token (modules/vorexy/order-token.ts), which the e-mails'
 * order page links carry. Each client (that customer, else its address) may also ask only so many
 * times an hour (`renewalsPerClientPerHour`), counted in PostgreSQL so every process shares it.
 */
import type { AuthenticatedMedusaRequest, MedusaRequest } from "@medusajs/framework/http"
import { VOREXY_MODULE } from "../../modules/vorexy"
import { renewalsMarkKey } from "../../modules/vorexy/health"
import type VorexyModuleService from "../../modules/vorexy/service"
import { payerAddress } from "./checkout-context"

export const NEEDS_ORDER_TOKEN =
  "Asking for a new payment for this order needs the link in its latest payment e-mail, or the account that placed it: open the order from the latest e-mail, or log in, and try again."

export const TOO_MANY_RENEWALS =
  "Too many requests for a new PIX or boleto from this connection in the last hour: please try again later, or open the order from its latest payment e-mail."

/** The logged-in customer making the request, if any. */
function customerOf(req: MedusaRequest): string | null {
  const auth = (req as AuthenticatedMedusaRequest).auth_context
  return auth?.actor_type === "customer" && auth.actor_id ? auth.actor_id : null
}

/** True when the request is the order's customer's, or carries the order's token. */
export function mayActOnOrder(
  req: MedusaRequest,
  order: { id: string; customer_id?: string | null },
  token: unknown
): boolean {
  const customer = customerOf(req)
  if (customer && order.customer_id && customer === order.customer_id) return true
  const service = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  return service.orderTokens().holds(order.id, token)
}

/**
 * Counts this ask against the client's hour; the seconds until the next hour when it is past the
 * limit, else null. The client is kept as a keyed digest: an address is personal data.
 */
export async function renewalLimitWait(req: MedusaRequest): Promise<number | null> {
  const service = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const customer = customerOf(req)
  const client = customer ? `customer:${customer}` : `ip:${payerAddress(req) ?? "unknown"}`
  const now = new Date()
  const count = await service.markHealth(
    renewalsMarkKey(service.orderTokens().clientKey(client), now)
  )
  if (count <= service.options.renewalsPerClientPerHour) return null
  return Math.ceil((3_600_000 - (now.getTime() % 3_600_000)) / 1000)
}
