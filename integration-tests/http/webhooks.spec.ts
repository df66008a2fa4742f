/**
 * Webhooks and the payment lifecycle: Medusa on real PostgreSQL, the sandbox sending real webhooks
 * to POST /hooks/vorexy over HTTP.
 */
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { reconcileVorexy as reconcile } from "../../src/jobs/vorexy-reconcile"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { useSandbox } from "../helpers/sandbox"
import { adminHeaders, eventually, placePixOrder, seedStore, storeOrder } from "../helpers/store"

jest.setTimeout(120_000)

const SECRET = "test-webhook-secret-0123456789"
const gateway = useSandbox({
  webhookSecret: SECRET,
  webhooks: { baseDelayMs: 50, timeoutMs: 2000 },
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Awaited<ReturnType<typeof seedStore>>
    const hookUrl = (token: string | null = SECRET) =>
      `/hooks/vorexy${token === null ? "" : `?token=${encodeURIComponent(token)}`}`
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const post = (
      body: unknown,
      headers: Record<string, string> = {},
      token: string | null = SECRET
    ) =>
      api
        .post(hookUrl(token), typeof body === "string" ? body : JSON.stringify(body), {
          headers: { "content-type": "application/json", ...headers },
        })
        .catch((e: any) => e.response)
    const paymentStatus = async (orderId: string) =>
      (await storeOrder(api, store, orderId)).payment_status
    const captures = async (orderId: string) => {
      const {
        data: [order],
      } = await getContainer()
        .resolve("query")
        .graph({
          entity: "order",
          fields: [
            "payment_collections.payments.captures.id",
            "payment_collections.payments.refunds.amount",
          ],
          filters: { id: orderId },
        })
      const payments = (order as any).payment_collections.flatMap((c: any) => c.payments ?? [])
      return {
        captures: payments.flatMap((p: any) => p.captures ?? []).length,
        refunds: payments.flatMap((p: any) => p.refunds ?? []),
      }
    }

    beforeEach(async () => {
      gateway.sandbox.reset()
      gateway.sandbox.webhooks.settings = {
        ...gateway.sandbox.webhooks.settings,
        baseDelayMs: 50,
        timeoutMs: 2000,
      }
      gateway.sandbox.setWebhookUrl(`${api.defaults.baseURL}${hookUrl()}`)
      store = await seedStore(getContainer())
    })

    describe("a paid charge", () => {
      it("is captured when the sandbox's webhook arrives", async () => {
        const { orderId, transactionId } = await placePixOrder(api, store)
        expect(await paymentStatus(orderId)).toBe("awaiting")

        gateway.sandbox.state.payTransaction(transactionId)
        const query = getContainer().resolve("query")
        const capturedAt = await eventually(
          async () => {
            const {
              data: [order],
            } = await query.graph({
              entity: "order",
              fields: ["payment_collections.payments.captured_at"],
              filters: { id: orderId },
            })
            return (order as any).payment_collections[0].payments?.[0]?.captured_at
              ? Date.now()
              : null
          },
          15_000,
          5
        )

        expect(await paymentStatus(orderId)).toBe("captured")
        const delivery = gateway.sandbox.webhooks.deliveries.find((d) => d.status === "paid")!
        // Reported in the closing note; not asserted (performance is measured by the benchmark).
        console.log(
          `[timing] sandbox POST -> order captured: ${capturedAt - Date.parse(delivery.sentAt)} ms`
        )
        const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        expect(charge).toMatchObject({
          status: "paid",
          paid_amount_cents: 9490,
          gateway_status: "Paid",
        })
      })
    })

    describe("the receiver", () => {
      it("refuses a wrong or missing token with 401 and stores nothing", async () => {
        const body = { object: "transaction", type: "cashin", status: "paid", transactionId: "x-1" }
        expect((await post(body, {}, "wrong-token")).status).toBe(401)
        expect((await post(body, {}, null)).status).toBe(401)
        expect(await vorexy().listVorexyWebhookEvents({})).toHaveLength(0)
      })

      it.each([
        ["not JSON", "{not json", "application/json"],
        ["not JSON, as text", "hello", "text/plain"],
        ["empty", "", "application/json"],
        [
          "wrong types",
          JSON.stringify({ transactionId: { $gt: "" }, status: "paid" }),
          "application/json",
        ],
        ["no reference", JSON.stringify({ status: "paid" }), "application/json"],
      ])(
        "answers 4xx for a malformed body (%s), stores nothing, keeps serving",
        async (_label, body, type) => {
          const response = await post(body, { "content-type": type })
          expect(response.status).toBeGreaterThanOrEqual(400)
          expect(response.status).toBeLessThan(500)
          expect(await vorexy().listVorexyWebhookEvents({})).toHaveLength(0)
          expect((await api.get("/health")).status).toBe(200)
        }
      )

      it("answers 413 for a huge body", async () => {
        const response = await post({ transactionId: "abc", padding: "x".repeat(300 * 1024) })
        expect(response.status).toBe(413)
        expect(await vorexy().listVorexyWebhookEvents({})).toHaveLength(0)
      })
    })

    describe("exactly once", () => {
      const paidEvent = (transactionId: string) => ({
        object: "transaction",
        type: "cashin",
        status: "paid",
        transactionId,
        value: 94.9,
        valueInCents: 9490,
      })

      it("captures once when the same paid event is delivered 5 times", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)
        gateway.sandbox.state.payTransaction(transactionId)

        const responses = await Promise.all(
          Array.from({ length: 5 }, () =>
            post(paidEvent(transactionId), { "x-webhook-event-id": "evt_same_paid" })
          )
        )

        expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
        expect(responses.filter((r) => r.data.duplicates === 0)).toHaveLength(1)
        await eventually(async () => (await paymentStatus(orderId)) === "captured")
        const event = await eventually(
          async () =>
            (
              await vorexy().listVorexyWebhookEvents({
                header_event_id: "evt_same_paid",
                outcome: "processed",
              })
            )[0]
        )
        expect(event).toMatchObject({ deliveries: 5, outcome_detail: "paid: capturing" })
        expect((await captures(orderId)).captures).toBe(1)
      })

      it("converges to one capture when paid and awaiting events arrive shuffled, with duplicates from the gateway", async () => {
        gateway.sandbox.webhooks.settings.duplicates = "always"
        const { orderId, transactionId } = await placePixOrder(api, store)
        gateway.sandbox.state.payTransaction(transactionId)
        const awaiting = { ...paidEvent(transactionId), status: "pending" }
        await Promise.all([
          post(awaiting, { "x-webhook-event-id": "evt_a1" }),
          post(paidEvent(transactionId), { "x-webhook-event-id": "evt_p1" }),
          post(awaiting, { "x-webhook-event-id": "evt_a2" }),
          post(paidEvent(transactionId), { "x-webhook-event-id": "evt_p2" }),
        ])

        await eventually(
          async () =>
            (await vorexy().listVorexyWebhookEvents({ outcome: "received" })).length === 0 &&
            (await paymentStatus(orderId)) === "captured"
        )
        await gateway.sandbox.webhooks.idle()
        await eventually(
          async () => (await vorexy().listVorexyWebhookEvents({ outcome: "received" })).length === 0
        )
        expect((await captures(orderId)).captures).toBe(1)
        const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        expect(charge.status).toBe("paid")
      })
    })

    describe("forged deliveries", () => {
      it("keeps an event for an unknown transaction as an orphan and answers like any other", async () => {
        const response = await post({
          object: "transaction",
          type: "cashin",
          status: "paid",
          transactionId: "00000000-0000-0000-0000-00000000dead",
        })
        expect(response.status).toBe(200)
        const event = await eventually(
          async () => (await vorexy().listVorexyWebhookEvents({ outcome: "orphan" }))[0]
        )
        expect(event).toMatchObject({
          reference_id: "00000000-0000-0000-0000-00000000dead",
          outcome_detail: expect.stringMatching(/no charge/),
        })
      })

      it("does not capture on a body claiming Paid for an unpaid charge", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)

        await post(
          { object: "transaction", type: "cashin", status: "paid", transactionId, value: 94.9 },
          { "x-webhook-event-id": "evt_forged" }
        )

        const [event] = await eventually(async () => {
          const rows = await vorexy().listVorexyWebhookEvents({
            header_event_id: "evt_forged",
            outcome: "processed",
          })
          return rows.length ? rows : null
        })
        expect(event.outcome_detail).toBe("still awaiting payment")
        expect(await paymentStatus(orderId)).toBe("awaiting")
        expect((await captures(orderId)).captures).toBe(0)
      })
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
        const lineItemId = (order as any).items[0].id
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
          return data.payment_status.status === "cancelled" && data.payment_status.qr_code === null
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
        expect(refunds.map((r: any) => Number(r.amount))).toEqual([94.9])
        const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        expect(charge.status).toBe("refunded")
      })

      it("brings the order to captured from the reconciliation job when the webhook was lost", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)
        gateway.sandbox.state.payTransaction(transactionId)
        expect(await paymentStatus(orderId)).toBe("awaiting")

        const result = await reconcile(getContainer())

        expect(result).toMatchObject({ charges: 1, failures: [] })
        expect(await paymentStatus(orderId)).toBe("captured")
      })

      it("expires from the job a charge the gateway still calls awaiting past its expiry", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)
        const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        await vorexy().updateVorexyCharges({
          id: charge.id,
          expires_at: new Date(Date.now() - 60 * 60_000),
        })

        await reconcile(getContainer())

        expect(await orderStatus(orderId)).toBe("canceled")
      })

      it("processes deliveries to Medusa's built-in route the same way, re-fetching first", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)
        const builtIn = (body: object, id: string) =>
          api
            .post("/hooks/payment/vorexy-pix_vorexy", body, {
              headers: { "x-webhook-event-id": id },
            })
            .catch((e: any) => e.response)

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
