/**
 * Webhook delivery: Medusa on real PostgreSQL, the sandbox sending real webhooks to POST
 * /hooks/vorexy over HTTP. What the receiver accepts, exactly-once capture, forged deliveries. The
 * rest of the payment lifecycle: webhook-lifecycle.spec.ts.
 */
import type { IEventBusModuleService, ILockingModule } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { processChargeEvent as processWebhookEvent } from "../../src/subscribers/vorexy-webhook-received"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import { WEBHOOK_RECEIVED_EVENT } from "../../src/modules/vorexy/events"
import { wakeWaitingEvents } from "../../src/workflows/steps/wake-waiting-events"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { useSandbox } from "../helpers/sandbox"
import { eventually, placePixOrder, Store } from "../helpers/store"
import {
  ageWebhookEvent,
  OrderGraph,
  resetForWebhooks,
  SECRET,
  WEBHOOK_SETTINGS,
  webhookCalls,
} from "../helpers/webhooks"

jest.setTimeout(120_000)

const gateway = useSandbox({ webhookSecret: SECRET, webhooks: WEBHOOK_SETTINGS })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const { post, paymentStatus, captures } = webhookCalls(api, getContainer, () => store)
    const paidEvent = (transactionId: string) => ({
      object: "transaction",
      type: "cashin",
      status: "paid",
      transactionId,
      value: 94.9,
      valueInCents: 9490,
    })

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
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
            return (order as OrderGraph).payment_collections[0].payments?.[0]?.captured_at
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
      it("costs the gateway two calls: the create and one verifying read", async () => {
        const { orderId, transactionId } = await placePixOrder(api, store)
        gateway.sandbox.state.payTransaction(transactionId)
        await eventually(async () => (await paymentStatus(orderId)) === "captured")
        // Both deliveries (created, paid) handled before counting.
        await gateway.sandbox.webhooks.idle()
        await eventually(async () => {
          const events = await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })
          return events.length === 2 && events.every((e) => e.outcome === "processed")
        })

        expect(gateway.sandbox.countRequests("createTransaction")).toBe(1)
        expect(gateway.sandbox.countRequests("getTransaction")).toBe(1)
      })
    })

    describe("one sync path", () => {
      /** How many syncs took the charge's lease while `during` ran (every sync takes its own). */
      async function syncsOf(transactionId: string, during: () => Promise<unknown>) {
        const locking = getContainer().resolve<ILockingModule>(Modules.LOCKING)
        const spy = jest.spyOn(locking, "acquire")
        try {
          await during()
          // A sync's lease has its own owner (renewing it acquires again, as the same owner).
          const owners = spy.mock.calls
            .filter(([key]) => [key].flat().includes(`vorexy:charge:${transactionId}`))
            .map(([, options]) => options?.ownerId)
          return new Set(owners).size
        } finally {
          spy.mockRestore()
        }
      }

      it("captures a paid charge in one sync: Medusa's own re-reads start no second one", async () => {
        const { orderId, transactionId } = await placePixOrder(api, store)
        await gateway.sandbox.webhooks.idle()
        await eventually(async () => {
          const events = await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })
          return events.length === 1 && events[0].outcome === "processed"
        })

        const syncs = await syncsOf(transactionId, async () => {
          gateway.sandbox.state.payTransaction(transactionId)
          await eventually(async () => (await paymentStatus(orderId)) === "captured")
          await gateway.sandbox.webhooks.idle()
          // Anything a capture set off has had its chance to run.
          await new Promise((resolve) => setTimeout(resolve, 1_000))
        })

        expect(syncs).toBe(1)
        expect((await captures(orderId)).captures).toBe(1)
        expect(gateway.sandbox.countRequests("getTransaction")).toBe(1)
      })

      it("runs a delivery once when its charge's row is recorded as it arrives", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)
        gateway.sandbox.state.payTransaction(transactionId)
        // Stored as the receiver stores it, not yet looked at.
        const { id } = await vorexy().recordDelivery({
          event_key: "evt_as_recorded",
          header_event_id: "evt_as_recorded",
          kind: "cash_in",
          reference_id: transactionId,
          status_hint: "paid",
          body: paidEvent(transactionId),
          trusted: true,
        })

        const syncs = await syncsOf(transactionId, async () => {
          // The receiver's announcement, and the checkout recording the charge's row in the same
          // moment (the gateway announces a charge as it makes it), which wakes waiting events.
          await Promise.all([
            getContainer()
              .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
              .emit({ name: WEBHOOK_RECEIVED_EVENT, data: { id } }),
            wakeWaitingEvents(getContainer(), [transactionId]),
          ])
          await eventually(async () => (await paymentStatus(orderId)) === "captured")
          await eventually(async () => {
            const [event] = await vorexy().listVorexyWebhookEvents({ id })
            return event.outcome === "processed"
          })
          // A second run of it has had its chance to take the charge.
          await new Promise((resolve) => setTimeout(resolve, 1_000))
        })

        expect(syncs).toBe(1)
        expect((await captures(orderId)).captures).toBe(1)
      })

      it("hands a webhook that came before its charge's row back the moment the row is recorded", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)
        // As if the checkout had not recorded its charge yet when the gateway's webhook came.
        const [row] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        await vorexy().deleteVorexyCharges([row.id])
        gateway.sandbox.state.payTransaction(transactionId)
        expect(
          (await post(paidEvent(transactionId), { "x-webhook-event-id": "evt_early" })).status
        ).toBe(200)
        const early = await eventually(async () => {
          const [event] = await vorexy().listVorexyWebhookEvents({ header_event_id: "evt_early" })
          return event?.outcome_detail ? event : null
        })
        expect(early.outcome).toBe("received")
        expect(await paymentStatus(orderId)).toBe("awaiting")

        // The storefront's status request records the row; the waiting webhook then runs at once
        // (the reconcile job, which would hand it back after a minute, is off in these tests).
        const status = await api.get(
          `/store/vorexy/payment-status?order_id=${orderId}`,
          store.storeHeaders
        )
        expect(status.status).toBe(200)
        const event = await eventually(async () => {
          const [event] = await vorexy().listVorexyWebhookEvents({ header_event_id: "evt_early" })
          return event.outcome === "received" ? null : event
        }, 10_000)
        expect(event).toMatchObject({ outcome: "processed", outcome_detail: "paid: capturing" })
        expect(await paymentStatus(orderId)).toBe("captured")
        expect((await captures(orderId)).captures).toBe(1)
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
      it("keeps an event for an unknown transaction, waits out any checkout, then keeps it as an orphan", async () => {
        const transactionId = "00000000-0000-0000-0000-00000000dead"
        const response = await post({
          object: "transaction",
          type: "cashin",
          status: "paid",
          transactionId,
        })
        expect(response.status).toBe(200)
        // The checkout that made it could still be running: looked at later, no gateway call now.
        const waiting = await eventually(async () => {
          const [event] = await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })
          return event?.outcome_detail ? event : null
        })
        expect(waiting).toMatchObject({
          outcome: "received",
          outcome_detail: expect.stringMatching(
            /no charge .* yet: looked at again once its checkout is over/
          ),
        })
        expect(gateway.sandbox.countRequests("getTransaction")).toBe(0)

        // Past the checkout's window, the gateway is asked; it knows no such charge.
        await ageWebhookEvent(getContainer(), waiting.id)
        const event = await processWebhookEvent(getContainer(), waiting.id)
        expect(event).toMatchObject({
          outcome: "orphan",
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
  },
})
