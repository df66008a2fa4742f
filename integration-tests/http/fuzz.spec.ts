/**
 * Fuzz: thousands of seeded junk requests on every plugin route (and Medusa's built-in webhook
 * route) must be answered with a 2xx or a 4xx with a message, never a 5xx; nothing is sent to the
 * gateway or stored half-done; and the store keeps serving. The seed is printed: replay a failure
 * with FUZZ_SEED=<seed>; FUZZ_REQUESTS=<n> changes how many requests are made.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { describeResult, flood, send } from "../helpers/fuzz-flood"
import { seededRng } from "../helpers/fuzz-random"
import { FuzzContext, fuzzRequest, knownCases } from "../helpers/fuzz-requests"
import { useSandbox } from "../helpers/sandbox"
import { adminHeaders, createCart, eventually, placePixOrder, seedStore } from "../helpers/store"

const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31)
const REQUESTS = Number(process.env.FUZZ_REQUESTS) || 3000
const CONCURRENCY = 6
const SECRET = "fuzz-webhook-secret-0123456789"

jest.setTimeout(300_000)

const gateway = useSandbox({
  webhookSecret: SECRET,
  env: { VOREXY_WITHDRAWAL_PIX_KEYS: "EMAIL:ana@example.com,PHONE:+5511987654321" },
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const calls = (route: string) => gateway.sandbox.countRequests(route)
    let store: Awaited<ReturnType<typeof seedStore>>
    let ctx: FuzzContext

    beforeEach(async () => {
      gateway.sandbox.reset()
      store = await seedStore(getContainer())
      const placed = await placePixOrder(api, store)
      const [charge] = await vorexy().listVorexyCharges({ transaction_id: placed.transactionId })
      // An open cart's payment collection, where junk payment sessions are sent.
      const cartId = await createCart(api, store)
      const {
        data: { payment_collection },
      } = await api.post("/store/payment-collections", { cart_id: cartId }, store.storeHeaders)
      ctx = {
        admin: (await adminHeaders(getContainer())).headers.authorization,
        publishableKey: store.publishableKey,
        token: SECRET,
        orderId: placed.orderId,
        sessionId: placed.sessionId,
        transactionId: placed.transactionId,
        chargeId: charge.id,
        paymentCollectionId: payment_collection.id,
        qrFile: vorexy().qrLinks().path(charge.id).split("/").pop()!,
      }
    })

    it("stores a delivery's NUL and lone surrogates as U+FFFD, keeping the rest as sent", async () => {
      const text = `{"transactionId":${JSON.stringify(ctx.transactionId)},"status":"pa\\u0000id","note":"a\\u0000b\\ud800","k\\udc00":["\\udfff",1]}`
      const answer = await send(api.defaults.baseURL!, ctx, {
        target: "hook",
        method: "POST",
        path: `/hooks/vorexy?token=${SECRET}`,
        contentType: "application/json",
        body: Buffer.from(text),
      })

      expect(answer).toEqual({ status: 200, text: '{"ok":true,"received":1,"duplicates":0}' })
      const [event] = await vorexy().listVorexyWebhookEvents({ reference_id: ctx.transactionId })
      expect(event.status_hint).toBe("pa\ufffdid")
      expect(event.body).toEqual({
        transactionId: ctx.transactionId,
        status: "pa\ufffdid",
        note: "a\ufffdb\ufffd",
        "k\ufffd": ["\ufffd", 1],
      })
      // Processed like any other (and done before the next test restores the database).
      await eventually(async () => {
        const [after] = await vorexy().listVorexyWebhookEvents({ id: event.id })
        return after.outcome !== "received"
      })
    })

    it(`answers ${REQUESTS} junk requests without a 5xx, stores nothing half-done, keeps serving`, async () => {
      console.log(`[fuzz] seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${REQUESTS} requests`)
      const base = api.defaults.baseURL!
      const random = seededRng(SEED)
      const requests = [
        ...knownCases(ctx),
        ...Array.from({ length: REQUESTS }, () => fuzzRequest(random, ctx)),
      ]
      const chargesBefore = calls("createTransaction")

      const results = await flood(base, ctx, requests, CONCURRENCY)

      const failures = results.filter((result) => result.problem)
      const statuses: Record<string, number> = {}
      for (const { status } of results)
        statuses[String(status)] = (statuses[String(status)] ?? 0) + 1
      console.log(`[fuzz] seed ${SEED}: answers by status ${JSON.stringify(statuses)}`)
      expect({
        seed: SEED,
        failures: failures.length,
        first: failures.slice(0, 5).map(describeResult),
      }).toEqual({
        seed: SEED,
        failures: 0,
        first: [],
      })
      // A delivery without the secret is never taken.
      const untrusted = results.filter(
        (x) => x.request.target === "hook-untrusted" && x.status! < 400
      )
      expect(untrusted.map(describeResult)).toEqual([])

      // Junk reached neither the gateway's charge and withdrawal endpoints nor the withdrawal table.
      expect(calls("createTransaction")).toBe(chargesBefore)
      expect(calls("requestWithdrawal")).toBe(0)
      expect(await vorexy().listVorexyWithdrawals({})).toEqual([])

      // Every event the webhook route said it stored is there whole (an insert failing mid-batch
      // would leave fewer), and each body is a JSON object.
      const stored = results
        .filter((x) => x.request.target === "hook" && x.status === 200)
        .map((x) => JSON.parse(x.text) as { received: number; duplicates: number })
        .reduce((sum, x) => sum + x.received - x.duplicates, 0)
      const events = await vorexy().listVorexyWebhookEvents(
        {},
        { take: null, select: ["id", "body"] }
      )
      expect(events).toHaveLength(stored)
      expect(events.filter((e) => typeof e.body !== "object" || Array.isArray(e.body))).toEqual([])

      // Still serving: health, a checkout to an order, a withdrawal.
      expect((await fetch(`${base}/health`)).status).toBe(200)
      const order = await placePixOrder(api, store)
      expect(order.orderId).toMatch(/^order_/)
      expect(calls("createTransaction")).toBe(chargesBefore + 1)
      gateway.sandbox.state.setBalance(1001, { availableCents: 50_000 })
      const withdrawal = await api.post(
        "/admin/vorexy/withdrawals",
        {
          amount: 1000,
          pix_key: "ana@example.com",
          pix_key_type: "EMAIL",
          request_id: "fuzz-after-1",
        },
        { headers: { authorization: ctx.admin } }
      )
      expect(withdrawal.status).toBe(201)
      expect(calls("requestWithdrawal")).toBe(1)
    })
  },
})
