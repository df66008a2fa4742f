/**
 * POST /store/vorexy/orders/:id/renew-charge — "Gerar novo PIX" / a boleto's "2ª via": a new
 * charge for an order whose PIX or boleto lapsed unpaid, while the store's window for it is open
 * (`renewalHours`, `maxRenewals`; workflows/utils/renewal.ts). Answers the new charge as the status
 * route does. Refusals (not lapsed, paid, cancelled, window over, none left) are a 409 with the
 * reason and never reach the gateway; a second click answers the charge the first one made.
 *
 * Only the order's logged-in customer, or whoever holds the order's token (body `order_token`,
 * from the order page link of the shopper's e-mails), may ask: the order id alone only reads (it
 * is shared in forwarded links), and is answered 403. Each client may ask
 * `renewalsPerClientPerHour` times an hour; past that, a 429 (utils/order-capability.ts).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IEventBusModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { isVorexyError } from "../../../../../../gateway"
import { VOREXY_MODULE } from "../../../../../../modules/vorexy"
import { CHARGE_RENEWED_EVENT } from "../../../../../../modules/vorexy/events"
import type VorexyModuleService from "../../../../../../modules/vorexy/service"
import { runChargeSync } from "../../../../../../workflows/charge-sync/workflow"
import { closedHere } from "../../../../../../workflows/utils/watch-schedule"
import { isPassingFailure } from "../../../../../../workflows/utils/busy"
import { renewChargeWorkflow } from "../../../../../../workflows/renew-charge"
import { orderVorexySessions } from "../../../../../../workflows/utils/order-sessions"
import { renewalCheck, renewalOffer, renewalsUsed } from "../../../../../../workflows/utils/renewal"
import { sessionCaptureCount } from "../../../../../../workflows/utils/session-captures"
import { visibleWithKey } from "../../../../../utils/key-channels"
import {
  mayActOnOrder,
  NEEDS_ORDER_TOKEN,
  renewalLimitWait,
  TOO_MANY_RENEWALS,
} from "../../../../../utils/order-capability"
import { newestOf, paymentStatusView } from "../../../payment-status/view"

const ORDER_ID = /^order_[A-Za-z0-9]{1,60}$/

export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const orderId = req.params.id
  // Bounded before anything reads it.
  if (orderId.length > 70 || !ORDER_ID.test(orderId))
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "The order id is not an order id.")
  const service = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const found = await orderVorexySessions(req.scope, orderId)
  const notFound = new MedusaError(
    MedusaError.Types.NOT_FOUND,
    `No Vorexy charge for order ${orderId}`
  )
  if (!found || !visibleWithKey(req, found.order.sales_channel_id)) throw notFound
  const token = (req.body as { order_token?: unknown } | undefined)?.order_token
  if (!mayActOnOrder(req, found.order, token)) {
    res.setHeader("Cache-Control", "no-store")
    return res.status(403).json({ type: "not_allowed", message: NEEDS_ORDER_TOKEN })
  }
  let rows = await service.listVorexyCharges({ order_id: orderId })
  let newest = newestOf(rows)
  if (!newest) throw notFound

  // Refused at once, on what the store holds: no lock, no gateway call.
  const check = renewalCheck(newest, renewalsUsed(newest, rows), service.options)
  if (!check.ok && check.reason !== "still_payable") return refuse(res, check.message)
  // Only an ask that may make a charge counts against the client's hour: answers that change
  // nothing (still payable, refused) never use up the hour of shoppers behind the same address.
  const wait = check.ok ? await renewalLimitWait(req) : null
  if (wait !== null) {
    res.setHeader("Cache-Control", "no-store")
    res.setHeader("Retry-After", String(wait))
    return res.status(429).json({ type: "not_allowed", message: TOO_MANY_RENEWALS })
  }

  try {
    // An expired charge is read first, also one the store closed while the gateway still offered
    // it (a payment of its last moments may not be synced yet): paid after all, it is captured (the
    // answer says so) and no new charge is made. A read of the last seconds will do, so repeated
    // asks cost one gateway call.
    if (check.ok && (newest.status === "pending" || closedHere(newest))) {
      await runChargeSync(req.scope, {
        by: "renewal",
        transaction_id: newest.transaction_id,
        since: new Date(Date.now() - 10_000).toISOString(),
      })
      ;[newest] = await service.listVorexyCharges({ id: newest.id })
    }
    if (check.ok && newest.status !== "paid") {
      const { result } = await renewChargeWorkflow(req.scope).run({
        input: { order_id: orderId, transaction_id: newest.transaction_id },
      })
      if (result) await announce(req, result.session_id)
    }
  } catch (error) {
    const answer = shopperError(error)
    // Medusa's error handler words every 409 the same: the reason is the shopper's to read.
    if (MedusaError.isMedusaError(answer) && answer.type === MedusaError.Types.CONFLICT)
      return refuse(res, answer.message)
    throw answer
  }

  rows = await service.listVorexyCharges({ order_id: orderId })
  newest = newestOf(rows) ?? newest
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const captured =
    Boolean(newest.captured_at) ||
    (newest.status === "paid" && (await sessionCaptureCount(query, newest.payment_session_id)) > 0)
  const renewal = captured
    ? null
    : renewalOffer(newest, renewalsUsed(newest, rows), service.options)
  res.setHeader("Cache-Control", "no-store")
  res.json({ payment_status: paymentStatusView(newest, captured, renewal) })
}

/** The shopper is e-mailed how to pay the new charge (a subscriber: once per charge). */
async function announce(req: MedusaRequest, sessionId: string) {
  const service = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const charges = await service.listVorexyCharges(
    { payment_session_id: sessionId },
    { order: { created_at: "DESC" }, take: 1 }
  )
  const eventBus = req.scope.resolve<IEventBusModuleService>(Modules.EVENT_BUS)
  for (const charge of charges) {
    if (charge.status !== "pending" || charge.offer_closed_at) continue
    await eventBus
      .emit({ name: CHARGE_RENEWED_EVENT, data: { charge_id: charge.id } })
      .catch((error: Error) =>
        req.scope
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`Vorexy: could not announce the new charge ${charge.id}: ${error.message}`)
      )
  }
}

/** A 409 that says why. */
function refuse(res: MedusaResponse, message: string) {
  res.setHeader("Cache-Control", "no-store")
  res.status(409).json({ type: "not_allowed", message })
}

/** What the shopper is told when the new charge could not be made. */
function shopperError(error: unknown) {
  if (MedusaError.isMedusaError(error)) return error
  if (isVorexyError(error) || isPassingFailure(error)) {
    const busy = /lock|lease/i.test((error as Error).message ?? "")
    return new MedusaError(
      busy ? MedusaError.Types.CONFLICT : MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
      busy
        ? "This order's payment is being updated right now: please try again in a moment."
        : "The payment service could not be reached to issue a new charge: please try again in a moment. Retrying never charges twice."
    )
  }
  return error
}
