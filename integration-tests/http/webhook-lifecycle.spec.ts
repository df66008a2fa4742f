/**
 * The payment lifecycle after checkout: Medusa on real PostgreSQL, the sandbox sending real webhooks
 * to POST /hooks/vorexy over HTTP. Expiry, late payment, refunds, the reconciliation job, Medusa's
 * built-in webhook route, and withdrawals. Delivery itself: webhooks-delivery.spec.ts.
 */
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { reconcileVorexy as reconcile } from "../../src/reconciliation/reconcile"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { useSandbox } from "../helpers/sandbox"
import {
  adminHeaders,
  errorResponse,
  eventually,
  placePixOrder,
  Store,
  storeOrder,
  moveChargeExpiry,
} from "../helpers/store"
import { WEBHOOK_RECEIVED_EVENT } from "../../src/modules/vorexy/events"
import {
  ageWebhookEvent,
  OrderGraph,
  resetForWebhooks,
  SECRET,
  WEBHOOK_SETTINGS,
  webhookCalls,
} from "../helpers/webhooks"

jest.setTimeout(120_000)

// Deliveries to Medusa's built-in route are processed here too (they are refused by default when a
// secret is set: webhook-auth.spec.ts).
const gateway = useSandbox({
  webhookSecret: SECRET,
  webhooks: WEBHOOK_SETTINGS,
  env: { VOREXY_ALLOW_BUILT_IN_WEBHOOK_ROUTE: "true" },
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const { post, paymentStatus, captures } = webhookCalls(api, getContainer, () => store)

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
    })

    describe("the rest of the lifecycle", () => {
      const orderStatus = async (orderId: string) => (await storeOrder(api, store, orderId)).status

      it("cancels the order and releases its stock when the unpaid charge expires", async () => {
        const { orderId, transactionId } = await placePixOrder(api, store)
        const inventory = getContainer().resolve(Modules.INVENTORY)
        const {
          data: [order],
        } = await getContainer()
          .resolve("query")
          .graph({ entity: "order", fields: ["items.id"], filters: { id: orderId } })
        const lineItemId = (order as OrderGraph).items[0].id
        expect(await inventory.listReservationItems({ line_item_id: lineItemId })).toHaveLength(1)

        gateway.sandbox.state.expireTransaction(transactionId)

        await eventually(async () => (await orderStatus(orderId)) === "canceled")
        expect(await inventory.listReservationItems({ line_item_id: lineItemId })).toHaveLength(0)
        const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        expect(charge.status).toBe("cancelled")
      })

      it("flags a payment made after the order was cancelled, and never captures it", async () => {
        const { orderId, transactionId } = await placePixOrder(api, store)
        await api.post(`/admin/orders/${orderId}/cancel`, {}, await adminHeaders(getContainer()))
        expect(await orderStatus(orderId)).toBe("canceled")
        // The storefront stops offering the QR once the order is cancelled.
        await eventually(async () => {
          const { data } = await api.get(
            `/store/vorexy/payment-status?order_id=${orderId}`,
            store.storeHeaders
          )
          // Still watched (Vorexy cannot cancel it), but no longer offered.
          return data.payment_status.payable === false && data.payment_status.qr_code === null
        })

        gateway.sandbox.state.payTransaction(transactionId)

        const charge = await eventually(
          async () =>
            (
              await vorexy().listVorexyCharges({
                transaction_id: transactionId,
                flag: "late_payment",
              })
            )[0]
        )
        expect(charge.flag_detail).toMatch(/refund it in the Vorexy panel/)
        expect((await captures(orderId)).captures).toBe(0)
        expect(await paymentStatus(orderId)).not.toBe("captured")
      })

      it("records on the Medusa payment a refund made in the Vorexy panel", async () => {
        const { orderId, transactionId } = await placePixOrder(api, store)
        gateway.sandbox.state.payTransaction(transactionId)
        await eventually(async () => (await paymentStatus(orderId)) === "captured")

        gateway.sandbox.state.refundTransaction(transactionId)

        await eventually(async () => (await paymentStatus(orderId)) === "refunded")
        const { refunds } = await captures(orderId)
        expect(refunds.map((r) => Number(r.amount))).toEqual([94.9])
        const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        expect(charge.status).toBe("refunded")
      })

      it("brings the order to captured from the reconciliation job when the webhook was lost", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)
        gateway.sandbox.state.payTransaction(transactionId)
        expect(await paymentStatus(orderId)).toBe("awaiting")

        const result = await reconcile(getContainer())

        // The job's sweep of the gateway's list saw it paid, and read it.
        expect(result).toMatchObject({ sweep_pages: 1, sweep_reads: 1, failures: [] })
        expect(await paymentStatus(orderId)).toBe("captured")
      })

      it("expires from the job a charge the gateway still calls awaiting past its expiry", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)
        await moveChargeExpiry(getContainer(), transactionId, new Date(Date.now() - 60 * 60_000))

        await reconcile(getContainer())

        expect(await orderStatus(orderId)).toBe("canceled")
      })

      it("never lets an untrusted delivery claim the event id of the gateway's real one", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)
        const body = { object: "transaction", status: "paid", transactionId }
        const headers = { "x-webhook-event-id": "evt_claimed" }
        await api.post("/hooks/payment/vorexy-pix_vorexy", body, { headers }).catch(errorResponse)
        // Stored first (after Medusa's 5 s delay), under a key of its own.
        await eventually(
          async () =>
            (await vorexy().listVorexyWebhookEvents({ event_key: "untrusted:evt_claimed" }))[0],
          20_000
        )

        gateway.sandbox.state.payTransaction(transactionId)
        expect((await post(body, headers)).data).toMatchObject({ duplicates: 0 })
        await eventually(async () => (await paymentStatus(orderId)) === "captured")
      })

      it("processes deliveries to Medusa's built-in route the same way, re-fetching first", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)
        const builtIn = (body: object, id: string) =>
          api
            .post("/hooks/payment/vorexy-pix_vorexy", body, {
              headers: { "x-webhook-event-id": id },
            })
            .catch(errorResponse)

        expect(
          (
            await builtIn(
              { object: "transaction", status: "paid", transactionId },
              "evt_builtin_forged"
            )
          ).status
        ).toBe(200)
        await eventually(
          async () =>
            (
              await vorexy().listVorexyWebhookEvents({
                header_event_id: "evt_builtin_forged",
                outcome: "processed",
              })
            )[0],
          20_000
        )
        expect(await paymentStatus(orderId)).toBe("awaiting")

        gateway.sandbox.state.payTransaction(transactionId)
        await builtIn({ object: "transaction", status: "paid", transactionId }, "evt_builtin_paid")
        await eventually(async () => (await paymentStatus(orderId)) === "captured", 20_000)
        // The delivery is stored untrusted and processed; the reconciliation job (every minute) may
        // have captured first, and then the delivery finds the capture done.
        const event = await eventually(
          async () =>
            (
              await vorexy().listVorexyWebhookEvents({
                header_event_id: "evt_builtin_paid",
                outcome: "processed",
              })
            )[0],
          20_000
        )
        expect(event.trusted).toBe(false)
        expect(["paid: capturing", "already captured"]).toContain(event.outcome_detail)
        expect((await captures(orderId)).captures).toBe(1)
      })
    })

    describe("withdrawal events", () => {
      it("move the local withdrawal forward only", async () => {
        gateway.sandbox.state.setBalance(1001, { availableCents: 100_000 })
        gateway.sandbox.setVariants({ withdrawalStatuses: "field" })
        const created = await vorexy()
          .gateway()
          .requestWithdrawal({ amount: 2500 }, { idempotencyKey: "wd_test_webhook_01" })
        const [local] = await vorexy().createVorexyWithdrawals([
          {
            idempotency_key: "wd_test_webhook_01",
            gateway_id: created.id,
            amount_cents: 2500,
            status: "pending",
          },
        ])

        gateway.sandbox.state.completeWithdrawal(Number(created.id))
        await eventually(
          async () =>
            (await vorexy().listVorexyWithdrawals({ id: local.id, status: "successful" }))[0]
        )

        // A stale "pending" event arriving late changes nothing.
        await post(
          {
            object: "withdraw",
            type: "cashout",
            status: "pending",
            withdrawId: Number(created.id),
          },
          { "x-webhook-event-id": "evt_stale" }
        )
        await eventually(
          async () =>
            (
              await vorexy().listVorexyWebhookEvents({
                header_event_id: "evt_stale",
                outcome: "processed",
              })
            )[0]
        )
        const [after] = await vorexy().listVorexyWithdrawals({ id: local.id })
        expect(after).toMatchObject({
          status: "successful",
          gateway_status: "Successful",
          end_to_end_id: expect.stringMatching(/^E/),
        })
      })

      it("are caught up by the reconciliation job when lost", async () => {
        gateway.sandbox.setWebhookUrl(null)
        gateway.sandbox.state.setBalance(1001, { availableCents: 100_000 })
        const created = await vorexy()
          .gateway()
          .requestWithdrawal({ amount: 1000 }, { idempotencyKey: "wd_test_job_00001" })
        const [local] = await vorexy().createVorexyWithdrawals([
          {
            idempotency_key: "wd_test_job_00001",
            gateway_id: created.id,
            amount_cents: 1000,
            status: "pending",
          },
        ])
        gateway.sandbox.state.failWithdrawal(Number(created.id), "Chave PIX não encontrada")

        expect(await reconcile(getContainer())).toMatchObject({ withdrawals: 1, failures: [] })

        const [after] = await vorexy().listVorexyWithdrawals({ id: local.id })
        expect(after).toMatchObject({
          status: "failed",
          gateway_status: "Failure",
          failure_reason: "Chave PIX não encontrada",
        })
      })

      it("one announced to the charges' subscriber (as before withdrawals had their own) is handed to its own by the job", async () => {
        gateway.sandbox.setWebhookUrl(null)
        gateway.sandbox.state.setBalance(1001, { availableCents: 100_000 })
        const created = await vorexy()
          .gateway()
          .requestWithdrawal({ amount: 1500 }, { idempotencyKey: "wd_test_old_name_1" })
        const [local] = await vorexy().createVorexyWithdrawals([
          {
            idempotency_key: "wd_test_old_name_1",
            gateway_id: created.id,
            amount_cents: 1500,
            status: "pending",
          },
        ])
        gateway.sandbox.state.completeWithdrawal(Number(created.id))
        const { id } = await vorexy().recordDelivery({
          event_key: "evt_old_name",
          header_event_id: "evt_old_name",
          kind: "cash_out",
          reference_id: String(created.id),
          status_hint: "successful",
          body: { object: "withdraw", type: "cashout", withdrawId: Number(created.id) },
          trusted: true,
        })
        await getContainer()
          .resolve(Modules.EVENT_BUS)
          .emit({ name: WEBHOOK_RECEIVED_EVENT, data: { id } })
        // The charges' subscriber leaves it as it was.
        await new Promise((resolve) => setTimeout(resolve, 1000))
        expect((await vorexy().listVorexyWebhookEvents({ id }))[0].outcome).toBe("received")

        // The job hands an event still unprocessed to the subscriber of its kind.
        await ageWebhookEvent(getContainer(), id)
        await reconcile(getContainer())
        const event = await eventually(
          async () => (await vorexy().listVorexyWebhookEvents({ id, outcome: "processed" }))[0]
        )
        expect(event.kind).toBe("cash_out")
        const [after] = await vorexy().listVorexyWithdrawals({ id: local.id })
        expect(after.status).toBe("successful")
      })

      it("keeps events for unknown withdrawals as orphans", async () => {
        await post({
          object: "withdraw",
          type: "cashout",
          status: "successful",
          withdrawId: 999999,
        })
        const event = await eventually(
          async () => (await vorexy().listVorexyWebhookEvents({ outcome: "orphan" }))[0]
        )
        expect(event).toMatchObject({ kind: "cash_out", reference_id: "999999" })
      })
    })
  },
})
