/**
 * Untrusted deliveries (no secret configured, or Medusa's built-in route): anyone can send them, so
 * they can neither make the store hammer the gateway nor fill the table.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { UNTRUSTED_PER_REFERENCE } from "../../src/modules/vorexy/webhook-events"
import { useSandbox } from "../helpers/sandbox"
import { errorResponse, eventually, placePixOrder, Store } from "../helpers/store"
import { resetForWebhooks, WEBHOOK_SETTINGS, webhookCalls } from "../helpers/webhooks"

jest.setTimeout(120_000)

const gateway = useSandbox({ webhooks: WEBHOOK_SETTINGS })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const { post, paymentStatus } = webhookCalls(api, getContainer, () => store)
    const fetches = () => gateway.sandbox.countRequests("getTransaction")
    const event = (transactionId: string, n: number) => ({
      object: "transaction",
      type: "cashin",
      status: "paid",
      transactionId,
      n,
    })
    const builtIn = (body: unknown) =>
      api.post("/hooks/payment/vorexy-pix_vorexy", body).catch(errorResponse)
    const settled = (transactionId: string) => async () => {
      const events = await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })
      return events.length > 0 && events.every((e) => e.outcome !== "received")
    }

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
      gateway.sandbox.setWebhookUrl(null)
    })

    it("costs one or two re-fetches for 100 untrusted events about one transaction, via the built-in route", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      const before = fetches()

      const batch = Array.from({ length: 100 }, (_, i) => event(transactionId, i))
      expect((await builtIn(batch)).status).toBe(200)
      await eventually(settled(transactionId), 30_000)

      const stored = await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })
      expect(stored.length).toBeLessThanOrEqual(UNTRUSTED_PER_REFERENCE)
      expect(stored.every((e) => !e.trusted)).toBe(true)
      expect(fetches() - before).toBeLessThanOrEqual(2)
      // Forged "paid" bodies changed nothing: the gateway says awaiting.
      expect(await paymentStatus(orderId)).toBe("awaiting")
    })

    it("stores nothing and fetches nothing for untrusted events naming unknown transactions", async () => {
      const before = fetches()
      const junk = Array.from({ length: 100 }, (_, i) => event(`00000000-0000-4000-8000-${i}`, i))
      const answer = await post(junk, {}, null)

      expect(answer.status).toBe(200)
      // The same answer as for a known transaction: it never says whether an id exists.
      expect(answer.data).toEqual({ ok: true, received: 100, duplicates: 0 })
      expect(await vorexy().listVorexyWebhookEvents({})).toHaveLength(0)
      expect(fetches()).toBe(before)
    })

    it("keeps no untrusted cash-out events for unknown withdrawals, even while one is unknown", async () => {
      await vorexy().createVorexyWithdrawals([
        { idempotency_key: "wd_unknown_0001", amount_cents: 1000, status: "unknown" },
      ])
      const gets = () => gateway.sandbox.countRequests("getWithdrawal")
      const before = gets()
      const junk = Array.from({ length: 50 }, (_, i) => ({
        object: "withdraw",
        type: "cashout",
        status: "successful",
        withdrawId: 900_000 + i,
      }))
      expect((await post(junk, {}, null)).status).toBe(200)
      expect(await vorexy().listVorexyWebhookEvents({})).toHaveLength(0)
      expect(gets()).toBe(before)
    })

    it("keeps at most a bounded number of untrusted events per transaction", async () => {
      const { transactionId } = await placePixOrder(api, store)
      for (let round = 0; round < 6; round++) {
        const batch = Array.from({ length: 5 }, (_, i) => event(transactionId, round * 5 + i))
        expect((await post(batch, {}, null)).status).toBe(200)
      }
      await eventually(settled(transactionId), 30_000)
      const stored = await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })
      expect(stored.length).toBe(UNTRUSTED_PER_REFERENCE)
    })

    it("costs a few writes per untrusted delivery however it repeats an event, and says nothing of repeats", async () => {
      const { transactionId } = await placePixOrder(api, store)
      const repeated = Array.from({ length: 100 }, () => ({
        ...event(transactionId, 1),
        status: `paid ${"x".repeat(1000)}`,
      }))
      for (const round of [1, 2]) {
        const answer = await post(
          repeated,
          { "x-webhook-event-id": `evt ${"y".repeat(9000)}` },
          null
        )
        expect(answer.data).toEqual({ ok: true, received: 100, duplicates: 0 })
        if (round === 1) await eventually(settled(transactionId), 30_000)
      }
      const [stored, ...more] = await vorexy().listVorexyWebhookEvents({
        reference_id: transactionId,
      })
      expect(more).toHaveLength(0)
      expect(stored.deliveries).toBe(2)
      expect(stored.status_hint).toHaveLength(64)
      expect(stored.header_event_id).toBeNull()

      // One hundred different events in one delivery: five are looked at.
      const many = Array.from({ length: 100 }, (_, i) => event(transactionId, 100 + i))
      expect((await post(many, {}, null)).data.duplicates).toBe(0)
      expect(await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })).toHaveLength(
        6
      )
    })

    it("keeps no card number of a long untrusted body (its excerpt is made after the card is cut)", async () => {
      const { transactionId } = await placePixOrder(api, store)
      const body = {
        ...event(transactionId, 1),
        card: { brand: "visa", lastDigits: "1111", number: "4111111111111111", cvv: "123" },
        padding: "x".repeat(6000),
      }
      expect((await post(body, {}, null)).status).toBe(200)
      await eventually(settled(transactionId), 30_000)
      const [stored] = await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })
      const text = JSON.stringify(stored.body)
      expect(stored.body).toMatchObject({ truncated: true })
      expect(text).toContain("1111")
      expect(text).not.toContain("4111111111111111")
      expect(text).not.toContain('"cvv"')
    })

    it("still captures a really paid charge from an untrusted delivery (re-fetched first)", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)
      expect((await post(event(transactionId, 1), {}, null)).status).toBe(200)
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
    })
  },
})
