/**
 * PIX checkout through the Store API: Medusa on real PostgreSQL, the sandbox gateway over HTTP.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { parsePixPayload } from "../../sandbox"
import { useSandbox } from "../helpers/sandbox"
import { adminHeaders, complete, createCart, seedStore, startPix, storeOrder, VALID_PAYER } from "../helpers/store"

jest.setTimeout(120_000)

const gateway = useSandbox()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Awaited<ReturnType<typeof seedStore>>

    beforeEach(async () => {
      gateway.sandbox.reset()
      store = await seedStore(getContainer())
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
          payer: { name: "Ana Souza", email: "a***@example.com", document_type: "CPF", document: "***.982.***-25" },
        })
        expect(parsePixPayload(data.qr_code).crcValid).toBe(true)

        const transactions = sandboxTransactions()
        expect(transactions).toHaveLength(1)
        expect(transactions[0]).toMatchObject({
          transactionId: data.transaction_id,
          amountCents: 9490,
          paymentMethod: "PIX",
          customer: { name: "Ana Souza", email: "ana@example.com", document: { type: "CPF", number: "52998224725" }, phone: "11987654321" },
        })
      })
    })
  },
})
