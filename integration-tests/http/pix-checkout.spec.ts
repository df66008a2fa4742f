/**
 * PIX checkout through the Store API: Medusa on real PostgreSQL, the sandbox gateway over HTTP.
 * Completing a cart (and the gateway failing meanwhile) and the payer's data. After the order:
 * pix-payment-status.spec.ts.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { parsePixPayload } from "../../sandbox"
import { useSandbox } from "../helpers/sandbox"
import { Modules } from "@medusajs/framework/utils"
import {
  BILLING_ADDRESS,
  complete,
  createCart,
  resetAndSeed,
  startPix,
  Store,
  storeOrder,
  VALID_PAYER,
} from "../helpers/store"

jest.setTimeout(120_000)

const gateway = useSandbox()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store

    beforeEach(async () => {
      store = await resetAndSeed(gateway, getContainer())
    })

    const sandboxTransactions = () => [...gateway.sandbox.state.transactions.values()]

    describe("completing a cart with PIX", () => {
      it("places the order awaiting payment, with the QR in the order's session data and one charge at the gateway", async () => {
        const cartId = await createCart(api, store)
        const session = await startPix(api, store, cartId)
        expect(session.status).toBe(200)

        const completed = await complete(api, store, cartId)

        expect(completed.status).toBe(200)
        expect(completed.data.type).toBe("order")
        const order = await storeOrder(api, store, completed.data.order.id)
        expect(order.payment_status).toBe("awaiting")
        const data = order.payment_collections[0].payment_sessions[0].data
        expect(data).toMatchObject({
          status: "pending",
          amount: "94.90",
          amount_cents: 9490,
          currency_code: "brl",
          transaction_id: expect.any(String),
          qr_code: expect.stringMatching(/^000201/),
          qr_code_image: expect.stringMatching(/^data:image\/png;base64,/),
          expires_at: expect.any(String),
          // The payer only sealed: not shown, not even masked (SECURITY.md).
          payer_display: null,
          payer_sealed: expect.any(String),
        })
        // The payer's values whole, and what a mask would leave of them: fragments that random
        // text (the sealed payer, the QR and its "***" reference, ids, dates) cannot hold by chance.
        const text = JSON.stringify(data)
        for (const clear of [
          "Ana Souza",
          "Souza",
          "Ana ",
          "ana@",
          "529.982.247-25",
          "52998224725",
          ".982.",
          "***.",
          "98765-4321",
          "987654321",
        ]) {
          expect(text).not.toContain(clear)
        }
        expect(parsePixPayload(data.qr_code).crcValid).toBe(true)
        // The cart's own route shows the same session data.
        const {
          data: { cart },
        } = await api.get(`/store/carts/${cartId}`, store.storeHeaders)
        expect(cart.payment_collection.payment_sessions[0].data).toMatchObject({
          transaction_id: data.transaction_id,
          qr_code: data.qr_code,
        })

        const transactions = sandboxTransactions()
        expect(transactions).toHaveLength(1)
        expect(transactions[0]).toMatchObject({
          transactionId: data.transaction_id,
          amountCents: 9490,
          paymentMethod: "PIX",
          customer: {
            name: "Ana Souza",
            email: "ana@example.com",
            document: { type: "CPF", number: "52998224725" },
            phone: "11987654321",
          },
          items: [{ title: "Camiseta Vorexy - P", unitPrice: 7990, quantity: 1, tangible: true }],
        })
      })

      it("keeps no payer secret in the shopper-readable session data", async () => {
        const cartId = await createCart(api, store)
        const created = await startPix(api, store, cartId, {
          ...VALID_PAYER,
          cpf: "52998224725",
          payer_ip: "6.6.6.6",
          items: [{ title: "Free", unit_price_cents: 1, quantity: 1 }],
        })
        const before = created.data.payment_collection.payment_sessions[0].data
        expect(before).toMatchObject({
          name: null,
          email: null,
          document: null,
          phone: null,
          cpf: null,
          payer_sealed: expect.stringMatching(/^v1\./),
        })
        expect(JSON.stringify(before)).not.toMatch(
          /52998224725|529\.982\.247-25|ana@example\.com|98765-4321/
        )

        const completed = await complete(api, store, cartId)
        const after = (await storeOrder(api, store, completed.data.order.id)).payment_collections[0]
          .payment_sessions[0].data
        expect(after.payer_sealed).toMatch(/^v1\./)
        const serialised = JSON.stringify(after)
        expect(serialised).not.toMatch(/52998224725|ana@example\.com/)
        expect(serialised).not.toContain(gateway.sandbox.credentials().apiKey)
        // The IP and items are the ones Medusa knows, not the ones the storefront claimed.
        expect(sandboxTransactions()[0].ip).toBe("127.0.0.1")
        expect(sandboxTransactions()[0].items).toEqual([
          { title: "Camiseta Vorexy - P", unitPrice: 7990, quantity: 1, tangible: true },
        ])
      })

      it("returns the same order and keeps one charge when completed again, and twice concurrently", async () => {
        const cartId = await createCart(api, store)
        await startPix(api, store, cartId)
        const [first, second] = await Promise.all([
          complete(api, store, cartId),
          complete(api, store, cartId),
        ])
        const third = await complete(api, store, cartId)

        const orderIds = [first, second, third]
          .filter((r) => r.data?.type === "order")
          .map((r) => r.data.order.id)
        expect(orderIds.length).toBeGreaterThanOrEqual(2)
        expect(new Set(orderIds).size).toBe(1)
        // A concurrent attempt may be told the cart is being completed; it never makes another order.
        for (const response of [first, second]) {
          if (response.data?.type !== "order") expect(response.status).toBe(409)
        }
        expect(sandboxTransactions()).toHaveLength(1)
      })

      it("tells the shopper the gateway is down, leaves no order behind, and the retry makes one charge", async () => {
        const cartId = await createCart(api, store)
        await startPix(api, store, cartId)
        gateway.sandbox.setFaults({ failNext: 100, routes: ["createTransaction"] })

        const failed = await complete(api, store, cartId)

        expect(failed.status).toBe(200)
        expect(failed.data.type).toBe("cart")
        expect(failed.data.error).toMatchObject({
          type: "payment_authorization_error",
          message: expect.stringMatching(
            /Vorexy is unavailable right now.*HTTP 503.*retrying never charges twice/
          ),
        })
        const { data: orders } = await getContainer()
          .resolve("query")
          .graph({ entity: "order", fields: ["id"] })
        expect(orders).toHaveLength(0)
        expect(sandboxTransactions()).toHaveLength(0)

        gateway.sandbox.setFaults({ failNext: 0 })
        const retried = await complete(api, store, cartId)
        expect(retried.data.type).toBe("order")
        expect(sandboxTransactions()).toHaveLength(1)
      })

      it("shows the gateway's refusal to the shopper", async () => {
        const cartId = await createCart(api, store)
        await startPix(api, store, cartId)
        gateway.sandbox.setVariants({ errorStyle: "problem" })
        gateway.sandbox.setFaults({ failNext: 1, errorStatus: 422, routes: ["createTransaction"] })

        const refused = await complete(api, store, cartId)

        expect(refused.data.type).toBe("cart")
        expect(refused.data.error.message).toMatch(
          /Vorexy refused to create the PIX charge: Service temporarily unavailable \(sandbox fault\) \(HTTP 422\)/
        )
        expect((await complete(api, store, cartId)).data.type).toBe("order")
      })

      it("survives a timeout after the gateway accepted the charge: one charge, same key", async () => {
        const cartId = await createCart(api, store)
        await startPix(api, store, cartId)
        gateway.sandbox.setFaults({
          sequence: ["acceptThenTimeout", "error"],
          acceptHoldMs: 8000,
          routes: ["createTransaction"],
        })

        const completed = await complete(api, store, cartId)

        expect(completed.data.type).toBe("order")
        expect(sandboxTransactions()).toHaveLength(1)
        const attempts = gateway.sandbox.requests.filter((r) => r.route === "createTransaction")
        expect(attempts.map((r) => r.status)).toEqual(["held", 503, 200])
        expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1)
      })

      it("makes a new charge when the cart amount changes after a failed attempt", async () => {
        const cartId = await createCart(api, store)
        await startPix(api, store, cartId)
        // The gateway accepts the first charge but the answer never arrives, and it stays down.
        gateway.sandbox.setFaults({
          sequence: ["acceptThenTimeout", "error", "error", "error"],
          acceptHoldMs: 8000,
          routes: ["createTransaction"],
        })
        expect((await complete(api, store, cartId)).data.type).toBe("cart")
        expect(sandboxTransactions().map((t) => t.amountCents)).toEqual([9490])

        const {
          data: { cart },
        } = await api.get(`/store/carts/${cartId}`, store.storeHeaders)
        await api.post(
          `/store/carts/${cartId}/line-items/${cart.items[0].id}`,
          { quantity: 2 },
          store.storeHeaders
        )
        await startPix(api, store, cartId)
        const completed = await complete(api, store, cartId)

        expect(completed.data.type).toBe("order")
        const data = (await storeOrder(api, store, completed.data.order.id)).payment_collections[0]
          .payment_sessions[0].data
        expect(data.amount_cents).toBe(17480)
        expect(
          sandboxTransactions()
            .map((t) => t.amountCents)
            .sort()
        ).toEqual([17480, 9490])
        expect(data.transaction_id).toBe(
          sandboxTransactions().find((t) => t.amountCents === 17480)!.transactionId
        )
      })
    })

    describe("payer validation", () => {
      it.each([
        [
          { ...VALID_PAYER, document: "529.982.247-24" },
          /payer document is not a valid CPF \(check digits do not match\)/,
        ],
        [{ ...VALID_PAYER, document: "11.222.333/0001-82" }, /payer document is not a valid CNPJ/],
        [{ ...VALID_PAYER, email: "ana@" }, /payer e-mail "ana@" is not a valid e-mail address/],
        [{ ...VALID_PAYER, phone: "123" }, /payer phone must have a 2-digit area code/],
        // Quoted on one line: a line break in it cannot forge a line of the store's log.
        [
          { ...VALID_PAYER, email: "a\nINFO forged line" },
          /^[^\n]*payer e-mail "a INFO forged line" is not a valid e-mail address[^\n]*$/,
        ],
      ])("refuses %p at session creation, without calling the gateway", async (payer, message) => {
        const cartId = await createCart(api, store)
        const response = await startPix(api, store, cartId, payer)
        expect(response.status).toBe(400)
        expect(response.data.message).toMatch(message)
        expect(gateway.sandbox.countRequests()).toBe(0)
      })

      it("takes a real catalogue's titles and addresses: a size grid is not a card number", async () => {
        const products = getContainer().resolve(Modules.PRODUCT)
        const [product] = await products.listProducts({}, { relations: ["variants"] })
        await products.updateProducts(product.id, {
          title: "Tênis Corrida Grade 34 35 36 37 38 39 40 41 42 43 44",
        })
        await products.updateProductVariants(product.variants[0].id, {
          title: "Jogo de chaves 6 7 8 9 10 11 12 13 14 15 mm",
        })
        const cartId = await createCart(api, store)
        await api.post(
          `/store/carts/${cartId}`,
          {
            shipping_address: {
              ...BILLING_ADDRESS,
              address_1: "Rodovia 4 5 6 7 8 9 10 11 12 13, 14",
            },
          },
          store.storeHeaders
        )
        const session = await startPix(api, store, cartId)
        expect(session.status).toBe(200)
        const completed = await complete(api, store, cartId)
        expect(completed.data.type).toBe("order")
        const [charge] = sandboxTransactions()
        expect(charge.items).toEqual([
          expect.objectContaining({ title: expect.stringMatching(/^Tênis Corrida Grade 34 35/) }),
        ])

        // A card number the storefront itself sends is still refused.
        const refused = await startPix(api, store, await createCart(api, store), {
          ...VALID_PAYER,
          note: "4111 1111 1111 1111",
        })
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/card details \(note\) must never be sent/)
      })

      it("takes a long title with an emoji where the gateway's 255 characters end", async () => {
        // Cut in the middle of the emoji, half of it would be text PostgreSQL cannot store.
        const products = getContainer().resolve(Modules.PRODUCT)
        const [product] = await products.listProducts({}, { relations: ["variants"] })
        const words = "Camiseta Básica Algodão Orgânico Unissex ".repeat(7).slice(0, 254)
        await products.updateProducts(product.id, { title: `${words}👕 Edição Limitada` })
        const cartId = await createCart(api, store)
        const session = await startPix(api, store, cartId)
        expect(session.status).toBe(200)
        const completed = await complete(api, store, cartId)
        expect(completed.data.type).toBe("order")
        expect(sandboxTransactions()[0].items).toEqual([
          expect.objectContaining({ title: words.trimEnd() }),
        ])
      })

      it("accepts a CNPJ payer", async () => {
        const cartId = await createCart(api, store)
        expect(
          (await startPix(api, store, cartId, { ...VALID_PAYER, document: "11.222.333/0001-81" }))
            .status
        ).toBe(200)
        expect((await complete(api, store, cartId)).data.type).toBe("order")
        expect(sandboxTransactions()[0].customer.document).toEqual({
          type: "CNPJ",
          number: "11222333000181",
        })
      })

      it("refuses completion with a clear 400 when the payer's name and e-mail are missing", async () => {
        const cartId = await createCart(api, store)
        expect((await startPix(api, store, cartId, {})).status).toBe(200)

        const response = await complete(api, store, cartId)

        expect(response.status).toBe(400)
        expect(response.data.message).toMatch(
          /the payer's name and e-mail are required to create the charge/
        )
        expect(gateway.sandbox.countRequests()).toBe(0)
      })
    })
  },
})
