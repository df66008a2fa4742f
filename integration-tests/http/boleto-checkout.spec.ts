/**
 * Boleto checkout through the Store API: Medusa on real PostgreSQL, the sandbox gateway over HTTP.
 * Placed → the slip's facts → paid → captured; unpaid past due (and the grace days) → cancelled;
 * what a boleto needs; amounts that add up with a discount and shipping.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { useSandbox } from "../helpers/sandbox"
import { fetchPdf } from "../helpers/sandbox-methods"
import {
  adminHeaders,
  BILLING_ADDRESS,
  complete,
  createCart,
  eventually,
  setBillingAddress,
  startSession,
  Store,
  storeOrder,
  VALID_PAYER,
  moveChargeExpiry,
} from "../helpers/store"
import {
  hookUrl,
  resetForWebhooks,
  SECRET,
  WEBHOOK_SETTINGS,
  webhookCalls,
} from "../helpers/webhooks"

jest.setTimeout(120_000)

const gateway = useSandbox({ webhookSecret: SECRET, webhooks: WEBHOOK_SETTINGS })

const HOUR = 60 * 60_000

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const { paymentStatus, captures } = webhookCalls(api, getContainer, () => store)
    const orderStatus = async (orderId: string) => (await storeOrder(api, store, orderId)).status
    const transactions = () => [...gateway.sandbox.state.transactions.values()]
    const creates = () => gateway.sandbox.countRequests("createTransaction")
    const reconcile = () => reconcileVorexy(getContainer())
    const statusOf = async (orderId: string) =>
      (await api.get(`/store/vorexy/payment-status?order_id=${orderId}`, store.storeHeaders)).data
        .payment_status

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
    })

    /** Cart with a full billing address → boleto session → completed order. */
    async function placeBoletoOrder() {
      const cartId = await createCart(api, store)
      await setBillingAddress(api, store, cartId)
      const session = await startSession(api, store, cartId, "boleto", VALID_PAYER)
      expect(session.status).toBe(200)
      const completed = await complete(api, store, cartId)
      expect(completed.data.type).toBe("order")
      const orderId = completed.data.order.id as string
      const order = await storeOrder(api, store, orderId)
      const data = order.payment_collections[0].payment_sessions[0].data
      return { cartId, orderId, data, transactionId: data.transaction_id as string }
    }

    /** Moves the recorded due date, as if the boleto had been issued earlier. */
    async function dueHoursAgo(transactionId: string, hours: number) {
      await moveChargeExpiry(getContainer(), transactionId, new Date(Date.now() - hours * HOUR))
    }

    describe("a boleto checkout", () => {
      it("places an awaiting order with the slip to pay, and captures it once paid", async () => {
        const { orderId, data, transactionId } = await placeBoletoOrder()

        expect(await paymentStatus(orderId)).toBe("awaiting")
        expect(data).toMatchObject({
          payment_method: "boleto",
          status: "pending",
          transaction_id: transactionId,
          amount: "94.90",
          amount_cents: 9490,
          digitable_line: expect.stringMatching(/^\d{47}$/),
          barcode: expect.stringMatching(/^\d{44}$/),
          boleto_url: expect.stringMatching(/^http/),
          due_at: expect.any(String),
        })
        // Due in the configured 3 days (the end of that day).
        const dueInHours = (Date.parse(data.due_at) - Date.now()) / HOUR
        expect(dueInHours).toBeGreaterThan(2 * 24)
        expect(dueInHours).toBeLessThan(4 * 24 + 1)
        // The barcode carries the amount; the slip is a real PDF with the line and amount.
        expect(data.barcode.slice(9, 19)).toBe("0000009490")
        const pdf = await fetchPdf(data.boleto_url)
        expect(pdf).toMatchObject({ status: 200, contentType: "application/pdf", offsetsOk: true })
        expect(pdf.text).toContain("94,90")

        // What the gateway was sent: the billing address, the due days, shipping as a fee.
        const [sent] = transactions()
        expect(sent).toMatchObject({
          paymentMethod: "BOLETO",
          amountCents: 9490,
          customer: {
            address: {
              street: "Rua Augusta",
              streetNumber: "1500",
              complement: "ap 12",
              neighborhood: "Consolação",
              city: "São Paulo",
              state: "SP",
              zipCode: "01304001",
            },
          },
          shipping: { fee: 1500 },
        })

        const status = await statusOf(orderId)
        expect(status).toMatchObject({
          method: "boleto",
          paid: false,
          digitable_line: data.digitable_line,
          barcode: data.barcode,
          boleto_url: data.boleto_url,
          due_at: data.due_at,
        })

        gateway.sandbox.state.payTransaction(transactionId)

        await eventually(async () => (await paymentStatus(orderId)) === "captured")
        expect((await captures(orderId)).captures).toBe(1)
        // Once paid, the slip is no longer offered to pay again.
        expect(await statusOf(orderId)).toMatchObject({
          paid: true,
          digitable_line: null,
          boleto_url: null,
        })
      })

      it("cancels the order when the gateway expires the boleto", async () => {
        const { orderId, transactionId } = await placeBoletoOrder()

        gateway.sandbox.state.expireTransaction(transactionId)

        await eventually(async () => (await orderStatus(orderId)) === "canceled")
        expect((await captures(orderId)).captures).toBe(0)
      })

      it("waits the grace days after the due date before cancelling, and flags a payment after that", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placeBoletoOrder()

        // Due 12 hours ago: within the default grace of three bank business days, a bank may
        // still settle it (whatever day of the week this runs).
        await dueHoursAgo(transactionId, 12)
        await reconcile()
        expect(await orderStatus(orderId)).not.toBe("canceled")
        expect(await paymentStatus(orderId)).toBe("awaiting")

        // Due two weeks ago: past the grace (three business days, weekends and holidays
        // skipped), cancelled.
        await dueHoursAgo(transactionId, 14 * 24)
        await reconcile()
        expect(await orderStatus(orderId)).toBe("canceled")

        // Paid anyway (the gateway's webhook): never captured into the cancelled order, flagged.
        gateway.sandbox.setWebhookUrl(`${api.defaults.baseURL}${hookUrl()}`)
        gateway.sandbox.state.payTransaction(transactionId)
        const admin = await adminHeaders(getContainer())
        const charges = await eventually(async () => {
          const { data } = await api.get(`/admin/vorexy/charges?order_id=${orderId}`, admin)
          return data.charges[0]?.flag ? data.charges : null
        })
        expect((await captures(orderId)).captures).toBe(0)
        expect(charges[0]).toMatchObject({ flag: "late_payment" })
      })
    })

    describe("what a boleto needs", () => {
      it("refuses a session without an address or a document, before any gateway call", async () => {
        // The cart's shipping address (the fallback) has no neighbourhood and no state.
        const cartId = await createCart(api, store)
        const noAddress = await startSession(api, store, cartId, "boleto", VALID_PAYER)
        expect(noAddress.status).toBe(400)
        expect(noAddress.data.message).toMatch(/boleto needs/i)
        expect(noAddress.data.message).toMatch(/neighbourhood \(address_2\)/)
        expect(noAddress.data.message).toMatch(/state \(province, e\.g\. SP\)/)

        await setBillingAddress(api, store, cartId)
        const withoutDocument = { ...VALID_PAYER, document: undefined }
        const noDocument = await startSession(api, store, cartId, "boleto", withoutDocument)
        expect(noDocument.status).toBe(400)
        expect(noDocument.data.message).toMatch(/CPF or CNPJ \(data.document\)/)

        expect(creates()).toBe(0)
        const ok = await startSession(api, store, cartId, "boleto", VALID_PAYER)
        expect(ok.status).toBe(200)
        expect(creates()).toBe(0)
      })

      it("takes the neighbourhood from the payment step when the address form has none", async () => {
        // A storefront without a neighbourhood input: address_2 empty, the shopper types it in
        // the payment step (VorexyPaymentFields sends it as data.neighborhood).
        const cartId = await createCart(api, store)
        await setBillingAddress(api, store, cartId, { ...BILLING_ADDRESS, address_2: "" })
        const without = await startSession(api, store, cartId, "boleto", VALID_PAYER)
        expect(without.status).toBe(400)
        expect(without.data.message).toMatch(/neighbourhood \(address_2\)/)

        const given = { ...VALID_PAYER, neighborhood: "Bela Vista" }
        expect((await startSession(api, store, cartId, "boleto", given)).status).toBe(200)
        const completed = await complete(api, store, cartId)
        expect(completed.data.type).toBe("order")
        const [sent] = transactions()
        expect(sent.customer.address).toMatchObject({
          street: "Rua Augusta",
          streetNumber: "1500",
          neighborhood: "Bela Vista",
        })
        // Like every storefront key, it is not kept in the session data anyone can read.
        const order = await storeOrder(api, store, completed.data.order.id)
        expect(order.payment_collections[0].payment_sessions[0].data.neighborhood).toBeNull()
      })
    })

    describe("amounts sent to the gateway", () => {
      it("add up to the charge with a discount and shipping", async () => {
        const admin = await adminHeaders(getContainer())
        await api.post(
          "/admin/promotions",
          {
            code: "DEZ",
            type: "standard",
            status: "active",
            application_method: {
              type: "percentage",
              target_type: "items",
              allocation: "across",
              value: 10,
            },
          },
          admin
        )
        const cartId = await createCart(api, store)
        await api.post(
          `/store/carts/${cartId}/promotions`,
          { promo_codes: ["DEZ"] },
          store.storeHeaders
        )
        await setBillingAddress(api, store, cartId)
        await startSession(api, store, cartId, "boleto", VALID_PAYER)

        const completed = await complete(api, store, cartId)

        expect(completed.data.type).toBe("order")
        expect(Number(completed.data.order.total)).toBe(86.91)
        const [sent] = transactions()
        const items = sent.items as { unitPrice: number; quantity: number }[]
        const itemsCents = items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0)
        expect(sent.amountCents).toBe(8691)
        expect(sent.shipping).toMatchObject({ fee: 1500 })
        expect(itemsCents + Number(sent.shipping!.fee)).toBe(8691)
      })
    })
  },
})
