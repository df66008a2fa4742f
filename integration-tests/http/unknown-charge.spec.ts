/**
 * A charge the gateway does not know (it answers 404: another account's, or a gateway that lost
 * it), through Medusa on real PostgreSQL and the sandbox over HTTP: read at most 3 times in all
 * (the job, webhooks and the shopper's status route together), then marked unknown at the gateway
 * and shown to the admin with its reason; the shopper is told the payment could not be confirmed;
 * nothing is cancelled or refunded; the admin's "sync now" always reads, and an answer clears it.
 * When the gateway knows none of the store's recent charges, the health card has one setup alert.
 *
 * Time: the policy reads the charge's 404 timestamps, so a test moves them back (timeTravel)
 * instead of waiting minutes.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { useSandbox } from "../helpers/sandbox"
import { installSimClock } from "../helpers/sim-clock"
import { adminHeaders, errorResponse, eventually, placePixOrder, Store } from "../helpers/store"
import { resetForWebhooks, SECRET, WEBHOOK_SETTINGS, webhookCalls } from "../helpers/webhooks"

jest.setTimeout(180_000)

const MINUTE = 60_000

const gateway = useSandbox({ webhookSecret: SECRET, webhooks: WEBHOOK_SETTINGS })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    let admin: { headers: Record<string, string> }
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const { post, paymentStatus } = webhookCalls(api, getContainer, () => store)
    const reads = () => gateway.sandbox.countRequests("getTransaction")
    const reconcile = () => reconcileVorexy(getContainer())
    const charge = async (transactionId: string) =>
      (await vorexy().listVorexyCharges({ transaction_id: transactionId }))[0]
    const orderStatus = async (orderId: string) =>
      (await getContainer().resolve(Modules.ORDER).retrieveOrder(orderId)).status
    const shopperStatus = async (orderId: string) =>
      (await api.get(`/store/vorexy/payment-status?order_id=${orderId}`, store.storeHeaders)).data
        .payment_status
    const health = async () => (await api.get("/admin/vorexy/health", admin)).data.health

    /** An order whose charge is recorded and attached; then the sandbox forgets the charge. */
    const placeForgottenOrder = async () => {
      const order = await placePixOrder(api, store)
      const row = await eventually(async () => {
        const row = await charge(order.transactionId)
        return row?.order_id ? row : null
      })
      // Made 3 minutes ago: the gateway's list, which shows a new charge within 2, never showed it.
      await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)("vorexy_charge")
        .where({ id: row.id })
        .update({ created_at: new Date(Date.now() - 3 * 60_000) })
      const saved = gateway.sandbox.state.transaction(order.transactionId)
      const forgotten = await fetch(
        `${gateway.sandbox.url}/__sandbox/transactions/${encodeURIComponent(order.transactionId)}`,
        { method: "DELETE" }
      )
      expect(forgotten.status).toBe(200)
      /** The gateway knows the charge again. */
      const remember = () => gateway.sandbox.state.transactions.set(order.transactionId, saved)
      return { ...order, remember }
    }

    /** As if `minutes` had passed since the 404s of charges not yet marked (timestamps moved back). */
    const timeTravel = async (minutes: number) => {
      const back = (date: Date | string | null) =>
        date ? new Date(new Date(date).getTime() - minutes * 60_000) : null
      const rows = await vorexy().listVorexyCharges({
        not_found_reads: { $gt: 0 },
        gateway_unknown_at: null,
      })
      await vorexy().updateVorexyCharges(
        rows.map((row) => ({
          id: row.id,
          not_found_since: back(row.not_found_since),
          not_found_last_at: back(row.not_found_last_at),
          next_sync_at: back(row.next_sync_at),
        }))
      )
    }

    /** A paid-webhook delivery for the charge; resolves once it was processed. */
    const webhook = async (transactionId: string, eventId: string) => {
      const body = { object: "transaction", type: "cashin", status: "paid", transactionId }
      expect((await post(body, { "x-webhook-event-id": eventId })).status).toBe(200)
      return eventually(async () => {
        const [event] = await vorexy().listVorexyWebhookEvents({ header_event_id: eventId })
        return event && event.outcome !== "received" ? event : null
      })
    }

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
      gateway.sandbox.setWebhookUrl(null)
      admin = await adminHeaders(getContainer())
    })

    it("reads it at most 3 times, then marks it unknown for the admin and the shopper, cancelling nothing", async () => {
      const { orderId, transactionId } = await placeForgottenOrder()
      const before = reads()

      // The job's read answers 404: counted, not a failure, and not read again before its gap.
      await reconcile()
      expect(reads() - before).toBe(1)
      expect(await charge(transactionId)).toMatchObject({
        not_found_reads: 1,
        sync_failures: 0,
        flag: null,
        gateway_unknown_at: null,
      })
      await reconcile()
      // Meanwhile the shopper's page is answered from the row: no gateway read.
      expect(await shopperStatus(orderId)).toMatchObject({
        status: "pending",
        payable: true,
        unconfirmed_reason: null,
      })
      expect(reads() - before).toBe(1)
      // Was: a webhook was answered from the row too. A delivery carrying the webhook secret (every
      // delivery this store accepts: it has one) is the gateway vouching for the charge, so it is
      // read at once; its 404, with the gateway answering other calls, counts.
      const event = await webhook(transactionId, "evt_404_early")
      expect(event.outcome).toBe("processed")
      expect(event.outcome_detail).toMatch(/Vorexy answered 404/)
      expect(reads() - before).toBe(2)

      // Twenty minutes of job runs, a shopper's poll each minute: one more read, then the mark.
      for (let minute = 1; minute <= 20; minute++) {
        await timeTravel(1)
        await reconcile()
        await shopperStatus(orderId)
      }
      expect(reads() - before).toBe(3)
      const marked = await charge(transactionId)
      expect(marked).toMatchObject({
        status: "pending",
        not_found_reads: 3,
        flag: "unknown_at_gateway",
        flag_detail: expect.stringMatching(/Vorexy answered 404 .* to 3 reads/),
        next_sync_at: null,
      })
      // Within 15 minutes of the first 404.
      const markedAfter = +marked.gateway_unknown_at! - +marked.not_found_since!
      expect(markedAfter).toBeLessThanOrEqual(15 * 60_000)

      // The admin sees it, with the reason, on the order and on the health card.
      const { data } = await api.get(`/admin/vorexy/charges?order_id=${orderId}`, admin)
      expect(data.charges[0]).toMatchObject({
        flag: "unknown_at_gateway",
        flag_detail: expect.stringMatching(/no such transaction.*Sync now/),
        gateway_unknown_at: expect.any(String),
      })
      const card = await health()
      expect(card.setup_alert).toBeNull()
      expect(card.attention).toContainEqual(
        expect.objectContaining({ type: "charge", reason: "unknown_at_gateway", order_id: orderId })
      )

      // The shopper is told it could not be confirmed; no QR is offered any more.
      expect(await shopperStatus(orderId)).toMatchObject({
        status: "pending",
        paid: false,
        payable: false,
        qr_code: null,
        unconfirmed_reason: "unknown_at_gateway",
      })
      // A long-poll has nothing to wait for: answered at once with the same.
      const polled = await api.get(
        `/store/vorexy/payment-status?order_id=${orderId}&wait=true&last_status=pending`,
        store.storeHeaders
      )
      expect(polled.data.payment_status.unconfirmed_reason).toBe("unknown_at_gateway")

      // Never read again by the job, whenever it comes (the gateway's list does not name it); the
      // order is neither cancelled nor refunded.
      await vorexy().updateVorexyCharges({ id: marked.id, next_sync_at: new Date(0) })
      expect((await reconcile()).charges).toBe(0)
      expect(reads() - before).toBe(3)
      // Was: a webhook was not read either. Now the secret's delivery is read; still 404, so the
      // mark stays.
      const late = await webhook(transactionId, "evt_404_late")
      expect(late.outcome_detail).toMatch(/Vorexy answered 404/)
      expect(reads() - before).toBe(4)
      expect(await charge(transactionId)).toMatchObject({ flag: "unknown_at_gateway" })
      expect(await orderStatus(orderId)).not.toBe("canceled")
      expect(await paymentStatus(orderId)).not.toMatch(/refunded|canceled/)

      // The admin may cancel the order (Vorexy has nothing there to pay); the flag stays.
      const cancelled = await api.post(`/admin/orders/${orderId}/cancel`, {}, admin)
      expect(cancelled.status).toBe(200)
      expect(await orderStatus(orderId)).toBe("canceled")
      expect(await charge(transactionId)).toMatchObject({ flag: "unknown_at_gateway" })
    })

    it("is read by the admin's sync now whatever its 404s, and an answer clears the mark", async () => {
      const { orderId, transactionId, remember } = await placeForgottenOrder()
      for (let minute = 0; minute <= 20; minute++) {
        await reconcile()
        await timeTravel(1)
      }
      const { id } = await charge(transactionId)
      expect(await charge(transactionId)).toMatchObject({ flag: "unknown_at_gateway" })
      const before = reads()

      // Still unknown: the admin's sync reads it and says so.
      const refused = await api
        .post(`/admin/vorexy/charges/${id}/sync`, {}, admin)
        .catch(errorResponse)
      expect(refused.status).toBe(404)
      expect(refused.data.type).toBe("vorexy_not_found")
      expect(reads() - before).toBe(1)
      expect(await charge(transactionId)).toMatchObject({ flag: "unknown_at_gateway" })

      // The gateway knows it again (the right account, the right URL): the next sync clears it.
      remember()
      const synced = await api.post(`/admin/vorexy/charges/${id}/sync`, {}, admin)
      expect(reads() - before).toBe(2)
      expect(synced.data.charge).toMatchObject({
        status: "pending",
        flag: null,
        flag_detail: null,
        gateway_unknown_at: null,
        not_found_reads: 0,
      })
      expect(await shopperStatus(orderId)).toMatchObject({
        payable: true,
        unconfirmed_reason: null,
      })
      expect((await health()).attention).toEqual([])
      // Watched by the job again, as any pending charge: through the gateway's list, no read.
      const listed = gateway.sandbox.countRequests("listTransactions")
      await reconcile()
      expect(reads() - before).toBe(2)
      expect(gateway.sandbox.countRequests("listTransactions") - listed).toBeLessThanOrEqual(1)
      expect(await charge(transactionId)).toMatchObject({ flag: null, gateway_unknown_at: null })
    })

    it("raises one setup alert when the gateway knows none of the store's recent charges", async () => {
      const orders = []
      for (let i = 0; i < 3; i++) orders.push(await placeForgottenOrder())
      for (let minute = 0; minute <= 20; minute++) {
        await reconcile()
        await timeTravel(1)
      }
      const rows = await vorexy().listVorexyCharges({
        transaction_id: orders.map((o) => o.transactionId),
      })
      expect(rows.map((r) => r.flag)).toEqual(Array(3).fill("unknown_at_gateway"))

      // One alert, not a flag per order.
      const alerted = await health()
      expect(alerted.setup_alert).toMatchObject({
        reason: "gateway_knows_no_charges",
        unknown_charges: 3,
      })
      expect(alerted.attention).toEqual([])

      // A charge the gateway knows (created now): the setup is fine; the three are listed.
      await placePixOrder(api, store)
      const listed = await health()
      expect(listed.setup_alert).toBeNull()
      expect(listed.attention.map((a: { reason: string }) => a.reason)).toEqual(
        Array(3).fill("unknown_at_gateway")
      )
    })

    /** Marks the forgotten order's charge unknown: the job's reads over twenty minutes. */
    const markUnknown = async (...transactionIds: string[]) => {
      for (let minute = 0; minute <= 20; minute++) {
        await reconcile()
        await timeTravel(1)
      }
      const rows = await vorexy().listVorexyCharges({ transaction_id: transactionIds })
      expect(rows.map((r) => r.flag)).toEqual(transactionIds.map(() => "unknown_at_gateway"))
    }
    /** The sweeps' passes due now (their marks dropped), as after their period. */
    const sweepsDue = async () => {
      const marks = await vorexy().listVorexyHealthMarks({ key: { $like: "sweep:%" } })
      if (marks.length) await vorexy().deleteVorexyHealthMarks(marks.map((m) => m.id))
    }
    const paid = (transactionId: string) => gateway.sandbox.state.payTransaction(transactionId)

    it("is synced and captured when the gateway's list names it again, paid", async () => {
      const { orderId, transactionId, remember } = await placeForgottenOrder()
      await markUnknown(transactionId)

      // The gateway knows it again and the shopper pays: its list shows the charge. Was: the
      // sweeps skipped a marked charge, so only an admin's Sync now could capture it.
      remember()
      paid(transactionId)
      await sweepsDue()
      await reconcile()
      expect(await paymentStatus(orderId)).toBe("captured")
      const { data } = await api.get(`/admin/vorexy/charges?order_id=${orderId}`, admin)
      expect(data.charges[0]).toMatchObject({
        status: "paid",
        flag: null,
        gateway_unknown_at: null,
      })
    })

    it("is synced and captured when a delivery carrying the webhook secret comes for it", async () => {
      const { orderId, transactionId, remember } = await placeForgottenOrder()
      await markUnknown(transactionId)
      remember()
      paid(transactionId)
      const before = reads()

      // Anyone may post a delivery: one without the secret is refused and reads nothing.
      const body = { object: "transaction", type: "cashin", status: "paid", transactionId }
      expect((await post(body, {}, "not-the-secret")).status).toBe(401)
      expect(reads() - before).toBe(0)
      expect(await paymentStatus(orderId)).not.toBe("captured")

      // Was: held back like any other delivery. The secret's delivery reads it: captured.
      const trusted = await webhook(transactionId, "evt_unknown_trusted")
      expect(trusted.outcome).toBe("processed")
      expect(reads() - before).toBeGreaterThanOrEqual(1)
      expect(await paymentStatus(orderId)).toBe("captured")
      expect(await charge(transactionId)).toMatchObject({ flag: null, gateway_unknown_at: null })
    })

    it("syncs every charge marked unknown from the admin's Sync all unknown, in bounded calls", async () => {
      const orders = []
      for (let i = 0; i < 3; i++) orders.push(await placeForgottenOrder())
      await markUnknown(...orders.map((o) => o.transactionId))
      // Two of them the gateway knows again, paid; the third it still does not know.
      for (const order of orders.slice(0, 2)) {
        order.remember()
        paid(order.transactionId)
      }
      const sync = (body: Record<string, unknown>) =>
        api.post("/admin/vorexy/charges/sync-unknown", body, admin).catch(errorResponse)
      expect((await sync({ limit: 0 })).status).toBe(400)
      expect((await sync({ limit: 1000 })).status).toBe(400)
      const before = reads()

      const first = await sync({ limit: 2 })
      expect(first.status).toBe(200)
      expect(first.data).toMatchObject({ synced: 2, remaining: 1, next: expect.any(String) })
      const second = await sync({ after: first.data.next, limit: 2 })
      expect(second.data).toMatchObject({ synced: 1, remaining: 0, next: null })
      expect(first.data.cleared + second.data.cleared).toBe(2)
      expect(reads() - before).toBe(3)

      for (const order of orders.slice(0, 2)) {
        expect(await paymentStatus(order.orderId)).toBe("captured")
      }
      // The one still unknown stays marked; the next round starts again from the first.
      expect(await charge(orders[2].transactionId)).toMatchObject({ flag: "unknown_at_gateway" })
      const again = await sync({})
      expect(again.data).toMatchObject({ synced: 1, cleared: 0, remaining: 0, next: null })
    })

    it("takes eight minutes of 404s to every call for an outage: the charge paid after it is captured within a sweep pass", async () => {
      const clock = installSimClock()
      try {
        const { orderId, transactionId } = await placePixOrder(api, store)
        await eventually(async () => (await charge(transactionId))?.order_id)
        // Over an hour old: the shopper's open page asks for a read now and then.
        await clock.advance(61 * MINUTE)

        // A gateway (or a proxy before it) answering 404 to every call, lists and probes too.
        gateway.sandbox.setFaults({ errorStatus: 404, errorRate: 1 })
        const notFound = () =>
          gateway.sandbox.requests.filter((r) => r.route === "getTransaction" && r.status === 404)
            .length
        // The shopper's page: a read, answered 404.
        await shopperStatus(orderId)
        await eventually(async () => notFound() >= 1)
        for (let minute = 1; minute <= 8; minute++) {
          await clock.advance(MINUTE)
          await reconcile()
          await shopperStatus(orderId)
        }
        // Read again and again meanwhile (enough for three 404s, the old mark), never marked.
        expect(notFound()).toBeGreaterThanOrEqual(3)
        expect(await shopperStatus(orderId)).toMatchObject({ unconfirmed_reason: null })

        // The gateway answers again, and the charge is paid: captured within one recent pass
        // (2 minutes) of the job. Was: marked unknown at the third 404, and never read again.
        gateway.sandbox.setFaults({ errorStatus: 503, errorRate: 0 })
        paid(transactionId)
        for (let run = 0; run < 4 && (await paymentStatus(orderId)) !== "captured"; run++) {
          await clock.advance(30_000)
          await reconcile()
        }
        expect(await paymentStatus(orderId)).toBe("captured")
        expect(await charge(transactionId)).toMatchObject({
          flag: null,
          gateway_unknown_at: null,
          not_found_reads: 0,
        })
      } finally {
        clock.uninstall()
      }
    })
  },
})
