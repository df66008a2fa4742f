/**
 * The trust boundary of the payment session: what a storefront (an attacker) sends in session
 * `data` can select, never assert. A paid charge pays only the order it was created for.
 */
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import {
  createApiKeysWorkflow,
  createSalesChannelsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
} from "@medusajs/medusa/core-flows"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { useSandbox } from "../helpers/sandbox"
import {
  adminHeaders,
  complete,
  createCart,
  errorResponse,
  placePixOrder,
  PROVIDERS,
  resetAndSeed,
  startPix,
  Store,
  storeOrder,
  VALID_PAYER,
} from "../helpers/store"

jest.setTimeout(120_000)

const gateway = useSandbox()

/** Every key the provider owns, planted by a storefront. */
const PLANTED = {
  status: "paid",
  qr_code: "00020126planted",
  qr_code_image: "data:image/png;base64,planted",
  expires_at: "2099-01-01T00:00:00.000Z",
  gateway_company_id: 999999,
  charge_binding: "v1.planted",
  payer_sealed: "v1.planted",
  payer_ip: "6.6.6.6",
  paid_at: "2026-01-01T00:00:00.000Z",
  amount_cents: 1,
  session_id: "payses_planted",
  anything_else: { nested: "junk" },
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const transactions = () => [...gateway.sandbox.state.transactions.values()]

    beforeEach(async () => {
      store = await resetAndSeed(gateway, getContainer())
    })

    /** Order A, paid at the gateway and captured (through the reconcile job). */
    async function paidOrder() {
      const placed = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(placed.transactionId)
      await reconcileVorexy(getContainer())
      expect((await storeOrder(api, store, placed.orderId)).payment_status).toBe("captured")
      return placed
    }

    it("refuses huge session data in words, before reading it, while other routes answer", async () => {
      const cartId = await createCart(api, store)
      const huge = [
        { ...VALID_PAYER, email: `a@${".".repeat(95_000)}@` },
        { ...VALID_PAYER, note: "Grade 34 35 36 ".repeat(6_000) },
        { ...VALID_PAYER, many: Array.from({ length: 10_000 }, (_, i) => i) },
      ]
      const regions = () => api.get("/store/regions", store.storeHeaders).catch(errorResponse)
      const {
        data: { payment_collection },
      } = await api.post("/store/payment-collections", { cart_id: cartId }, store.storeHeaders)
      const session = (data: Record<string, unknown>) =>
        api
          .post(
            `/store/payment-collections/${payment_collection.id}/payment-sessions`,
            { provider_id: PROVIDERS.pix, data },
            store.storeHeaders
          )
          .catch(errorResponse)
      const [answers, others] = await Promise.all([
        Promise.all(huge.map(session)),
        Promise.all([regions(), regions(), regions()]),
      ])
      for (const answer of answers) {
        expect(answer.status).toBe(400)
        expect(answer.data.message).toMatch(/payment session data is too large/)
        expect(answer.data.message.length).toBeLessThan(300)
      }
      // Text PostgreSQL cannot store, and keys that shadow Object.prototype: 400s naming where.
      const nul = await session({ ...VALID_PAYER, "a\u0000b": 1 })
      expect(nul.status).toBe(400)
      expect(nul.data.message).toMatch(/cannot be stored \(NUL or an unpaired surrogate\)/)
      const surrogate = await session({ ...VALID_PAYER, name: "Ana \ud800" })
      expect(surrogate.status).toBe(400)
      const shadow = await session({ ...VALID_PAYER, hasOwnProperty: 1 })
      expect(shadow.status).toBe(400)
      expect(shadow.data.message).toMatch(/is a reserved name/)
      // Sent as a list, such a key reached Medusa's validator, whose message failed to print (a 500).
      for (const provider_id of [PROVIDERS.pix, "pp_system_default"]) {
        const listed = await api
          .post(
            `/store/payment-collections/${payment_collection.id}/payment-sessions`,
            { provider_id, data: [{ toString: null, "": "<b>" }, "${x}\u0000a", true] },
            store.storeHeaders
          )
          .catch(errorResponse)
        expect([listed.status, listed.data.message]).toEqual([
          400,
          expect.stringMatching(/reserved name/),
        ])
      }
      expect(others.map((r) => r.status)).toEqual([200, 200, 200])
      expect(transactions()).toHaveLength(0)
      // The same cart still pays with ordinary data.
      expect((await session(VALID_PAYER)).status).toBe(200)
    })

    it("never lets another order's paid transaction pay a new cart (the replay)", async () => {
      const a = await paidOrder()

      const cartId = await createCart(api, store)
      const session = await startPix(api, store, cartId, {
        ...VALID_PAYER,
        transaction_id: a.transactionId,
      })
      expect(session.status).toBe(200)
      expect(session.data.payment_collection.payment_sessions[0].data.transaction_id).toBeNull()
      const completed = await complete(api, store, cartId)

      expect(completed.data.type).toBe("order")
      const b = await storeOrder(api, store, completed.data.order.id)
      expect(b.payment_status).toBe("awaiting")
      const data = b.payment_collections[0].payment_sessions[0].data
      expect(data.transaction_id).toEqual(expect.any(String))
      expect(data.transaction_id).not.toBe(a.transactionId)
      expect(transactions()).toHaveLength(2)
      // A's charge still belongs to A; B has its own row.
      const [rowA] = await vorexy().listVorexyCharges({ transaction_id: a.transactionId })
      expect(rowA.order_id).toBe(a.orderId)
      const [rowB] = await vorexy().listVorexyCharges({ transaction_id: data.transaction_id })
      expect(rowB).toMatchObject({ order_id: b.id, status: "pending" })
    })

    it("blanks every provider-owned key a storefront plants at session creation", async () => {
      const a = await paidOrder()
      const cartId = await createCart(api, store)
      const created = await startPix(api, store, cartId, {
        ...VALID_PAYER,
        ...PLANTED,
        transaction_id: a.transactionId,
      })

      const data = created.data.payment_collection.payment_sessions[0].data
      expect(data).toMatchObject({
        transaction_id: null,
        status: null,
        qr_code: null,
        qr_code_image: null,
        expires_at: null,
        gateway_company_id: null,
        charge_binding: null,
        payer_ip: null,
        paid_at: null,
        anything_else: null,
        amount_cents: 9490,
        session_id: created.data.payment_collection.payment_sessions[0].id,
        payer_sealed: expect.stringMatching(/^v1\./),
      })
      expect(data.payer_sealed).not.toBe("v1.planted")

      // Completing makes the session's own charge, for the cart's amount, from the real IP.
      const completed = await complete(api, store, cartId)
      const order = await storeOrder(api, store, completed.data.order.id)
      expect(order.payment_status).toBe("awaiting")
      const [charge] = transactions().slice(-1)
      expect(charge).toMatchObject({ amountCents: 9490, ip: "127.0.0.1" })
      // The learned company id is the gateway's, never the planted one.
      expect(await vorexy().companyId()).toBe(String(gateway.sandbox.credentials().companyId))
    })

    it("takes the payer's IP from the connection, not from X-Forwarded-For", async () => {
      const cartId = await createCart(api, store)
      const {
        data: { payment_collection },
      } = await api.post("/store/payment-collections", { cart_id: cartId }, store.storeHeaders)
      const created = await api.post(
        `/store/payment-collections/${payment_collection.id}/payment-sessions`,
        { provider_id: "pp_vorexy-pix_vorexy", data: VALID_PAYER },
        { headers: { ...store.storeHeaders.headers, "x-forwarded-for": "6.6.6.6" } }
      )
      const data = created.data.payment_collection.payment_sessions[0].data
      expect(data.payer_ip).toBeNull()
      expect(JSON.stringify(data)).not.toContain("127.0.0.1")
      await complete(api, store, cartId)
      expect(transactions()[0].ip).toBe("127.0.0.1")
    })

    it("records no charge row from session data it cannot prove (the status route)", async () => {
      const a = await paidOrder()
      const b = await placePixOrder(api, store)
      // Tamper with B's stored session data (as a forged or pre-binding session would look), and
      // drop B's row so the status route tries to record it from the session.
      const payment = getContainer().resolve(Modules.PAYMENT)
      const [session] = await payment.listPaymentSessions({ id: b.sessionId })
      await payment.updatePaymentSession({
        id: b.sessionId,
        currency_code: "brl",
        amount: 94.9,
        data: { ...session.data, transaction_id: a.transactionId },
      })
      const [rowB] = await vorexy().listVorexyCharges({ transaction_id: b.transactionId })
      await vorexy().deleteVorexyCharges([rowB.id])

      const status = await api
        .get(`/store/vorexy/payment-status?payment_session_id=${b.sessionId}`, store.storeHeaders)
        .catch(errorResponse)

      expect(status.status).toBe(404)
      const rowsForA = await vorexy().listVorexyCharges({ transaction_id: a.transactionId })
      expect(rowsForA).toHaveLength(1)
      expect(rowsForA[0]).toMatchObject({ order_id: a.orderId, payment_session_id: a.sessionId })
      expect(await vorexy().listVorexyCharges({ payment_session_id: b.sessionId })).toHaveLength(0)
      // And the admin's capture path refuses the transaction the session did not create.
      const admin = await adminHeaders(getContainer())
      const authorized = await api
        .post(
          `/admin/orders/${b.orderId}/payment-sessions/authorize`,
          { payment_session_id: b.sessionId },
          admin
        )
        .catch(errorResponse)
      expect((await storeOrder(api, store, b.orderId)).payment_status).not.toBe("captured")
      expect(authorized.status).not.toBe(500)
    })

    it("answers 404 to a publishable key of another sales channel, by order or by session", async () => {
      const placed = await placePixOrder(api, store)
      const container = getContainer()
      const {
        result: [channel],
      } = await createSalesChannelsWorkflow(container).run({
        input: { salesChannelsData: [{ name: "Other channel" }] },
      })
      const {
        result: [key],
      } = await createApiKeysWorkflow(container).run({
        input: { api_keys: [{ type: "publishable", title: "Other", created_by: "" }] },
      })
      await linkSalesChannelsToApiKeyWorkflow(container).run({
        input: { id: key.id, add: [channel.id] },
      })
      const other = { headers: { "x-publishable-api-key": key.token } }

      for (const query of [
        `order_id=${placed.orderId}`,
        `payment_session_id=${placed.sessionId}`,
      ]) {
        const foreign = await api
          .get(`/store/vorexy/payment-status?${query}`, other)
          .catch(errorResponse)
        expect(foreign.status).toBe(404)
        expect(JSON.stringify(foreign.data)).not.toContain(placed.transactionId)
        const own = await api.get(`/store/vorexy/payment-status?${query}`, store.storeHeaders)
        expect(own.data.payment_status.transaction_id).toBe(placed.transactionId)
      }
    })
  },
})
