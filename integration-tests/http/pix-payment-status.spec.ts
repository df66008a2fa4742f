/**
 * A PIX order after checkout, through Medusa on real PostgreSQL and the sandbox gateway over HTTP:
 * authorising and capturing once the shopper pays, and the storefront's payment-status route.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TestEventUtils } from "@medusajs/test-utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VorexyPixService } from "../../src/providers/vorexy/services/vorexy-pix"
import { recordChargesWorkflow } from "../../src/workflows/record-charges"
import { CHARGE_CREATED_EVENT } from "../../src/providers/vorexy/core/events"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { runChargeSync } from "../../src/workflows/charge-sync/workflow"
import { useSandbox } from "../helpers/sandbox"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import {
  adminHeaders,
  createCart,
  errorResponse,
  eventually,
  placePixOrder,
  resetAndSeed,
  startPix,
  Store,
  storeOrder,
} from "../helpers/store"

jest.setTimeout(120_000)

const gateway = useSandbox()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store

    beforeEach(async () => {
      store = await resetAndSeed(gateway, getContainer())
    })

    describe("after the shopper pays", () => {
      const placeOrder = () => placePixOrder(api, store)
      const authorize = async (orderId: string, sessionId: string) =>
        api
          .post(
            `/admin/orders/${orderId}/payment-sessions/authorize`,
            { payment_session_id: sessionId },
            await adminHeaders(getContainer())
          )
          .catch(errorResponse)

      it("re-fetches the charge and captures the order once the gateway says paid", async () => {
        const { orderId, sessionId, transactionId } = await placeOrder()

        const early = await authorize(orderId, sessionId)
        expect(early.status).toBe(200)
        expect(early.data.is_authorized).toBe(false)
        expect((await storeOrder(api, store, orderId)).payment_status).toBe("awaiting")

        gateway.sandbox.state.payTransaction(transactionId)
        const paid = await authorize(orderId, sessionId)

        expect(paid.status).toBe(200)
        const order = await storeOrder(api, store, orderId)
        expect(order.payment_status).toBe("captured")
        expect(order.payment_collections[0].payment_sessions[0].data).toMatchObject({
          status: "paid",
          gateway_status: "Paid",
        })
      })

      it("refuses to capture when the paid amount differs from the order's", async () => {
        const { orderId, sessionId, transactionId } = await placeOrder()
        gateway.sandbox.state.payTransaction(transactionId, 9400)

        const response = await authorize(orderId, sessionId)

        expect(response.status).toBe(400)
        expect(response.data.message).toMatch(
          /reports R\$ 94,00 paid but the payment is R\$ 94,90; it was not captured/
        )
        expect((await storeOrder(api, store, orderId)).payment_status).toBe("awaiting")
      })

      it("reports the gateway state through getPaymentStatus and authorizePayment", async () => {
        const { orderId, transactionId } = await placeOrder()
        const provider = new VorexyPixService(
          {},
          { baseUrl: gateway.sandbox.url, ...gateway.sandbox.credentials(), companyId: undefined }
        )
        // The session's own data: the charge is acted on only with its binding to the session.
        const order = await storeOrder(api, store, orderId)
        const data = order.payment_collections[0].payment_sessions[0].data
        expect(data).toMatchObject({ transaction_id: transactionId, amount_cents: 9490 })

        expect((await provider.getPaymentStatus({ data })).status).toBe("pending_authorization")
        gateway.sandbox.state.payTransaction(transactionId)
        expect((await provider.getPaymentStatus({ data })).status).toBe("captured")
        expect((await provider.authorizePayment({ data })).status).toBe("captured")
        // Another amount (or transaction) than the one bound to the session is never acted on.
        await expect(
          provider.getPaymentStatus({ data: { ...data, amount_cents: 9491 } })
        ).rejects.toThrow(/not created for this payment session/)
      })
    })

    describe("GET /store/vorexy/payment-status", () => {
      const placeOrder = async () => (await placePixOrder(api, store)).orderId
      const status = (query: string, headers = store.storeHeaders) =>
        api.get(`/store/vorexy/payment-status?${query}`, headers).catch(errorResponse)

      it("serves the state from the plugin's tables, without calling the gateway", async () => {
        const orderId = await placeOrder()
        const calls = gateway.sandbox.countRequests()

        const byOrder = await status(`order_id=${orderId}`)
        const bySession = await status(
          `payment_session_id=${byOrder.data.payment_status.payment_session_id}`
        )

        expect(byOrder.status).toBe(200)
        expect(byOrder.data.payment_status).toMatchObject({
          order_id: orderId,
          status: "pending",
          paid: false,
          amount_cents: 9490,
          qr_code: expect.stringMatching(/^000201/),
          qr_code_image: expect.stringMatching(/^data:image\/png;base64,/),
          expires_at: expect.any(String),
        })
        // The same charge either way; each answer says the store's clock when it was made.
        expect(bySession.data.payment_status).toEqual({
          ...byOrder.data.payment_status,
          server_time: expect.any(String),
        })
        expect(
          Math.abs(Date.parse(byOrder.data.payment_status.server_time) - Date.now())
        ).toBeLessThan(60_000)
        expect(gateway.sandbox.countRequests()).toBe(calls)
      })

      it("reads an old awaiting charge once when its shopper comes back to the page, and captures it if paid", async () => {
        const { orderId, transactionId } = await placePixOrder(api, store)
        const vorexy = getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
        const [row] = await vorexy.listVorexyCharges({ transaction_id: transactionId })
        const reads = () => gateway.sandbox.countRequests("getTransaction")
        const before = reads()

        // Under an hour old, the recent sweep watches it: a page load reads nothing.
        await status(`order_id=${orderId}`)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(reads()).toBe(before)

        // Paid yesterday evening, its webhook lost; the shopper opens the order page (twice, at once).
        await getContainer()
          .resolve(ContainerRegistrationKeys.PG_CONNECTION)
          .raw(`update vorexy_charge set created_at = now() - interval '20 hours' where id = ?`, [
            row.id,
          ])
        gateway.sandbox.state.payTransaction(transactionId)
        const pages = await Promise.all([
          status(`order_id=${orderId}`),
          status(`order_id=${orderId}`),
        ])
        // The page answers at once, from the table (the read happens in the background).
        expect(pages.map((p) => p.data.payment_status.status)).toEqual(["pending", "pending"])
        await eventually(
          async () => (await storeOrder(api, store, orderId)).payment_status === "captured"
        )
        expect(reads() - before).toBe(1)

        // Long-polls (the page's follower) never ask for a read.
        const calls = gateway.sandbox.countRequests()
        await status(`order_id=${orderId}&wait=true&timeout_ms=200&last_status=paid`)
        expect(gateway.sandbox.countRequests()).toBe(calls)
      })

      it("answers a long-poll as soon as the charge is paid", async () => {
        const orderId = await placeOrder()
        const {
          data: { payment_status: initial },
        } = await status(`order_id=${orderId}`)

        const poll = status(`order_id=${orderId}&wait=true&timeout_ms=20000&last_status=pending`)
        await new Promise((r) => setTimeout(r, 300))
        gateway.sandbox.state.payTransaction(initial.transaction_id)
        await api.post(
          `/admin/orders/${orderId}/payment-sessions/authorize`,
          { payment_session_id: initial.payment_session_id },
          await adminHeaders(getContainer())
        )
        const answered = await poll

        // Woken by the change: a poll that ran out its 20 s answers what it read when it came
        // ("pending"), so "paid" here is the wake-up's answer.
        expect(answered.data.payment_status).toMatchObject({
          status: "paid",
          paid: true,
          qr_code: null,
          paid_at: expect.any(String),
        })
      })

      it("says when the store has captured the order, and wakes a long-poll waiting for it", async () => {
        const orderId = await placeOrder()
        const { data } = await status(`order_id=${orderId}`)
        expect(data.payment_status).toMatchObject({ paid: false, order_captured: false })
        const transactionId = data.payment_status.transaction_id
        gateway.sandbox.state.payTransaction(transactionId)
        // The moment between the sync writing "paid" and Medusa's capture, held open: the
        // charge says paid (as a sync or another instance wrote it), the order is not captured.
        const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        await pg.raw("update vorexy_charge set status = 'paid' where order_id = ?", [orderId])
        const paidOnly = await status(`order_id=${orderId}`)
        expect(paidOnly.data.payment_status).toMatchObject({ paid: true, order_captured: false })
        expect((await storeOrder(api, store, orderId)).payment_status).toBe("awaiting")

        let answered = false
        const poll = status(
          `order_id=${orderId}&wait=true&timeout_ms=20000&last_status=paid&last_captured=false`
        ).finally(() => (answered = true))
        await new Promise((r) => setTimeout(r, 600))
        expect(answered).toBe(false)
        // The admin's "sync now" (a webhook or the reconcile job does the same): captures.
        const admin = await adminHeaders(getContainer())
        const charge = (await pg.raw("select id from vorexy_charge where order_id = ?", [orderId]))
          .rows[0]
        await api.post(`/admin/vorexy/charges/${charge.id}/sync`, {}, admin)

        // Woken (one that ran out its time answers what it read when it came: not captured).
        const woken = await poll
        expect(woken.data.payment_status).toMatchObject({ paid: true, order_captured: true })
        // When it says so, the store's own order says captured too.
        expect((await storeOrder(api, store, orderId)).payment_status).toBe("captured")
        // A sync that failed after Medusa's capture puts the row back to pending: the shopper
        // is still told paid, and offered no QR to pay twice.
        await pg.raw("update vorexy_charge set status = 'pending' where order_id = ?", [orderId])
        const rolledBack = await status(`order_id=${orderId}`)
        expect(rolledBack.data.payment_status).toMatchObject({
          status: "pending",
          paid: true,
          payable: false,
          qr_code: null,
          order_captured: true,
        })
        await pg.raw("update vorexy_charge set status = 'paid' where order_id = ?", [orderId])
        // A capture the sync did not make (Medusa's own, at cart completion or authorisation)
        // is read from Medusa: the answer is the same without the plugin's note of it.
        await pg.raw("update vorexy_charge set captured_at = null where order_id = ?", [orderId])
        const fromMedusa = await status(`order_id=${orderId}`)
        expect(fromMedusa.data.payment_status).toMatchObject({ paid: true, order_captured: true })
        // And the query is checked: junk is a 400, not a 5xx.
        expect((await status(`order_id=${orderId}&last_captured=maybe`)).status).toBe(400)
      })

      it("answers every waiting long-poll when another instance changes the charge", async () => {
        const orderId = await placeOrder()
        const polls = Array.from({ length: 50 }, () =>
          status(`order_id=${orderId}&wait=true&timeout_ms=20000&last_status=pending`)
        )
        await new Promise((r) => setTimeout(r, 500))
        // Written behind this process's back, as a worker or another server would.
        const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        await pg.raw("update vorexy_charge set status = 'paid' where order_id = ?", [orderId])

        const answers = await Promise.all(polls)
        expect(answers.map((a) => a.data.payment_status.status)).toEqual(Array(50).fill("paid"))
      })

      it("answers a waiting long-poll when the order is cancelled: the QR is no longer offered", async () => {
        const orderId = await placeOrder()
        const poll = status(`order_id=${orderId}&wait=true&timeout_ms=20000&last_status=pending`)
        await new Promise((r) => setTimeout(r, 300))
        await api.post(`/admin/orders/${orderId}/cancel`, {}, await adminHeaders(getContainer()))

        // Woken (one that ran out its time answers what it read when it came: still payable).
        const answered = await poll
        expect(answered.data.payment_status).toMatchObject({ payable: false, qr_code: null })
      })

      it("records a charge once when several processes record it at the same moment", async () => {
        const orderId = await placeOrder()
        const before = await status(`order_id=${orderId}`)
        const sessionId = before.data.payment_status.payment_session_id
        // As if not recorded yet: the status route (a server) and the subscriber (a worker) race.
        const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        await pg.raw("delete from vorexy_charge where order_id = ?", [orderId])

        const runs = await Promise.allSettled(
          Array.from({ length: 5 }, () =>
            recordChargesWorkflow(getContainer()).run({
              input: { payment_session_ids: [sessionId] },
            })
          )
        )

        expect(runs.map((r) => r.status)).toEqual(Array(5).fill("fulfilled"))
        const { rows } = await pg.raw(
          "select count(*)::int as n from vorexy_charge where order_id = ?",
          [orderId]
        )
        expect(rows[0].n).toBe(1)
        expect((await status(`order_id=${orderId}`)).status).toBe(200)
      })

      it("records a charge announced only after its session was replaced, and flags it for a refund once paid", async () => {
        const cartId = await createCart(api, store)
        const first = await startPix(api, store, cartId)
        const sessionId: string = first.data.payment_collection.payment_sessions[0].id
        const sandbox = gateway.sandbox.state
        const transaction = sandbox.createTransaction(sandbox.company(1001), {
          amount: 9490,
          currency: "BRL",
          paymentMethod: "PIX",
          installments: 1,
          customer: { name: "Ana Souza", email: "ana@example.com" },
        })
        // The shopper chose again: Medusa deleted the first session. Its charge's announcement is
        // handled only now (a busy event queue).
        await startPix(api, store, cartId)
        const eventBus = getContainer().resolve(Modules.EVENT_BUS)
        const handled = TestEventUtils.waitSubscribersExecution(CHARGE_CREATED_EVENT, eventBus)
        await eventBus.emit({
          name: CHARGE_CREATED_EVENT,
          data: {
            payment_session_id: sessionId,
            transaction_id: transaction.transactionId,
            method: "pix",
            amount_cents: 9490,
            status: "pending",
            gateway_status: "waiting_payment",
            qr_code: null,
            qr_code_image: null,
            expires_at: null,
            company_id: "1001",
          },
        })
        await handled

        // Paid anyway, later: the reconcile reads it, and the admin is told to refund it.
        sandbox.payTransaction(transaction.transactionId)
        await reconcileVorexy(getContainer())

        const admin = await adminHeaders(getContainer())
        const { data } = await api.get("/admin/vorexy/health", admin)
        expect(data.health.attention).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              transaction_id: transaction.transactionId,
              reason: "late_payment",
            }),
          ])
        )
      })

      it("tells the shopper to contact the store, and the admin to refund, for a payment with no order", async () => {
        const orderId = await placeOrder()
        const before = await status(`order_id=${orderId}`)
        const sessionId = before.data.payment_status.payment_session_id
        const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        // As a sync leaves a charge captured into a cart that could not become an order.
        await pg.raw(
          "update vorexy_charge set status = 'paid', flag = 'paid_without_order', flag_detail = 'no order', order_id = null where order_id = ?",
          [orderId]
        )
        // Not held (only the store changes it: the route never waits on the watcher for it), and
        // never answered as paid-and-done.
        const watcher = getContainer().resolve<VorexyModuleService>(VOREXY_MODULE).chargeWatcher()
        const waits = jest.spyOn(watcher, "wait")
        let answered: Awaited<ReturnType<typeof status>>
        try {
          answered = await status(
            `payment_session_id=${sessionId}&wait=true&timeout_ms=20000&last_status=paid&last_captured=false`
          )
          expect(waits).not.toHaveBeenCalled()
        } finally {
          waits.mockRestore()
        }
        expect(answered.data.payment_status).toMatchObject({
          paid: true,
          payable: false,
          qr_code: null,
          unconfirmed_reason: "paid_without_order",
        })
        const admin = await adminHeaders(getContainer())
        const { data } = await api.get("/admin/vorexy/health", admin)
        expect(data.health.attention).toEqual(
          expect.arrayContaining([expect.objectContaining({ reason: "paid_without_order" })])
        )
      })

      it("offers nothing to pay again, and says why, once a payment of another amount came", async () => {
        // A boleto paid after its due date with the bank's fine, or a PIX of another amount: the
        // store must look at it; the shopper must not be shown the code as still awaiting.
        const { orderId, transactionId } = await placePixOrder(api, store)
        const vorexy = getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
        // The shopper's page is waiting on the charge (still awaiting, still payable).
        const waiting = status(`order_id=${orderId}&wait=true&timeout_ms=20000&last_status=pending`)
        await eventually(async () => vorexy.chargeWatcher().size === 1)
        gateway.sandbox.state.payTransaction(transactionId, 9400)
        await runChargeSync(getContainer(), { by: "admin", transaction_id: transactionId })
        const [charge] = await vorexy.listVorexyCharges({ transaction_id: transactionId })
        expect(charge.flag).toBe("amount_mismatch")
        // Woken by the flag (a poll that slept through it answers, at its timeout, what it read
        // when it came: payable).
        expect((await waiting).data.payment_status).toMatchObject({
          status: "pending",
          payable: false,
          unconfirmed_reason: "amount_mismatch",
        })

        const answer = await status(`order_id=${orderId}`)
        expect(answer.data.payment_status).toMatchObject({
          paid: false,
          payable: false,
          qr_code: null,
          unconfirmed_reason: "amount_mismatch",
        })
        expect((await storeOrder(api, store, orderId)).payment_status).toBe("awaiting")
        // The owner refunds it in the panel, as the flag asks: the order still waits for its own
        // payment (it never took this one), it is not cancelled.
        gateway.sandbox.state.refundTransaction(transactionId)
        await runChargeSync(getContainer(), { by: "admin", transaction_id: transactionId })
        const [refunded] = await vorexy.listVorexyCharges({ transaction_id: transactionId })
        expect(refunded.status).toBe("refunded")
        expect((await storeOrder(api, store, orderId)).status).not.toBe("canceled")
      })

      it("gives up waiting at the timeout and returns the unchanged state", async () => {
        const orderId = await placeOrder()
        const answered = await status(`order_id=${orderId}&wait=true&timeout_ms=800`)
        expect(answered.data.payment_status.status).toBe("pending")
      })

      it("needs the publishable key, validates its query, and does not reveal unknown orders", async () => {
        const orderId = await placeOrder()
        expect((await status(`order_id=${orderId}`, { headers: {} })).status).toBe(400)
        expect((await status("")).status).toBe(400)
        expect((await status(`order_id=${orderId}&timeout_ms=60000`)).data.message).toMatch(
          /timeout_ms.*at most.*30000/
        )
        const unknown = await status("order_id=order_01NOTAREALORDER000000000000")
        expect(unknown.status).toBe(404)
      })
    })
  },
})
