/**
 * GET /store/vorexy/payment-status?order_id=…|payment_session_id=…
 *   [&wait=true&timeout_ms=…&last_status=…&last_captured=…&last_payable=…]
 *
 * A Vorexy charge's state for the storefront (PIX, boleto or card, with what each method adds),
 * served from the plugin's table (never a gateway call), with an optional bounded long-poll so a
 * page learns "paid" within a second of it happening. It reveals no more than the order's own store
 * route does. A page load of an old awaiting charge asks the worker for a read (shopper-look.ts).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import { chargeMark } from "../../../../modules/vorexy/charge-watch"
import type VorexyModuleService from "../../../../modules/vorexy/service"
import { requestLook } from "../../../../reconciliation/shopper-look"
import { closedHere } from "../../../../workflows/utils/watch-schedule"
import { visibleWithKey } from "../../../utils/key-channels"
import { SharedReads } from "../../../utils/shared-reads"
import { recordChargesWorkflow } from "../../../../workflows/record-charges"
import { linkRecordedCharges } from "../../../../workflows/utils/link-recorded-charges"
import { sessionCaptureCount } from "../../../../workflows/utils/session-captures"
import {
  orderVorexySessions,
  vorexySessionChannel,
} from "../../../../workflows/utils/order-sessions"
import { StorePaymentStatusQueryType } from "./validators"
import { renewalOffer, renewalsUsed } from "../../../../workflows/utils/renewal"
import { newestOf, paymentStatusView, unconfirmedReason } from "./view"
import { LONG_POLL_DEFAULT_MS } from "../../../../rules/timing"

/** Long-polls one process holds at most; more are answered at once (the storefront asks again). */
const MAX_WAITERS = 10_000

/**
 * When the request reached the store: the start time Medusa's request logger (morgan, among the
 * first of its middlewares) notes on every request, else now. A burst of a thousand long-polls
 * queues a second or more in Medusa's layers before this route runs, and must still end on time.
 */
function arrivalOf(req: MedusaRequest) {
  const started = (req as { _startTime?: unknown })._startTime
  const at = started instanceof Date ? started.getTime() : NaN
  const now = Date.now()
  // Only a plausible note: never in the future, never before the longest wait allowed.
  return Number.isFinite(at) && at <= now && now - at < 60_000 ? at : now
}

/** Reads the requests of a burst share (shared-reads.ts). */
const reads = new SharedReads()
const shared = <T>(key: string, read: () => Promise<T>) => reads.share(key, read)

type Charge = Awaited<ReturnType<VorexyModuleService["listVorexyCharges"]>>[number]

export const GET = async (
  req: MedusaRequest<unknown, StorePaymentStatusQueryType>,
  res: MedusaResponse
) => {
  // The timeout counts from the request's arrival: a busy server answers on time, not late.
  const arrived = arrivalOf(req)
  const query = req.validatedQuery as StorePaymentStatusQueryType
  const service = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const found = await findCharge(req, service, query)
  let charge = found.charge
  let captured = await orderCaptured(req, service, charge)
  // A page load (not a long-poll) of an old awaiting charge asks for a read in the background.
  // So does one of its charges closed here (the gateway still offered it), such as the one a
  // renewal replaced: a payment of it still completes the order.
  if (!query.wait)
    for (const row of found.rows.length ? found.rows : [charge])
      if (row === charge || closedHere(row)) void requestLook(req.scope, row)

  const waitFor = query.last_status ?? charge.status
  const waitCaptured = query.last_captured ?? captured
  const watcher = service.chargeWatcher()
  // Past MAX_WAITERS a request is answered at once rather than held (sockets are finite).
  // A charge that could not be confirmed changes only through the admin: answered at once.
  const settled = unconfirmedReason(charge) !== null
  // A page that last saw it payable is told at once when it no longer is (the gateway cancelled it
  // between two of its requests).
  const payableSeen =
    query.last_payable === undefined ||
    paymentStatusView(charge, captured).payable === query.last_payable
  const unchanged = charge.status === waitFor && captured === waitCaptured && payableSeen
  if (query.wait && !settled && unchanged && watcher.size < MAX_WAITERS) {
    // The process's one watcher looks for every waiting request at once (charge-watch.ts); it
    // wakes on a new status, or when the charge stops being offered (its order cancelled).
    const closed = new AbortController()
    req.on("close", () => closed.abort())
    const timeoutMs = (query.timeout_ms ?? LONG_POLL_DEFAULT_MS) - (Date.now() - arrived)
    const changed = await watcher.wait(charge.id, chargeMark(charge), timeoutMs, closed.signal)
    if (closed.signal.aborted) return
    // Woken by a change: the answer is the row as it is now. Ended by its timeout: nothing the
    // watcher (or an announcement) saw changed, so the answer is what was read at the start, not
    // a second read: a thousand long-polls sent together end together, and must not queue for
    // the database then.
    if (changed) {
      const id = charge.id
      charge = (await shared(`charge:${id}`, () => service.listVorexyCharges({ id })))[0] ?? charge
      // Replaced by a new charge for the order (asked for in another tab): that one is the answer.
      if (charge.offer_closed_reason === "session_replaced" && query.order_id) {
        const orderId = query.order_id
        found.rows = await service.listVorexyCharges({ order_id: orderId })
        charge = newestOf(found.rows) ?? charge
      }
      captured = await orderCaptured(req, service, charge)
    }
  }

  // Never from a cache: a cached answer would make the storefront's follower spin.
  res.setHeader("Cache-Control", "no-store")
  const renewal = captured
    ? null
    : renewalOffer(charge, renewalsUsed(charge, found.rows), service.options)
  res.json({ payment_status: paymentStatusView(charge, captured, renewal) })
}

async function findCharge(
  req: MedusaRequest,
  service: VorexyModuleService,
  q: StorePaymentStatusQueryType
): Promise<{ charge: Charge; rows: Charge[] }> {
  const pick = newestOf
  if (q.order_id) {
    // The usual case, kept cheap for long-polls: the recorded charge, and the order's channel.
    const orderId = q.order_id
    const rows = await shared(`order:${orderId}`, () =>
      service.listVorexyCharges({ order_id: orderId })
    )
    const recorded = pick(rows)
    if (recorded) {
      await assertOrderVisible(req, orderId)
      return { charge: recorded, rows }
    }
  }
  const filter = q.order_id
    ? { order_id: q.order_id }
    : { payment_session_id: q.payment_session_id! }
  const sessions = q.order_id
    ? await orderSessions(req, q.order_id)
    : (await visibleSession(req, q.payment_session_id!)).map((id) => ({ id, transaction_id: null }))
  const sessionIds = sessions.map((session) => session.id)

  let rows = await service.listVorexyCharges(filter)
  if (!rows.length && sessionIds.length) {
    // Not linked or not recorded yet (the order.placed subscriber may not have run): the charge the
    // checkout recorded is linked to its order, or else it is recorded from the session data.
    const linked = q.order_id && (await linkRecordedCharges(req.scope, sessions, q.order_id))
    if (!linked)
      await recordChargesWorkflow(req.scope).run({ input: { payment_session_ids: sessionIds } })
    rows = await service.listVorexyCharges(filter)
  }
  const charge = pick(rows)
  if (!charge)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `No Vorexy charge for ${q.order_id ? `order ${q.order_id}` : `payment session ${q.payment_session_id}`}`
    )
  return { charge, rows }
}

const visible = visibleWithKey

/** 404 unless the order exists and is visible with this publishable key (one query). */
async function assertOrderVisible(req: MedusaRequest, orderId: string) {
  const { data } = await shared(`order-channel:${orderId}`, () =>
    req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["id", "sales_channel_id"],
      filters: { id: orderId },
    })
  )
  const order = data[0] as { sales_channel_id?: string | null } | undefined
  if (!order || !visible(req, order.sales_channel_id)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `No Vorexy charge for order ${orderId}`)
  }
}

/** The order's Vorexy sessions and the charges they name, if the order is visible with this key. */
async function orderSessions(req: MedusaRequest, orderId: string) {
  const found = await orderVorexySessions(req.scope, orderId, { withCharges: true })
  if (!found || !visible(req, found.order.sales_channel_id)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `No Vorexy charge for order ${orderId}`)
  }
  return found.sessions
}

/** The session, if it is a Vorexy session of a cart or order visible with this publishable key. */
async function visibleSession(req: MedusaRequest, sessionId: string): Promise<string[]> {
  const found = await vorexySessionChannel(req.scope, sessionId)
  if (!found || !visible(req, found.salesChannelId)) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `No Vorexy charge for payment session ${sessionId}`
    )
  }
  return [sessionId]
}

/**
 * Whether Medusa has captured the charge's payment, so the order is paid in the store (what the
 * storefront's own order page shows). The sync notes it on the row (record-capture.ts); a capture
 * made at cart completion (a card approved at once) is looked up once and noted the same way.
 */
async function orderCaptured(req: MedusaRequest, service: VorexyModuleService, charge: Charge) {
  if (charge.captured_at) return true
  if (charge.status !== "paid") return false
  return shared(`captured:${charge.id}`, () => lookUpCapture(req, service, charge))
}

async function lookUpCapture(req: MedusaRequest, service: VorexyModuleService, charge: Charge) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  if (!(await sessionCaptureCount(query, charge.payment_session_id))) return false
  await service.updateChargesAndNotify([{ id: charge.id, captured_at: new Date() }])
  return true
}
