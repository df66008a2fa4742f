/**
 * How a delivery proves it is the gateway's (a secret configured): Basic credentials in the URL, a
 * header, or ?token=; Medusa's built-in route (which cannot check it) refused; and a burst of
 * deliveries about one transaction costing one or two gateway re-fetches.
 */
import type { ILockingModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TestEventUtils } from "@medusajs/test-utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { useSandbox } from "../helpers/sandbox"
import { errorResponse, eventually, placePixOrder, Store } from "../helpers/store"
import { resetForWebhooks, SECRET, WEBHOOK_SETTINGS, webhookCalls } from "../helpers/webhooks"

jest.setTimeout(120_000)

const gateway = useSandbox({ webhookSecret: SECRET, webhooks: WEBHOOK_SETTINGS })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const { post, paymentStatus } = webhookCalls(api, getContainer, () => store)
    const fetches = () => gateway.sandbox.countRequests("getTransaction")
    const paidEvent = (transactionId: string) => ({
      object: "transaction",
      type: "cashin",
      status: "paid",
      transactionId,
    })

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
    })

    it("captures with the secret as HTTP Basic credentials in the webhook URL", async () => {
      const base = new URL(api.defaults.baseURL!)
      gateway.sandbox.setWebhookUrl(
        `${base.protocol}//vorexy:${encodeURIComponent(SECRET)}@${base.host}/hooks/vorexy`
      )
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      const deliveries = gateway.sandbox.webhooks.deliveries
      expect(deliveries.every((d) => d.result === 200)).toBe(true)
      expect(deliveries.some((d) => d.url.includes(SECRET))).toBe(false)
    })

    it("accepts the secret in the X-Vorexy-Token header, and refuses wrong Basic credentials", async () => {
      gateway.sandbox.setWebhookUrl(null)
      const { transactionId } = await placePixOrder(api, store)
      const body = JSON.stringify(paidEvent(transactionId))
      const json = { "content-type": "application/json" }
      const send = (headers: Record<string, string>) =>
        api.post("/hooks/vorexy", body, { headers: { ...json, ...headers } }).catch(errorResponse)
      const basic = (secret: string) =>
        `Basic ${Buffer.from(`vorexy:${secret}`).toString("base64")}`

      expect((await send({ "x-vorexy-token": SECRET })).status).toBe(200)
      expect((await send({ authorization: basic(SECRET) })).status).toBe(200)
      expect((await send({ authorization: basic("wrong-secret-0000000000") })).status).toBe(401)
      expect((await send({ "x-vorexy-token": "wrong" })).status).toBe(401)
      expect((await send({})).status).toBe(401)
    })

    it("refuses deliveries to Medusa's built-in route when a secret is configured, and says so once a minute", async () => {
      gateway.sandbox.setWebhookUrl(null)
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      const before = fetches()
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const warn = jest.spyOn(getContainer().resolve(ContainerRegistrationKeys.LOGGER), "warn")

      for (let i = 0; i < 3; i++) {
        const handled = TestEventUtils.waitSubscribersExecution(
          "payment.webhook_received",
          eventBus
        )
        const response = await api
          .post("/hooks/payment/vorexy-pix_vorexy", paidEvent(transactionId))
          .catch(errorResponse)
        await handled
        expect(response.status).toBe(200) // Medusa's route always answers 200
      }
      const said = warn.mock.calls.filter(([message]) =>
        String(message).includes("ignored a delivery to Medusa's built-in webhook route")
      )
      warn.mockRestore()
      expect(said).toHaveLength(1)
      expect(await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })).toHaveLength(
        0
      )
      expect(fetches()).toBe(before)
      expect(await paymentStatus(orderId)).toBe("awaiting")
    })

    it("counts a delivery that waited out a run holding its charge as answered by that run's read", async () => {
      gateway.sandbox.setWebhookUrl(null)
      const { orderId, transactionId } = await placePixOrder(api, store)
      // Another run holds the charge past this delivery's wait for it, and reads it meanwhile: the
      // gateway says it is awaiting payment (the delivery's "paid" was early, or not the gateway's).
      const locking = getContainer().resolve<ILockingModule>(Modules.LOCKING)
      const holder = { ownerId: "another-run" }
      await locking.acquire(`vorexy:charge:${transactionId}`, { ...holder, expire: 120 })
      try {
        expect((await post(paidEvent(transactionId))).status).toBe(200)
        const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        await new Promise((resolve) => setTimeout(resolve, 1_000))
        await vorexy().updateVorexyCharges({ id: charge.id, last_synced_at: new Date() })
        const fetched = fetches()
        await eventually(async () => {
          const [event] = await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })
          return event?.outcome !== "received"
        }, 120_000)
        const [event] = await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })
        expect(event.outcome).toBe("processed")
        expect(event.outcome_detail).toMatch(/^coalesced/)
        expect(fetches()).toBe(fetched)
        expect(await paymentStatus(orderId)).toBe("awaiting")
      } finally {
        await locking.release(`vorexy:charge:${transactionId}`, holder)
      }
    }, 180_000)

    it("re-fetches a transaction once or twice for a burst of 100 deliveries about it", async () => {
      gateway.sandbox.setWebhookUrl(null)
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      const before = fetches()

      const batch = Array.from({ length: 100 }, (_, i) => ({ ...paidEvent(transactionId), n: i }))
      expect((await post(batch, { "x-webhook-event-id": "evt_burst" })).status).toBe(200)
      const burst = [...Array(20)].map((_, i) =>
        post({ ...paidEvent(transactionId), n: 100 + i }, { "x-webhook-event-id": `evt_b${i}` })
      )
      await Promise.all(burst)

      const done = async () =>
        (await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })).every(
          (e) => e.outcome === "processed"
        )
      // 120 runs of the sync, one at a time under the charge's lease (all but the first answered by
      // its read): seconds on a quiet machine, a minute or more on a busy one.
      await eventually(done, 150_000)
      expect(await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })).toHaveLength(
        120
      )
      expect(await paymentStatus(orderId)).toBe("captured")
      // One re-fetch for the burst, at most one more for deliveries that raced it; the capture's own
      // verification (Medusa calls authorizePayment) is one more.
      expect(fetches() - before).toBeLessThanOrEqual(3)
    }, 240_000)
  },
})
