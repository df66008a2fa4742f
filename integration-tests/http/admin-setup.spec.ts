/**
 * The admin's setup and health cards' API: credentials checked live, the webhook URL's secret
 * masked (and whole only on request), deliveries and refusals counted, the reconcile job's last
 * run, what needs attention, and the webhook self-test. Medusa on real PostgreSQL, the sandbox over
 * HTTP.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { useSandbox } from "../helpers/sandbox"
import { adminHeaders, errorResponse, eventually, placePixOrder, Store } from "../helpers/store"
import { resetForWebhooks, SECRET, WEBHOOK_SETTINGS, webhookCalls } from "../helpers/webhooks"

jest.setTimeout(120_000)

const gateway = useSandbox({ webhookSecret: SECRET, webhooks: WEBHOOK_SETTINGS })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    let admin: { headers: Record<string, string> }
    const { post } = webhookCalls(api, getContainer, () => store)
    const setup = async () => (await api.get("/admin/vorexy/setup", admin)).data.setup
    const health = async () => (await api.get("/admin/vorexy/health", admin)).data.health

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
      admin = await adminHeaders(getContainer())
    })

    it("requires an admin", async () => {
      for (const [method, path] of [
        ["get", "/admin/vorexy/setup"],
        ["get", "/admin/vorexy/health"],
        ["post", "/admin/vorexy/setup/webhook-token"],
        ["post", "/admin/vorexy/webhook-self-test"],
      ] as const) {
        const response = await api[method](path).catch(errorResponse)
        expect(response.status).toBe(401)
      }
    })

    describe("setup", () => {
      it("checks the credentials live and shows the webhook secret only masked", async () => {
        const { data } = await api.get("/admin/vorexy/setup", admin)

        expect(data.setup).toMatchObject({
          connection: { state: "ok", message: null },
          gateway: { base_url: gateway.sandbox.url, environment: "sandbox" },
          webhook: {
            path: "/hooks/vorexy",
            secret_configured: true,
            token_masked: `…${SECRET.slice(-4)}`,
            built_in_route: false,
          },
        })
        expect(JSON.stringify(data)).not.toContain(SECRET)
        // Whole only when asked for, to copy; never cached.
        const token = await api.post("/admin/vorexy/setup/webhook-token", {}, admin)
        expect(token.data).toEqual({ token: SECRET })
        expect(token.headers["cache-control"]).toBe("no-store")
      })

      it("says the credentials were refused, with the gateway's reason", async () => {
        const company = [...gateway.sandbox.state.companies.values()][0]
        const apiKey = company.apiKey
        company.apiKey = "sk_rotated_in_the_panel"
        try {
          const { connection } = await setup()
          expect(connection.state).toBe("refused")
          expect(connection.message).toEqual(expect.any(String))
          expect(JSON.stringify(connection)).not.toContain(apiKey)
        } finally {
          company.apiKey = apiKey
        }
      })

      it("says the gateway is unreachable, after one call (no retries to wait out)", async () => {
        gateway.sandbox.setFaults({ errorRate: 1, errorStatus: 503 })
        try {
          const before = gateway.sandbox.countRequests()
          const { connection } = await setup()
          expect(connection.state).toBe("unreachable")
          expect(gateway.sandbox.countRequests()).toBe(before + 1)
        } finally {
          gateway.sandbox.setFaults({ errorRate: 0 })
        }
      })

      it("sends itself a test delivery that arrives and is authenticated", async () => {
        const { data } = await api.post("/admin/vorexy/webhook-self-test", {}, admin)
        expect(data.self_test).toMatchObject({
          result: "authenticated",
          arrived: true,
          authenticated: true,
          secret_configured: true,
          status: 200,
        })
        // Nothing was stored: a test is not a delivery.
        expect((await health()).last_webhook).toBeNull()
      })
    })

    describe("health", () => {
      it("shows the last webhook received and counts the deliveries of the last day", async () => {
        const { transactionId } = await placePixOrder(api, store)
        gateway.sandbox.state.payTransaction(transactionId)

        const seen = await eventually(async () => {
          const now = await health()
          return now.last_webhook?.outcome === "processed" ? now : null
        })
        expect(seen.deliveries_24h.processed).toBeGreaterThanOrEqual(1)
        expect(seen.last_webhook).toMatchObject({
          kind: "cash_in",
          outcome: "processed",
          authenticated: true,
          received_at: expect.any(String),
        })
      })

      it("counts a delivery with a bad token as refused", async () => {
        expect((await health()).deliveries_24h.refused).toBe(0)
        const body = { object: "transaction", status: "paid", transactionId: "x" }

        expect((await post(body, {}, "not-the-secret")).status).toBe(401)
        expect((await post(body, {}, null)).status).toBe(401)

        expect((await health()).deliveries_24h.refused).toBe(2)
      })

      it("shows the reconcile job's last run and what it found", async () => {
        expect((await health()).reconcile).toBeNull()
        gateway.sandbox.setWebhookUrl(null)
        await placePixOrder(api, store)
        const paid = await placePixOrder(api, store)
        gateway.sandbox.state.payTransaction(paid.transactionId)

        await reconcileVorexy(getContainer())

        // One page of the gateway's list, and the one charge it showed paid read.
        expect((await health()).reconcile).toMatchObject({
          last_run_at: expect.any(String),
          found: { charges: 1, sweep_pages: 1, sweep_reads: 1, failures: 0 },
        })
      })

      it("lists a charge flagged for attention with its order's number", async () => {
        const { orderId, transactionId } = await placePixOrder(api, store)
        await api.post(`/admin/orders/${orderId}/cancel`, {}, admin)
        gateway.sandbox.state.payTransaction(transactionId)

        const flagged = await eventually(async () =>
          (await health()).attention.find(
            (a: { type: string; reason: string }) => a.reason === "late_payment"
          )
        )
        const {
          data: { order },
        } = await api.get(`/admin/orders/${orderId}?fields=display_id`, admin)
        expect(flagged).toMatchObject({
          type: "charge",
          transaction_id: transactionId,
          order_id: orderId,
          order_display_id: order.display_id,
          detail: expect.stringMatching(/refund it in the Vorexy panel/),
        })
      })
    })
  },
})
