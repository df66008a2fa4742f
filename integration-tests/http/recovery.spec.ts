/**
 * Every failure path recovers: a failing sync never starves reconciliation, a payment with nothing
 * to capture into is flagged, an order cancelled in the admin keeps its charge watched, refunds
 * (partial, or before capture) leave a clear state, and a webhook whose processing failed is
 * retried by the job.
 */
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import { FLAG_AFTER_FAILURES } from "../../src/rules/backoff"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { runChargeSync } from "../../src/workflows/charge-sync/workflow"

/** The sync a webhook delivery starts (waits for a busy charge, reads the gateway). */
const webhookFor = (transaction_id: string) => ({
  by: "webhook" as const,
  transaction_id,
  hint: null,
  arrived_at: null,
  vouched: false,
})
import { MAX_PROCESSING_ATTEMPTS } from "../../src/modules/vorexy/webhook-events"
import { useSandbox } from "../helpers/sandbox"
import { adminHeaders, errorResponse, eventually, placePixOrder, Store } from "../helpers/store"
import { resetForWebhooks, SECRET, WEBHOOK_SETTINGS, webhookCalls } from "../helpers/webhooks"

jest.setTimeout(180_000)

const gateway = useSandbox({ webhookSecret: SECRET, webhooks: WEBHOOK_SETTINGS })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const { post, paymentStatus, captures } = webhookCalls(api, getContainer, () => store)
    const reconcile = () => reconcileVorexy(getContainer())
    const charge = async (transactionId: string) =>
      (await vorexy().listVorexyCharges({ transaction_id: transactionId }))[0]
    /** The order's one payment. */
    const paymentOf = async (orderId: string) => {
      const {
        data: [row],
      } = await getContainer()
        .resolve("query")
        .graph({
          entity: "order",
          fields: ["payment_collections.payments.id"],
          filters: { id: orderId },
        })
      return (row as { payment_collections: { payments: { id: string }[] }[] })
        .payment_collections[0].payments[0].id
    }
    const orderStatus = async (orderId: string) =>
      (await getContainer().resolve(Modules.ORDER).retrieveOrder(orderId)).status
    /** The job's gateway calls refilled, as a minute later. */
    const refill = async () => {
      const marks = await vorexy().listVorexyHealthMarks({ key: "reconcile_calls" })
      if (marks.length) await vorexy().deleteVorexyHealthMarks(marks.map((m) => m.id))
    }
    /** Makes every backoff due now (the job's next tick, without waiting an hour). */
    const timeTravel = async () => {
      const rows = await vorexy().listVorexyCharges({ next_sync_at: { $ne: null } })
      await vorexy().updateVorexyCharges(rows.map((r) => ({ id: r.id, next_sync_at: new Date(0) })))
      await refill()
    }

    /**
     * A paid charge whose sync is under way with a slow read (`latencyMs`), started `afterMs`
     * ago: its lease, the lock store, and the sync's outcome (null, or what it threw).
     */
    async function slowSync(latencyMs: number, afterMs: number) {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      gateway.sandbox.setFaults({ latencyMs, routes: ["getTransaction"] })
      const sync = runChargeSync(getContainer(), webhookFor(transactionId)).then(
        () => null,
        (error: Error) => error
      )
      await new Promise((resolve) => setTimeout(resolve, afterMs))
      const locking = getContainer().resolve(Modules.LOCKING)
      return { orderId, transactionId, sync, locking, key: `vorexy:charge:${transactionId}` }
    }

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
      gateway.sandbox.setWebhookUrl(null)
    })

    it("keeps reconciling when 60 charges keep failing, and flags them after a bounded number of tries", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      // Charges the gateway answers for with something that cannot be understood (no id: every
      // re-fetch fails; a 404 would follow the unknown-charge rule instead, unknown-charge.spec),
      // all synced before the real one.
      const real = gateway.sandbox.state.transaction(transactionId)
      for (let i = 0; i < 60; i++) {
        const ghost = { ...real, transactionId: undefined, internalId: undefined }
        gateway.sandbox.state.transactions.set(`ghost-${i}`, ghost as unknown as typeof real)
      }
      await vorexy().createVorexyCharges(
        Array.from({ length: 60 }, (_, i) => ({
          transaction_id: `ghost-${i}`,
          payment_session_id: `payses_ghost${i}`,
          provider_id: "pp_vorexy-pix_vorexy",
          amount_cents: 1000,
          last_synced_at: new Date(Date.now() - 3600_000),
          // Due (their expiry has come), before the real one's sweep.
          next_sync_at: new Date(Date.now() - 60_000),
        }))
      )

      await reconcile()
      await refill()
      await reconcile()

      expect(await paymentStatus(orderId)).toBe("captured")
      const ghost = await charge("ghost-0")
      expect(ghost.sync_failures).toBe(1)
      expect(new Date(ghost.next_sync_at!).getTime()).toBeGreaterThan(Date.now())

      // A run gives due work half its 60 calls, the rest after the sweeps: two runs a minute give
      // every one of the 60 its turn.
      for (let run = 1; run < FLAG_AFTER_FAILURES; run++) {
        await timeTravel()
        await reconcile()
        await refill()
        await reconcile()
      }
      expect(await charge("ghost-0")).toMatchObject({
        sync_failures: FLAG_AFTER_FAILURES,
        flag: "sync_failing",
        flag_detail: expect.stringMatching(/syncs failed in a row; the last: .*not be understood/),
      })
    })

    it("moves on past a charge another run holds, without counting it as the charge's failure", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      // Another run (a webhook's sync, or a dead worker's lease) holds the charge, for less than
      // the 30 s a webhook's sync waits for it: a job that waited would take it then, and capture.
      // (Medusa's in-memory locks, as in these tests, lapse at their expiry.)
      const locking = getContainer().resolve(Modules.LOCKING)
      const key = `vorexy:charge:${transactionId}`
      await locking.acquire(key, { expire: 20, ownerId: "another-run" })
      try {
        await reconcile()
        const held = await charge(transactionId)
        expect(held).toMatchObject({ sync_failures: 0, flag: null, status: "pending" })
        expect(await paymentStatus(orderId)).toBe("awaiting")
      } finally {
        await locking.release(key, { ownerId: "another-run" })
      }
      // Nothing pushed its next sync out: the next run captures it.
      await reconcile()
      expect(await paymentStatus(orderId)).toBe("captured")
    })

    it("stops a sync that lost its lease before it writes anything, and a later one captures once", async () => {
      // The sync's read is slow; meanwhile its lease is lost (its process was paused past it, say)
      // and another run holds the charge.
      const { orderId, transactionId, sync, locking, key } = await slowSync(2_000, 700)
      await locking.release(key)
      await locking.acquire(key, { expire: 60, ownerId: "another-run" })

      const error = await sync
      expect(error?.message).toMatch(/Lost the lease/)
      // Nothing written: not paid, not captured, no failure counted on the charge.
      expect(await charge(transactionId)).toMatchObject({ status: "pending", sync_failures: 0 })
      expect((await captures(orderId)).captures).toBe(0)

      await locking.release(key, { ownerId: "another-run" })
      gateway.sandbox.setFaults({ latencyMs: 0 })
      await runChargeSync(getContainer(), webhookFor(transactionId))
      expect(await paymentStatus(orderId)).toBe("captured")
      expect((await captures(orderId)).captures).toBe(1)
    })

    it("records the order transaction of a capture whose run died before it, without capturing again", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      await runChargeSync(getContainer(), webhookFor(transactionId))
      const admin = await adminHeaders(getContainer())
      const order = async () =>
        (
          await api.get(
            `/admin/orders/${orderId}?fields=+total,+payment_status,+summary,*transactions`,
            admin
          )
        ).data.order
      const paid = await order()
      expect(paid.payment_status).toBe("captured")
      expect(paid.transactions).toHaveLength(1)
      expect(Number(paid.summary.pending_difference)).toBe(0)

      // As a run leaves it when its process dies between Medusa's capture and the order's
      // transaction: captured in Medusa, the order still owing (the shopper's page may have noted
      // the capture on the charge meanwhile).
      const orders = getContainer().resolve(Modules.ORDER)
      await orders.deleteOrderTransactions(paid.transactions.map((t: { id: string }) => t.id))
      const owing = await order()
      expect(owing.transactions).toHaveLength(0)
      expect(Number(owing.summary.pending_difference)).toBe(Number(paid.total))

      // The next sync (a webhook repeated, the job, the admin's "sync now") records it.
      await runChargeSync(getContainer(), { by: "admin", transaction_id: transactionId })
      const repaired = await order()
      expect(repaired.transactions).toHaveLength(1)
      expect(Number(repaired.transactions[0].amount)).toBe(Number(paid.total))
      expect(Number(repaired.summary.pending_difference)).toBe(0)
      expect((await captures(orderId)).captures).toBe(1)
      // Recorded once: a later sync finds nothing missing.
      await runChargeSync(getContainer(), { by: "admin", transaction_id: transactionId })
      expect((await order()).transactions).toHaveLength(1)
    })

    it("captures into an order only once its cart's checkout lets go of the cart, and never counts the wait as a failure", async () => {
      const { orderId, transactionId, cartId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      const locking = getContainer().resolve(Modules.LOCKING)
      // A checkout of the same cart still running (Medusa's completion holds the cart's lock).
      await locking.acquire(cartId, { ownerId: "checkout", expire: 60 })
      const held = await runChargeSync(getContainer(), webhookFor(transactionId)).then(
        () => null,
        (error: Error) => error
      )
      expect(held?.message).toMatch(/stayed locked/)
      expect((await captures(orderId)).captures).toBe(0)
      expect(await charge(transactionId)).toMatchObject({ sync_failures: 0, flag: null })

      // Let go while the next run waits: it captures then, once.
      const sync = runChargeSync(getContainer(), webhookFor(transactionId))
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      expect((await captures(orderId)).captures).toBe(0)
      await locking.release(cartId, { ownerId: "checkout" })
      await sync
      expect(await paymentStatus(orderId)).toBe("captured")
      expect((await captures(orderId)).captures).toBe(1)
    })

    it("never flags a payment its own checkout captured while the sync waited for the cart", async () => {
      const { orderId, transactionId, cartId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      const locking = getContainer().resolve(Modules.LOCKING)
      await locking.acquire(cartId, { ownerId: "checkout", expire: 60 })
      // The sync read the order unpaid and waits for the cart: it plans a capture.
      const sync = runChargeSync(getContainer(), webhookFor(transactionId))
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      // Meanwhile the checkout holding the cart gets this very payment captured (Medusa authorises
      // the paid session: the provider answers "captured").
      const { payment_session_id } = await charge(transactionId)
      await getContainer().resolve(Modules.PAYMENT).authorizePaymentSession(payment_session_id, {})
      await locking.release(cartId, { ownerId: "checkout" })
      await sync
      // The same charge's capture is not a second payment: no flag, no second capture.
      expect(await charge(transactionId)).toMatchObject({ flag: null, sync_failures: 0 })
      expect((await captures(orderId)).captures).toBe(1)
      // The next sync records what the checkout left (its order transaction): the order is paid.
      await runChargeSync(getContainer(), { by: "admin", transaction_id: transactionId })
      expect(await paymentStatus(orderId)).toBe("captured")
      expect(await charge(transactionId)).toMatchObject({ flag: null, status: "paid" })
    })

    it("never retakes a lease that lapsed while its process was paused, though the lock is free again", async () => {
      const { orderId, transactionId, sync, locking, key } = await slowSync(1_500, 500)
      // The process stops for longer than a lease lives (no timer runs, no renewal), and another
      // run takes the charge meanwhile and lets it go: the lock is free when the sync wakes.
      const wakeAt = performance.now() + 16_000
      while (performance.now() < wakeAt) {
        // paused
      }
      await locking.acquire(key, { expire: 60, ownerId: "another-run" })
      await locking.release(key, { ownerId: "another-run" })

      const error = await sync
      expect(error?.message).toMatch(/Lost the lease/)
      expect(await charge(transactionId)).toMatchObject({ status: "pending", sync_failures: 0 })
      expect((await captures(orderId)).captures).toBe(0)

      gateway.sandbox.setFaults({ latencyMs: 0 })
      await runChargeSync(getContainer(), webhookFor(transactionId))
      expect((await captures(orderId)).captures).toBe(1)
    })

    it("captures a charge whose session was signed with a secret since dropped from the keyring", async () => {
      const { orderId, sessionId, transactionId } = await placePixOrder(api, store)
      // As if the binding and the sealed payer were made with a signing secret no longer known.
      const payment = getContainer().resolve(Modules.PAYMENT)
      const session = await payment.retrievePaymentSession(sessionId)
      await payment.updatePaymentSession({
        id: sessionId,
        amount: session.amount as number,
        currency_code: session.currency_code,
        data: {
          ...session.data,
          charge_binding: "v1.signed-with-a-dropped-secret",
          payer_sealed: "v1.sealed.with.a-dropped-secret",
        },
      })
      gateway.sandbox.state.payTransaction(transactionId)

      await reconcile()

      // The plugin's table links the charge to the session: signed again, re-fetched, captured.
      expect(await paymentStatus(orderId)).toBe("captured")
      expect((await captures(orderId)).captures).toBe(1)
      expect(gateway.sandbox.countRequests("createTransaction")).toBe(1)
      expect(await charge(transactionId)).toMatchObject({ status: "paid", flag: null })
    })

    it("flags a payment whose payment session is gone instead of crashing or capturing", async () => {
      const { orderId, sessionId, transactionId } = await placePixOrder(api, store)
      await getContainer().resolve(Modules.PAYMENT).deletePaymentSession(sessionId)
      gateway.sandbox.state.payTransaction(transactionId)

      await reconcile()
      await reconcile()

      expect(await charge(transactionId)).toMatchObject({
        flag: "late_payment",
        flag_detail: expect.stringMatching(/payment session was replaced or deleted/),
        sync_failures: 0,
      })
      expect((await captures(orderId)).captures).toBe(0)
    })

    it("keeps watching the charge of an order cancelled in the admin, and flags a payment made meanwhile", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      const admin = await adminHeaders(getContainer())
      await api.post(`/admin/orders/${orderId}/cancel`, {}, admin)
      await eventually(async () => (await charge(transactionId))?.offer_closed_at)

      const status = await api.get(
        `/store/vorexy/payment-status?order_id=${orderId}`,
        store.storeHeaders
      )
      expect(status.data.payment_status).toMatchObject({
        status: "pending",
        payable: false,
        closed_reason: "order_canceled",
        qr_code: null,
      })
      expect((await charge(transactionId)).status).toBe("pending")

      gateway.sandbox.state.payTransaction(transactionId)
      await reconcile()

      expect(await charge(transactionId)).toMatchObject({ flag: "late_payment" })
      expect(await orderStatus(orderId)).toBe("canceled")
      expect((await captures(orderId)).captures).toBe(0)
    })

    it("refuses to replace the payment session of an order whose charge is open, which stays capturable", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      const {
        data: { order },
      } = await api.get(`/store/orders/${orderId}?fields=*payment_collections`, store.storeHeaders)

      const replaced = await api
        .post(
          `/store/payment-collections/${order.payment_collections[0].id}/payment-sessions`,
          { provider_id: "pp_vorexy-pix_vorexy", data: { name: "X" } },
          store.storeHeaders
        )
        .catch(errorResponse)

      expect(replaced.status).toBe(409)
      expect(replaced.data.message).toMatch(/payment is in progress; it cannot be replaced/)
      await reconcile()
      expect(await paymentStatus(orderId)).toBe("captured")
    })

    it("refuses to capture into a cancelled order through the admin's authorize route", async () => {
      const { orderId, sessionId, transactionId } = await placePixOrder(api, store)
      const admin = await adminHeaders(getContainer())
      await api.post(`/admin/orders/${orderId}/cancel`, {}, admin)
      gateway.sandbox.state.payTransaction(transactionId)

      const authorized = await api
        .post(
          `/admin/orders/${orderId}/payment-sessions/authorize`,
          { payment_session_id: sessionId },
          admin
        )
        .catch(errorResponse)

      expect(authorized.status).toBe(409)
      expect(authorized.data.message).toMatch(/Refund it in the Vorexy panel/)
      expect((await captures(orderId)).captures).toBe(0)

      // Medusa's route acts on the session in the body whatever order the URL names: another,
      // open order's URL with the cancelled order's session is refused the same way.
      const open = await placePixOrder(api, store)
      const viaOther = await api
        .post(
          `/admin/orders/${open.orderId}/payment-sessions/authorize`,
          { payment_session_id: sessionId },
          admin
        )
        .catch(errorResponse)
      expect(viaOther.status).toBe(409)
      expect(viaOther.data.message).toContain(`Order ${orderId} was cancelled`)
      expect((await captures(orderId)).captures).toBe(0)
      expect((await captures(open.orderId)).captures).toBe(0)
    })

    /** A captured PIX order, R$ 10 of it refunded in the panel; the admin's refund of R$ 10. */
    async function panelRefunded() {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      await reconcile()
      gateway.sandbox.state.refundTransaction(transactionId, 1000)
      const paymentId = await paymentOf(orderId)
      const admin = await adminHeaders(getContainer())
      const refund = () =>
        api.post(`/admin/payments/${paymentId}/refund`, { amount: 10 }, admin).catch(errorResponse)
      return { orderId, transactionId, refund }
    }

    it("never records more refunds in Medusa than the panel made", async () => {
      const { orderId, refund } = await panelRefunded()

      expect((await refund()).status).toBe(200)
      const again = await refund()
      expect(again.status).toBe(400)
      expect(again.data.message).toMatch(/Refund transaction .* in the Vorexy panel/)
      expect((await captures(orderId)).refunds).toHaveLength(1)
    })

    it("flags refunds recorded twice at once for one made in the panel", async () => {
      gateway.sandbox.setWebhookUrl(null)
      const { orderId, transactionId, refund } = await panelRefunded()
      // Two admins (or a double submit) record the panel's R$ 10 at nearly the same moment: the
      // first one's check of the gateway answers slowly (held), the second is recorded meanwhile;
      // the first had read the payment before that, so its check counts nothing recorded yet.
      gateway.sandbox.setFaults({
        sequence: ["answerLate"],
        acceptHoldMs: 60_000,
        routes: ["getTransaction"],
      })
      const reads = gateway.sandbox.countRequests("getTransaction")
      const first = refund()
      await eventually(async () => gateway.sandbox.countRequests("getTransaction") > reads)
      const second = await refund()
      gateway.sandbox.releaseAnswers()
      // Medusa serialises refunds against what it captured, not against the panel: both passed.
      expect([(await first).status, second.status]).toEqual([200, 200])
      const recorded = (await captures(orderId)).refunds.map((r) => Number(r.amount))
      expect(recorded).toEqual([10, 10])
      // The store is told at once: its books show more refunded than Vorexy gave back.
      const flagged = await eventually(async () => {
        const row = await charge(transactionId)
        return row.flag === "refund_mismatch" ? row : null
      })
      expect(flagged.flag_detail).toBe(
        "Medusa records R$ 20,00 refunded, but Vorexy reports R$ 10,00 given back: a refund was recorded that Vorexy did not make (two recorded at once for one, or a refund the gateway reversed); check the order's refunds against the Vorexy panel."
      )
      // The owner refunds the difference in the panel: the books agree again, the flag goes.
      gateway.sandbox.state.refundTransaction(transactionId, 1000)
      const admin = await adminHeaders(getContainer())
      await api.post(`/admin/vorexy/charges/${flagged.id}/sync`, {}, admin)
      expect(await charge(transactionId)).toMatchObject({ flag: null, refunded_amount_cents: 2000 })
      expect((await captures(orderId)).refunds.map((r) => Number(r.amount))).toEqual([10, 10])
    })

    it("records partial refunds made in the panel, then the rest", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      await reconcile()
      expect(await paymentStatus(orderId)).toBe("captured")

      gateway.sandbox.state.refundTransaction(transactionId, 1000)
      const admin = await adminHeaders(getContainer())
      const reads = () => gateway.sandbox.countRequests("getTransaction")
      let before = reads()
      await api.post(`/admin/vorexy/charges/${(await charge(transactionId)).id}/sync`, {}, admin)
      expect(await charge(transactionId)).toMatchObject({
        refunded_amount_cents: 1000,
        status: "paid",
      })
      expect((await captures(orderId)).refunds.map((r) => Number(r.amount))).toEqual([10])
      // The sync's read serves Medusa's refund too (the provider checks the panel refund).
      expect(reads() - before).toBe(1)

      gateway.sandbox.state.refundTransaction(transactionId)
      before = reads()
      await api.post(`/admin/vorexy/charges/${(await charge(transactionId)).id}/sync`, {}, admin)
      expect(reads() - before).toBe(1)
      expect(await charge(transactionId)).toMatchObject({
        refunded_amount_cents: 9490,
        status: "refunded",
      })
      const refunds = (await captures(orderId)).refunds.map((r) => Number(r.amount))
      expect(refunds.reduce((a, b) => a + b, 0)).toBeCloseTo(94.9, 2)
      expect(await paymentStatus(orderId)).toBe("refunded")
    })

    it("cancels the order when the gateway reports a refund before anything was captured", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      gateway.sandbox.state.refundTransaction(transactionId)

      await reconcile()

      expect(await charge(transactionId)).toMatchObject({
        status: "refunded",
        flag: "refund_before_capture",
      })
      expect(await orderStatus(orderId)).toBe("canceled")
    })

    it("retries a webhook whose processing failed, with backoff, until it succeeds or is abandoned", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      gateway.sandbox.setFaults({ failNext: 1000, routes: ["getTransaction"] })

      const body = { object: "transaction", type: "cashin", status: "paid", transactionId }
      await post(body, { "x-webhook-event-id": "evt_retry" })
      const failed = await eventually(async () => {
        const [event] = await vorexy().listVorexyWebhookEvents({ header_event_id: "evt_retry" })
        return event?.outcome === "failed" ? event : null
      })
      expect(new Date(failed.next_attempt_at!).getTime()).toBeGreaterThan(Date.now())

      gateway.sandbox.setFaults({ failNext: 0 })
      await vorexy().updateVorexyWebhookEvents({ id: failed.id, next_attempt_at: new Date(0) })
      await reconcile()

      const event = await eventually(async () => {
        const [row] = await vorexy().listVorexyWebhookEvents({ id: failed.id })
        return row.outcome === "processed" ? row : null
      })
      expect(event.processing_attempts).toBe(2)
      expect(await paymentStatus(orderId)).toBe("captured")

      // One that keeps failing is abandoned after the bounded number of attempts.
      const other = await placePixOrder(api, store)
      gateway.sandbox.setFaults({ failNext: 10_000, routes: ["getTransaction"] })
      await post({ ...body, transactionId: other.transactionId }, { "x-webhook-event-id": "evt_x" })
      const [stuck] = await eventually(async () => {
        const rows = await vorexy().listVorexyWebhookEvents({ header_event_id: "evt_x" })
        return rows[0]?.outcome === "failed" ? rows : null
      })
      for (let attempt = 2; attempt <= MAX_PROCESSING_ATTEMPTS; attempt++) {
        await vorexy().updateVorexyWebhookEvents({ id: stuck.id, next_attempt_at: new Date(0) })
        await reconcile()
        await eventually(async () => {
          const [row] = await vorexy().listVorexyWebhookEvents({ id: stuck.id })
          return row.processing_attempts === attempt
        }, 30_000)
      }
      const [abandoned] = await vorexy().listVorexyWebhookEvents({ id: stuck.id })
      expect(abandoned).toMatchObject({
        outcome: "abandoned",
        processing_attempts: MAX_PROCESSING_ATTEMPTS,
      })
    })
  },
})
