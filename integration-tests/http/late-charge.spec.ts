/**
 * Money that arrives late completes its order while the order is still open: a PIX the plugin
 * closed (its expiry and grace passed while the gateway still offered it), or one a renewal
 * replaced, paid from its old QR. Through the Store API and the webhook URL, with the store giving
 * new charges (renewals on, so lapsed orders stay open for a day). Never two captures: of two
 * charges of one order paid at the same moment, one is captured and the other flagged.
 */
import type { INotificationModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { useSandbox } from "../helpers/sandbox"
import {
  adminHeaders,
  errorResponse,
  eventually,
  moveChargeExpiry,
  placePixOrder,
  Store,
  storeOrder,
} from "../helpers/store"
import {
  hookUrl,
  resetForWebhooks,
  SECRET,
  WEBHOOK_SETTINGS,
  webhookCalls,
} from "../helpers/webhooks"

jest.setTimeout(180_000)

const gateway = useSandbox({
  webhookSecret: SECRET,
  webhooks: WEBHOOK_SETTINGS,
  env: { VOREXY_RENEWAL_HOURS: "24", VOREXY_MAX_RENEWALS: "2" },
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const { paymentStatus, captures } = webhookCalls(api, getContainer, () => store)
    const chargeOf = async (transactionId: string) =>
      (await vorexy().listVorexyCharges({ transaction_id: transactionId }))[0]
    const statusOf = async (orderId: string) =>
      (await api.get(`/store/vorexy/payment-status?order_id=${orderId}`, store.storeHeaders)).data
        .payment_status
    // The shopper's renewal, with the token their payment e-mail's link carries.
    const renew = (orderId: string) =>
      api
        .post(
          `/store/vorexy/orders/${orderId}/renew-charge`,
          { order_token: vorexy().orderTokens().tokenFor(orderId) },
          store.storeHeaders
        )
        .catch(errorResponse)

    /** The shopper's "payment received" e-mails of an order. */
    const paidEmails = async (orderId: string) =>
      (
        await getContainer()
          .resolve<INotificationModuleService>(Modules.NOTIFICATION)
          .listNotifications({ resource_id: orderId, channel: "email" })
      ).filter((n) => n.template === "vorexy-payment-received")

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
    })

    /** An order whose first PIX lapsed on the page (the gateway still takes it) and was renewed. */
    async function renewedOrder() {
      const { orderId, transactionId: first } = await placePixOrder(api, store)
      await vorexy().updateVorexyCharges({
        id: (await chargeOf(first)).id,
        expires_at: new Date(Date.now() - 60_000),
      })
      const renewed = await renew(orderId)
      expect(renewed.status).toBe(200)
      const second = renewed.data.payment_status.transaction_id as string
      expect(second).not.toBe(first)
      return { orderId, first, second }
    }

    it("captures a PIX the plugin closed while its order waited, paid late from its QR", async () => {
      gateway.sandbox.setWebhookUrl(null)
      const { orderId, transactionId } = await placePixOrder(api, store)
      // Past its expiry and grace: the reconcile job closes it; the order waits for a new PIX.
      await moveChargeExpiry(getContainer(), transactionId, new Date(Date.now() - 20 * 60_000))
      await reconcileVorexy(getContainer())
      expect(await chargeOf(transactionId)).toMatchObject({ status: "cancelled", flag: null })
      expect((await storeOrder(api, store, orderId)).status).not.toBe("canceled")

      // The shopper pays it anyway (the gateway still offered it); the webhook arrives.
      gateway.sandbox.setWebhookUrl(`${api.defaults.baseURL}${hookUrl()}`)
      gateway.sandbox.state.payTransaction(transactionId)
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      expect((await captures(orderId)).captures).toBe(1)
      expect(await chargeOf(transactionId)).toMatchObject({ status: "paid", flag: null })
      expect(await statusOf(orderId)).toMatchObject({
        transaction_id: transactionId,
        paid: true,
        order_captured: true,
      })
    })

    it("captures the first PIX paid after a renewal replaced it, closes the new offer, and flags a payment of that", async () => {
      const { orderId, first, second } = await renewedOrder()

      gateway.sandbox.state.payTransaction(first)
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      expect((await captures(orderId)).captures).toBe(1)
      expect(await chargeOf(first)).toMatchObject({ status: "paid", flag: null })
      await eventually(async () => (await chargeOf(first)).captured_at)
      // The new PIX is no longer offered; the order's page says paid, with the PIX that paid it.
      expect((await chargeOf(second)).offer_closed_reason).toBe("session_replaced")
      expect(await statusOf(orderId)).toMatchObject({
        transaction_id: first,
        paid: true,
        order_captured: true,
      })

      // Paid too, from the new QR: a second payment, flagged for a refund, never captured.
      gateway.sandbox.state.payTransaction(second)
      const flagged = await eventually(async () => {
        const charge = await chargeOf(second)
        return charge.flag ? charge : null
      })
      expect(flagged.flag).toBe("late_payment")
      await reconcileVorexy(getContainer())
      expect((await captures(orderId)).captures).toBe(1)
      // The shopper was told "payment received" once, for the payment the order took.
      expect(await paidEmails(orderId)).toHaveLength(1)
    })

    it("keeps the order of a PIX the gateway expired open through its grace, and captures a payment of its last moments", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      await moveChargeExpiry(getContainer(), transactionId, new Date(Date.now() - 30_000))
      // The shopper's page is waiting on it (a long-poll of the awaiting charge, still payable).
      const waiting = api.get(
        `/store/vorexy/payment-status?order_id=${orderId}&wait=true&last_status=pending&timeout_ms=20000`,
        store.storeHeaders
      )
      await eventually(async () => vorexy().chargeWatcher().size === 1)
      // The gateway's expiry job cancels it, and says so by webhook.
      gateway.sandbox.state.expireTransaction(transactionId)
      // The waiting page is woken by it, and told there is nothing more to pay (a poll that slept
      // through it would answer, at its timeout, the payable charge it started from).
      expect((await waiting).data.payment_status).toMatchObject({
        status: "pending",
        payable: false,
      })
      const heard = await eventually(async () => {
        const charge = await chargeOf(transactionId)
        return charge.gateway_status === "Cancelled" ? charge : null
      })
      expect(heard).toMatchObject({ status: "pending", flag: null })
      expect((await storeOrder(api, store, orderId)).status).not.toBe("canceled")
      // A page that asks only now, as it last saw it payable, is answered at once (never held).
      const waits = jest.spyOn(vorexy().chargeWatcher(), "wait")
      try {
        const asked = await api.get(
          `/store/vorexy/payment-status?order_id=${orderId}&wait=true&last_status=pending&last_payable=true&timeout_ms=20000`,
          store.storeHeaders
        )
        expect(asked.data.payment_status).toMatchObject({ status: "pending", payable: false })
        expect(waits).not.toHaveBeenCalled()
      } finally {
        waits.mockRestore()
      }
      // The shopper is offered nothing more to pay, and told to wait.
      expect(await statusOf(orderId)).toMatchObject({
        status: "pending",
        paid: false,
        payable: false,
        closing: true,
        qr_code: null,
      })

      // The payer's bank took it in its last seconds: confirmed now, within the grace.
      gateway.sandbox.state.payLateTransaction(transactionId)
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      expect(await chargeOf(transactionId)).toMatchObject({ status: "paid", flag: null })
      expect((await captures(orderId)).captures).toBe(1)
    })

    it("flags a payment captured while its order was being cancelled, for the admin to refund", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      // The admin's cancel read the order just before the capture landed (it found nothing to
      // refund) and cancelled it just after: the order ends cancelled, its payment captured.
      await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(`update "order" set status = 'canceled', canceled_at = now() where id = ?`, [orderId])
      await getContainer()
        .resolve(Modules.EVENT_BUS)
        .emit({ name: "order.canceled", data: { id: orderId } })

      const admin = await adminHeaders(getContainer())
      const charges = async () =>
        (await api.get(`/admin/vorexy/charges?order_id=${orderId}`, admin)).data.charges
      const [flagged] = await eventually(async () => {
        const listed = await charges()
        return listed[0]?.flag ? listed : null
      })
      expect(flagged).toMatchObject({ transaction_id: transactionId, flag: "late_payment" })
      expect(flagged.flag_detail).toMatch(
        /R\$ 94,90 kept for a cancelled order; refund it in the Vorexy panel/
      )
      expect((await captures(orderId)).captures).toBe(1)
    })

    it("captures one of two charges of an order paid at the same moment, and flags the other", async () => {
      const { orderId, first, second } = await renewedOrder()

      gateway.sandbox.state.payTransaction(first)
      gateway.sandbox.state.payTransaction(second)

      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      const [a, b] = await eventually(async () => {
        const rows = [await chargeOf(first), await chargeOf(second)]
        const settled = rows.filter((row) => row.captured_at || row.flag).length === 2
        return settled ? rows : null
      }, 30_000)
      await reconcileVorexy(getContainer())
      expect((await captures(orderId)).captures).toBe(1)
      const captured = [a, b].filter((row) => row.captured_at)
      const flagged = [a, b].filter((row) => row.flag === "late_payment")
      expect(captured).toHaveLength(1)
      expect(flagged).toHaveLength(1)
      expect(flagged[0].id).not.toBe(captured[0].id)
      expect(await paidEmails(orderId)).toHaveLength(1)
    })
  },
})
