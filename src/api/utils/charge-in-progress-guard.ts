/**
 * Creating a payment session deletes the collection's other sessions. On an order whose Vorexy
 * charge is still open (the shopper may be paying it right now), that would orphan the charge:
 * anyone holding the collection id could do it. Refused with a 409 before Medusa deletes anything;
 * a lapsed one may be replaced only by the order's logged-in customer (a 403 otherwise).
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { isVorexyProviderId } from "../../providers/vorexy/provider-ids"
import { mayActOnOrder, NEEDS_ORDER_TOKEN } from "./order-capability"
import { sessionCollection } from "./session-collection"

const OPEN = new Set(["pending", "paid"])

export async function refuseReplacingOpenCharge(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const collection = await sessionCollection(req)
    const open = (collection?.payment_sessions ?? []).some(
      (session) =>
        isVorexyProviderId(session?.provider_id) &&
        typeof session?.data?.transaction_id === "string" &&
        OPEN.has(String(session.data.status))
    )
    if (collection?.order && open) {
      res.status(409).json({
        type: "not_allowed",
        message:
          "This order's Vorexy payment is in progress; it cannot be replaced. Pay the charge shown on the order, or wait until it expires.",
      })
      return
    }
    // A lapsed one is the order's to renew (its token or its customer: order-capability.ts); the
    // order id alone, which travels in forwarded links, must not replace it.
    const charged = (collection?.payment_sessions ?? []).some(
      (session) =>
        isVorexyProviderId(session?.provider_id) &&
        typeof session?.data?.transaction_id === "string"
    )
    if (collection?.order && charged && !mayActOnOrder(req, collection.order, undefined)) {
      res.status(403).json({ type: "not_allowed", message: NEEDS_ORDER_TOKEN })
      return
    }
    next()
  } catch (error) {
    next(error)
  }
}
