/**
 * Card checkout through the Store API: Medusa on real PostgreSQL, the sandbox gateway over HTTP, the
 * card tokenised as a browser would (the number never reaches the store). Approved, refused, in
 * analysis, charged back; what a storefront may not send.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { cardToken, INSTALLMENTS_WITH_INTEREST, TEST_CARDS } from "../helpers/cards"
import { useSandbox } from "../helpers/sandbox"
import {
  adminHeaders,
  complete,
  createCart,
  errorResponse,
  eventually,
  startSession,
  Store,
  storeOrder,
  VALID_PAYER,
  moveChargeExpiry,
} from "../helpers/store"
import { resetForWebhooks, SECRET, WEBHOOK_SETTINGS, webhookCalls } from "../helpers/webhooks"

jest.setTimeout(120_000)

const gateway = useSandbox({
  webhookSecret: SECRET,
  webhooks: WEBHOOK_SETTINGS,
  env: INSTALLMENTS_WITH_INTEREST,
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const { post, paymentStatus, captures } = webhookCalls(api, getContainer, () => store)
    const transactions = () => [...gateway.sandbox.state.transactions.values()]
    const creates = () => gateway.sandbox.countRequests("createTransaction")

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
    })

    /** A cart and a card session paying with a fresh token of `number`. */
    async function payWith(number: string, extra: Record<string, unknown> = {}, cartId?: string) {
      const cart = cartId ?? (await createCart(api, store))
      const token = await cardToken(api, store, gateway, number)
      const session = await startSession(api, store, cart, "card", {
        ...VALID_PAYER,
        card_token: token,
        ...extra,
      })
      return { cartId: cart, token, session }
    }

    describe("a card checkout", () => {
      it("places a paid order at completion, captured once, with the brand, last 4 and installments", async () => {
        const { cartId, token, session } = await payWith(TEST_CARDS.approved, { installments: 3 })
        expect(session.status).toBe(200)
        const sessionData = session.data.payment_collection.payment_sessions[0].data
        expect(sessionData).toMatchObject({ payment_method: "credit_card", installments: 3 })
        // The token is a secret: sealed with the payer, never readable from the session.
        expect(JSON.stringify(sessionData)).not.toContain(token)

        const completed = await complete(api, store, cartId)

        expect(completed.data.type).toBe("order")
        const order = await storeOrder(api, store, completed.data.order.id)
        expect(order.payment_status).toBe("captured")
        expect((await captures(order.id)).captures).toBe(1)
        const data = order.payment_collections[0].payment_sessions[0].data
        expect(data).toMatchObject({
          status: "paid",
          card_brand: "visa",
          card_last4: "1111",
          installments: 3,
        })
        expect(JSON.stringify(data)).not.toContain(token)
        expect(transactions()).toHaveLength(1)
        expect(transactions()[0]).toMatchObject({
          paymentMethod: "CREDIT_CARD",
          amountCents: 9490,
          installments: 3,
        })
        const { data: status } = await api.get(
          `/store/vorexy/payment-status?order_id=${order.id}`,
          store.storeHeaders
        )
        expect(status.payment_status).toMatchObject({
          method: "credit_card",
          paid: true,
          card_brand: "visa",
          card_last4: "1111",
          installments: 3,
        })
      })

      it("charges 6 installments with interest above 3: the gateway the total, Medusa the cart's, the order saying why", async () => {
        const { data: config } = await api.get(
          "/store/vorexy/config?amount_cents=9490",
          store.storeHeaders
        )
        // R$ 94,90 at 2.99% a month in 6: 17.5125 up to the cent, 6 × R$ 17,52.
        const six = { installments: 6, installment_cents: 1752, total_cents: 10_512 }
        expect(config.vorexy.card.installment_plan).toEqual([
          { installments: 1, installment_cents: 9490, total_cents: 9490, interest_cents: 0 },
          { installments: 2, installment_cents: 4745, total_cents: 9490, interest_cents: 0 },
          { installments: 3, installment_cents: 3163, total_cents: 9490, interest_cents: 0 },
          expect.objectContaining({ installments: 4, interest_cents: expect.any(Number) }),
          expect.objectContaining({ installments: 5, interest_cents: expect.any(Number) }),
          { ...six, interest_cents: 1022 },
        ])

        const { cartId, session } = await payWith(TEST_CARDS.approved, { installments: 6 })
        expect(session.status).toBe(200)
        const payment = session.data.payment_collection
        // Medusa's amount stays the cart's; what the card is charged is beside it.
        expect(Number(payment.payment_sessions[0].amount)).toBe(94.9)
        expect(payment.payment_sessions[0].data).toMatchObject({
          amount_cents: 10_512,
          order_amount_cents: 9490,
          installments: 6,
          interest_cents: 1022,
        })

        const completed = await complete(api, store, cartId)
        expect(completed.data.type).toBe("order")
        const order = await storeOrder(api, store, completed.data.order.id)
        expect(order.payment_status).toBe("captured")
        expect(Number(order.total)).toBe(94.9)
        expect((await captures(order.id)).captures).toBe(1)
        expect(transactions()).toHaveLength(1)
        expect(transactions()[0]).toMatchObject({ amountCents: 10_512, installments: 6 })
        // The order's lines still add up to the order; the interest is an item of its own.
        expect(transactions()[0].items).toContainEqual(
          expect.objectContaining({ title: "Juros do parcelamento (6x)", unitPrice: 1022 })
        )

        const { data: status } = await api.get(
          `/store/vorexy/payment-status?order_id=${order.id}`,
          store.storeHeaders
        )
        expect(status.payment_status).toMatchObject({
          paid: true,
          amount_cents: 10_512,
          installments: 6,
          interest_cents: 1022,
        })
        const admin = await adminHeaders(getContainer())
        const {
          data: { charges },
        } = await api.get(`/admin/vorexy/charges?order_id=${order.id}`, admin)
        expect(charges[0]).toMatchObject({
          amount_cents: 10_512,
          status: "paid",
          details: expect.objectContaining({ installments: 6, interest_cents: 1022 }),
        })
        expect(charges[0].flag).toBeNull()

        // Refunded in full in the panel (with its interest): Medusa records the order's amount.
        gateway.sandbox.state.refundTransaction(transactions()[0].transactionId, 10_512)
        // Medusa's own admin order: the cart's total, captured, and the payment's data saying
        // what the card was charged and why.
        const {
          data: { order: adminOrder },
        } = await api.get(
          `/admin/orders/${order.id}?fields=total,*payment_collections,*payment_collections.payments`,
          admin
        )
        expect(Number(adminOrder.total)).toBe(94.9)
        const [medusaPayment] = adminOrder.payment_collections[0].payments
        expect(Number(medusaPayment.amount)).toBe(94.9)
        expect(medusaPayment.data).toMatchObject({
          amount_cents: 10_512,
          order_amount_cents: 9490,
          interest_cents: 1022,
          installments: 6,
        })
        const paymentId = medusaPayment.id
        const refund = await api
          .post(`/admin/payments/${paymentId}/refund`, { amount: 94.9 }, admin)
          .catch(errorResponse)
        expect(refund.status).toBe(200)
        expect((await captures(order.id)).refunds.map((r) => Number(r.amount))).toEqual([94.9])
      })

      it("places no order on a refused card, says why, never charges the same session twice, and the cart pays with another card", async () => {
        const refused = await payWith(TEST_CARDS.refused)

        const first = await complete(api, store, refused.cartId)

        expect(first.status).toBe(200)
        expect(first.data.type).toBe("cart")
        expect(first.data.error).toMatchObject({ type: "payment_authorization_error" })
        expect(first.data.error.message).toMatch(
          /Your card was declined: .*saldo insuficiente.*Nothing was charged/
        )
        // Completing again with the same session replays the refusal: no second charge attempt.
        const again = await complete(api, store, refused.cartId)
        expect(again.data.error.message).toMatch(/declined/)
        expect(transactions()).toHaveLength(1)
        const charges = await vorexy().listVorexyCharges({ method: "credit_card" })
        expect(charges).toHaveLength(1)
        expect(charges[0]).toMatchObject({ status: "failed", order_id: null })

        const approved = await payWith(TEST_CARDS.approved, {}, refused.cartId)
        const paid = await complete(api, store, approved.cartId)

        expect(paid.data.type).toBe("order")
        expect((await storeOrder(api, store, paid.data.order.id)).payment_status).toBe("captured")
        expect(transactions()).toHaveLength(2)
      })

      it("names the refusal reason a gateway sends as an object", async () => {
        const { cartId } = await payWith(TEST_CARDS.expired)
        const completed = await complete(api, store, cartId)
        expect(completed.data.error.message).toMatch(/declined: Cartão expirado/)
      })

      it("keeps an order in analysis awaiting, and captures it when the gateway approves (6×, with interest)", async () => {
        // Charged R$ 105,12 with interest: approved later, the order's R$ 94,90 is captured once.
        const { cartId } = await payWith(TEST_CARDS.analysis, { installments: 6 })
        const completed = await complete(api, store, cartId)
        expect(completed.data.type).toBe("order")
        const orderId = completed.data.order.id
        expect(await paymentStatus(orderId)).toBe("awaiting")
        // The gateway's "in analysis" delivery says what the create said: nothing to read.
        const { transactionId } = transactions()[0]
        const reads = () => gateway.sandbox.countRequests("getTransaction")
        await gateway.sandbox.webhooks.idle()
        await eventually(async () => {
          const events = await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })
          return events.length > 0 && events.every((e) => e.outcome === "processed")
        })
        expect(reads()).toBe(0)

        gateway.sandbox.state.payTransaction(transactionId)

        await eventually(async () => (await paymentStatus(orderId)) === "captured")
        expect((await captures(orderId)).captures).toBe(1)
        expect(reads()).toBe(1)
        const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        expect(charge).toMatchObject({ status: "paid", amount_cents: 10_512, flag: null })
      })

      it("cancels the order of a card left in analysis past 3 days", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { cartId } = await payWith(TEST_CARDS.analysis)
        const orderId = (await complete(api, store, cartId)).data.order.id
        const [charge] = await vorexy().listVorexyCharges({ method: "credit_card" })
        expect(Date.parse(charge.expires_at as unknown as string)).toBeGreaterThan(
          Date.now() + 2.9 * 86_400_000
        )

        await moveChargeExpiry(
          getContainer(),
          charge.transaction_id,
          new Date(Date.now() - 60 * 60_000)
        )
        await reconcileVorexy(getContainer())

        expect((await storeOrder(api, store, orderId)).status).toBe("canceled")
      })

      it("records a chargeback as refunded and flags it for the admin", async () => {
        const { cartId } = await payWith(TEST_CARDS.approved)
        const orderId = (await complete(api, store, cartId)).data.order.id
        const { transactionId } = transactions()[0]

        gateway.sandbox.state.chargebackTransaction(transactionId)

        await eventually(async () => (await paymentStatus(orderId)) === "refunded")
        expect((await captures(orderId)).refunds.map((r) => Number(r.amount))).toEqual([94.9])
        const {
          data: { charges },
        } = await api.get(
          `/admin/vorexy/charges?order_id=${orderId}`,
          await adminHeaders(getContainer())
        )
        expect(charges[0]).toMatchObject({ status: "disputed", flag: "disputed" })
        expect(charges[0].flag_detail).toMatch(/dispute.*R\$ 94,90 recorded as refunded/)
        // A replayed "paid" delivery for the same charge never captures it again.
        const replay = await post(
          {
            object: "transaction",
            status: "paid",
            transactionId,
            card: { brand: "visa", lastDigits: "1111", holderName: "ANA SOUZA", expMonth: 12 },
          },
          { "x-webhook-event-id": "evt_replayed_paid" }
        )
        expect(replay.status).toBe(200)
        // Of a card in a webhook body, only the brand and last digits are kept.
        const [stored] = await vorexy().listVorexyWebhookEvents({
          header_event_id: "evt_replayed_paid",
        })
        expect(stored.body.card).toEqual({ brand: "visa", lastDigits: "1111" })
        expect((await captures(orderId)).captures).toBe(1)
        expect(await paymentStatus(orderId)).toBe("refunded")
      })
    })

    describe("what a storefront may not send", () => {
      it("refuses a card number in session data before anything is stored or sent", async () => {
        const cartId = await createCart(api, store)
        for (const provider of ["card", "pix"] as const) {
          const response = await startSession(api, store, cartId, provider, {
            ...VALID_PAYER,
            card: { number: "4111 1111 1111 1111", cvv: "123", exp_month: 12 },
          })
          expect(response.status).toBe(400)
          expect(response.data.message).toMatch(
            /card details \(card.number, card.cvv, card.exp_month\) must never be sent to the store/
          )
          expect(response.data.message).not.toContain("4111")
        }
        const {
          data: { cart },
        } = await api.get(`/store/carts/${cartId}`, store.storeHeaders)
        expect(cart.payment_collection.payment_sessions).toEqual([])
        expect(creates()).toBe(0)
      })

      it("refuses a session without a token, and installments beyond what the cart allows", async () => {
        const cartId = await createCart(api, store)
        const noToken = await startSession(api, store, cartId, "card", VALID_PAYER)
        expect(noToken.status).toBe(400)
        expect(noToken.data.message).toMatch(/send the card as a token \(data.card_token\)/)

        const token = await cardToken(api, store, gateway, TEST_CARDS.approved)
        const tooMany = await startSession(api, store, cartId, "card", {
          ...VALID_PAYER,
          card_token: token,
          installments: 7,
        })
        expect(tooMany.status).toBe(400)
        expect(tooMany.data.message).toMatch(/installments must be a whole number from 1 to 6/)
        expect(creates()).toBe(0)
      })

      it("publishes what a card form needs, and nothing secret", async () => {
        const { data } = await api.get("/store/vorexy/config?amount_cents=1200", store.storeHeaders)
        expect(data.vorexy.card).toEqual({
          public_key: gateway.sandbox.credentials().publicKey,
          token_script_url: `${gateway.sandbox.url}/js/vorexy-card.js`,
          max_installments: 6,
          min_installment_cents: 500,
          installments_for_amount: 2,
          interest_free_installments: 3,
          installment_plan: [
            { installments: 1, installment_cents: 1200, total_cents: 1200, interest_cents: 0 },
            { installments: 2, installment_cents: 600, total_cents: 1200, interest_cents: 0 },
          ],
        })
        expect(JSON.stringify(data)).not.toContain(gateway.sandbox.credentials().apiKey)
        const bad = await api
          .get("/store/vorexy/config?amount_cents=abc", store.storeHeaders)
          .catch(errorResponse)
        expect(bad.status).toBe(400)
      })
    })
  },
})
