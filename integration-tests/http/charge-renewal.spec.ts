/**
 * "Gerar novo PIX" and a boleto's "2ª via" through the Store API: an order whose PIX or boleto
 * lapsed stays open (its stock reserved) for the store's window, gets a new charge on the same
 * order, and is captured once when that is paid (a lapsed charge paid late while its order is
 * open completes it instead: late-charge.spec.ts); refusals never reach the gateway; the window's
 * end without a new charge cancels the order. Medusa on real PostgreSQL, the sandbox gateway over HTTP with webhooks.
 */
import type { INotificationModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { runChargeSync } from "../../src/workflows/charge-sync/workflow"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { useSandbox } from "../helpers/sandbox"
import {
  adminHeaders,
  complete,
  createCart,
  errorResponse,
  eventually,
  placePixOrder,
  setBillingAddress,
  startSession,
  Store,
  storeOrder,
  VALID_PAYER,
} from "../helpers/store"
import { resetForWebhooks, SECRET, WEBHOOK_SETTINGS, webhookCalls } from "../helpers/webhooks"

jest.setTimeout(180_000)

const HOUR = 3_600_000

const gateway = useSandbox({
  webhookSecret: SECRET,
  webhooks: WEBHOOK_SETTINGS,
  // Every renewal of this file comes from one address: the per-client limit is order-links.spec.ts's.
  env: {
    VOREXY_RENEWAL_HOURS: "24",
    VOREXY_MAX_RENEWALS: "2",
    VOREXY_RENEWALS_PER_CLIENT_PER_HOUR: "1000",
  },
})

type Status = {
  transaction_id: string
  status: string
  payable: boolean
  paid: boolean
  order_captured: boolean
  qr_code: string | null
  digitable_line?: string | null
  due_at?: string | null
  renewable_until: string | null
  renewals_left: number | null
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const { paymentStatus, captures } = webhookCalls(api, getContainer, () => store)
    const orderStatus = async (orderId: string) => (await storeOrder(api, store, orderId)).status
    const creates = () => gateway.sandbox.countRequests("createTransaction")
    const statusOf = async (orderId: string): Promise<Status> =>
      (await api.get(`/store/vorexy/payment-status?order_id=${orderId}`, store.storeHeaders)).data
        .payment_status
    // As the order page asks: with the order's token its e-mails' link carries (order-links.spec.ts
    // asks without it, and as the order's customer).
    const renew = (orderId: string, headers: Record<string, string> = {}) =>
      api
        .post(
          `/store/vorexy/orders/${orderId}/renew-charge`,
          { order_token: vorexy().orderTokens().tokenFor(orderId) },
          {
            headers: { ...store.storeHeaders.headers, ...headers },
          }
        )
        .catch(errorResponse)
    const chargeOf = async (transactionId: string) =>
      (await vorexy().listVorexyCharges({ transaction_id: transactionId }))[0]
    const reservations = async (orderId: string) => {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["items.id"],
        filters: { id: orderId },
      })
      const items = (data[0] as { items: Array<{ id: string }> }).items
      return getContainer()
        .resolve(Modules.INVENTORY)
        .listReservationItems({ line_item_id: items.map((i) => i.id) })
    }
    const createdEmails = async (orderId: string) =>
      (
        await getContainer()
          .resolve<INotificationModuleService>(Modules.NOTIFICATION)
          .listNotifications({ resource_id: orderId, channel: "email" })
      ).filter((n) => n.template === "vorexy-pix-created" || n.template === "vorexy-boleto-created")

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
    })

    it("keeps an expired PIX's order open, gives it a new PIX on the same order, and captures it once", async () => {
      const { orderId, transactionId: first } = await placePixOrder(api, store)
      expect(await reservations(orderId)).toHaveLength(1)

      gateway.sandbox.state.expireTransaction(first)
      await eventually(async () => (await chargeOf(first)).status === "cancelled")
      // The order waits for a new PIX: still open, its stock still reserved.
      const lapsed = await statusOf(orderId)
      expect(lapsed).toMatchObject({ status: "cancelled", payable: false, renewals_left: 2 })
      expect(Date.parse(lapsed.renewable_until!)).toBeGreaterThan(Date.now() + 23 * HOUR)
      await reconcileVorexy(getContainer())
      expect(await orderStatus(orderId)).not.toBe("canceled")
      expect(await reservations(orderId)).toHaveLength(1)
      // The shopper's "expired" e-mail says until when the order page offers a new PIX.
      const expired = await eventually(async () =>
        (
          await getContainer()
            .resolve<INotificationModuleService>(Modules.NOTIFICATION)
            .listNotifications({ resource_id: orderId, channel: "email" })
        ).find((n) => n.template === "vorexy-payment-expired")
      )
      expect(expired.data).toMatchObject({
        event: "expired",
        renewable_until: lapsed.renewable_until,
      })

      // Another tab waits on the lapsed PIX: it hears of the new one (at its timeout it would
      // answer the lapsed one).
      const otherTab = api.get(
        `/store/vorexy/payment-status?order_id=${orderId}&wait=true&last_status=cancelled&timeout_ms=25000`,
        store.storeHeaders
      )
      await new Promise((resolve) => setTimeout(resolve, 300))
      const before = creates()
      const renewed = await renew(orderId)
      expect(renewed.status).toBe(200)
      const second = renewed.data.payment_status as Status
      expect((await otherTab).data.payment_status).toMatchObject({
        transaction_id: second.transaction_id,
        payable: true,
      })
      expect(second).toMatchObject({ status: "pending", payable: true, renewals_left: 1 })
      expect(second.transaction_id).not.toBe(first)
      expect(second.qr_code).toMatch(/^000201/)
      expect(creates()).toBe(before + 1)

      // A second click answers the same new PIX: no other charge.
      const again = await renew(orderId)
      expect(again.status).toBe(200)
      expect(again.data.payment_status.transaction_id).toBe(second.transaction_id)
      expect(creates()).toBe(before + 1)
      expect((await statusOf(orderId)).transaction_id).toBe(second.transaction_id)
      // The shopper is e-mailed how to pay the new one.
      await eventually(async () => (await createdEmails(orderId)).length === 2)

      gateway.sandbox.state.payTransaction(second.transaction_id)
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      expect((await captures(orderId)).captures).toBe(1)
      expect(await statusOf(orderId)).toMatchObject({
        transaction_id: second.transaction_id,
        paid: true,
        order_captured: true,
      })
      // Paid: nothing more to renew, and no gateway call to say so.
      const after = creates()
      const paid = await renew(orderId)
      expect(paid.status).toBe(409)
      expect(paid.data.message).toMatch(/paid/)
      expect(creates()).toBe(after)

      // The admin sees the order's charges in sequence, newest first.
      const { data } = await api.get(
        `/admin/vorexy/charges?order_id=${orderId}`,
        await adminHeaders(getContainer())
      )
      expect(data.charges.map((c: { transaction_id: string }) => c.transaction_id)).toEqual([
        second.transaction_id,
        first,
      ])
      expect(data.charges[1]).toMatchObject({
        status: "cancelled",
        offer_closed_reason: "session_replaced",
      })
    })

    it("captures a PIX paid in its last moments, not yet synced, when its shopper asks for a new one after the store closed it", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      // Past its expiry and grace: the store closes it while the gateway still offers it.
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(
        "update vorexy_charge set expires_at = now() - interval '1 day' where transaction_id = ?",
        [transactionId]
      )
      await runChargeSync(getContainer(), { by: "admin", transaction_id: transactionId })
      expect(await statusOf(orderId)).toMatchObject({ status: "cancelled", payable: false })
      // Closed a while ago; paid at the gateway meanwhile, its webhook not come.
      await pg.raw(
        "update vorexy_charge set last_synced_at = now() - interval '5 minutes' where transaction_id = ?",
        [transactionId]
      )
      gateway.sandbox.setWebhookUrl(null)
      gateway.sandbox.state.payTransaction(transactionId)

      const before = creates()
      const renewed = await renew(orderId)
      expect(renewed.status).toBe(200)
      expect(renewed.data.payment_status).toMatchObject({
        transaction_id: transactionId,
        paid: true,
      })
      expect(creates()).toBe(before)
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      expect((await captures(orderId)).captures).toBe(1)
    })

    it("refuses what cannot be renewed with the reason, without calling the gateway", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      const before = creates()
      // Still payable: the answer is the PIX to pay, nothing new.
      const payable = await renew(orderId)
      expect(payable.status).toBe(200)
      expect(payable.data.payment_status.transaction_id).toBe(transactionId)
      // Not JSON (a cross-site form), not an order id, no such order.
      expect((await renew(orderId, { "content-type": "text/plain" })).status).toBe(415)
      expect((await renew("order_" + "x".repeat(5000))).status).toBe(400)
      expect((await renew("cart_123")).status).toBe(400)
      expect((await renew("order_01NOSUCHORDER")).status).toBe(404)

      // Lapsed a day and more ago: the window is over.
      gateway.sandbox.state.expireTransaction(transactionId)
      await eventually(async () => (await chargeOf(transactionId)).status === "cancelled")
      await vorexy().updateVorexyCharges({
        id: (await chargeOf(transactionId)).id,
        expires_at: new Date(Date.now() - 25 * HOUR),
      })
      expect((await statusOf(orderId)).renewable_until).toBeNull()
      const over = await renew(orderId)
      expect(over.status).toBe(409)
      expect(over.data.message).toMatch(/time to issue a new PIX for this order has ended/)
      expect(creates()).toBe(before)
    })

    it("cancels the order, releasing its stock, when the window ends without a new charge; and gives no more than the store allows", async () => {
      const { orderId, transactionId: first } = await placePixOrder(api, store)
      // Two renewals, each lapsing: the most this store gives.
      let current = first
      for (let n = 1; n <= 2; n++) {
        gateway.sandbox.state.expireTransaction(current)
        await eventually(async () => (await chargeOf(current)).status === "cancelled")
        const renewed = await renew(orderId)
        expect(renewed.status).toBe(200)
        expect(renewed.data.payment_status.transaction_id).not.toBe(current)
        // The replaced one no longer decides the order's fate: the new one does.
        expect(await chargeOf(current)).toMatchObject({
          next_sync_at: null,
          offer_closed_reason: "session_replaced",
        })
        current = renewed.data.payment_status.transaction_id
      }
      const before = creates()
      // The last one lapses: none left, so its order is cancelled at once.
      gateway.sandbox.state.expireTransaction(current)
      await eventually(async () => (await orderStatus(orderId)) === "canceled")
      expect(await reservations(orderId)).toHaveLength(0)
      expect((await renew(orderId)).status).toBe(409)
      expect(creates()).toBe(before)

      // Another order, its PIX lapsed and never renewed: cancelled when its window ends.
      const other = await placePixOrder(api, store)
      gateway.sandbox.state.expireTransaction(other.transactionId)
      const waiting = await eventually(async () => {
        const charge = await chargeOf(other.transactionId)
        return charge.status === "cancelled" ? charge : null
      })
      expect(waiting.next_sync_at).not.toBeNull()
      expect(await orderStatus(other.orderId)).not.toBe("canceled")
      // The window's end comes (its expiry moved back a day and more): the job cancels it.
      await vorexy().updateVorexyCharges({
        id: waiting.id,
        expires_at: new Date(Date.now() - 25 * HOUR),
        next_sync_at: new Date(Date.now() - 1000),
      })
      await reconcileVorexy(getContainer())
      await eventually(async () => (await orderStatus(other.orderId)) === "canceled")
      expect(await reservations(other.orderId)).toHaveLength(0)
    })

    it("keeps the order when the new charge could not be made, and makes it on a later ask, once", async () => {
      const { orderId, transactionId: first } = await placePixOrder(api, store)
      gateway.sandbox.state.expireTransaction(first)
      await eventually(async () => (await chargeOf(first)).status === "cancelled")

      // The gateway refuses every create (and the client's retries): the shopper is told, nothing
      // is lost.
      gateway.sandbox.setFaults({ failNext: 20, routes: ["createTransaction"] })
      const failed = await renew(orderId)
      gateway.sandbox.setFaults({ failNext: 0, routes: null })
      expect(failed.status).toBe(422)
      expect(failed.data.message).toMatch(/try again/i)
      await reconcileVorexy(getContainer())
      expect(await orderStatus(orderId)).not.toBe("canceled")
      expect(await statusOf(orderId)).toMatchObject({ transaction_id: first, renewals_left: 2 })

      // Asked again at once: held back a moment (each ask may reach the gateway).
      const before = creates()
      const soon = await renew(orderId)
      expect(soon.status).toBe(409)
      expect(creates()).toBe(before)
      await new Promise((resolve) => setTimeout(resolve, 5_500))
      const made = await renew(orderId)
      expect(made.status).toBe(200)
      const second = made.data.payment_status.transaction_id as string
      expect(second).not.toBe(first)
      expect(creates()).toBe(before + 1)

      gateway.sandbox.state.payTransaction(second)
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      expect((await captures(orderId)).captures).toBe(1)
    })

    it("gives a boleto a 2ª via with a new due date once it can no longer be paid, none while a bank may still settle it, captured once paid", async () => {
      const boletoOrder = async () => {
        const cartId = await createCart(api, store)
        await setBillingAddress(api, store, cartId)
        await startSession(api, store, cartId, "boleto", VALID_PAYER)
        return (await complete(api, store, cartId)).data.order.id as string
      }
      // Past its due date but within its business-day grace: a bank may still settle it, so no 2ª
      // via yet (the same boleto is the answer).
      const late = await boletoOrder()
      const lateBoleto = await statusOf(late)
      expect(lateBoleto.digitable_line).toMatch(/^\d{47}$/)
      await vorexy().updateVorexyCharges({
        id: (await chargeOf(lateBoleto.transaction_id)).id,
        expires_at: new Date(Date.now() - HOUR),
      })
      const before = creates()
      const early = await renew(late)
      expect(early.status).toBe(200)
      expect(early.data.payment_status.transaction_id).toBe(lateBoleto.transaction_id)
      // Expired by the gateway just after its due date: still awaited (one paid on that day
      // settles later), its order open, and still no 2ª via.
      gateway.sandbox.state.expireTransaction(lateBoleto.transaction_id)
      await eventually(
        async () => (await chargeOf(lateBoleto.transaction_id)).gateway_status === "Cancelled"
      )
      expect((await chargeOf(lateBoleto.transaction_id)).status).toBe("pending")
      const awaited = await renew(late)
      expect(awaited.data.payment_status.transaction_id).toBe(lateBoleto.transaction_id)
      expect(creates()).toBe(before)

      const orderId = await boletoOrder()
      const first = await statusOf(orderId)
      // Cancelled at the gateway before its due date (in its panel): it can no longer be paid, and
      // gets a 2ª via.
      gateway.sandbox.state.cancelTransaction(first.transaction_id)
      await eventually(async () => (await statusOf(orderId)).status === "cancelled")
      const renewed = await renew(orderId)
      expect(renewed.status).toBe(200)
      const second = renewed.data.payment_status as Status
      expect(second.transaction_id).not.toBe(first.transaction_id)
      expect(second).toMatchObject({ status: "pending", payable: true })
      expect(second.digitable_line).toMatch(/^\d{47}$/)
      expect(Date.parse(second.due_at!)).toBeGreaterThan(Date.now())
      await eventually(async () => (await createdEmails(orderId)).length === 2)

      gateway.sandbox.state.payTransaction(second.transaction_id)
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      expect((await captures(orderId)).captures).toBe(1)
    })
  },
})
