/**
 * A store whose card options are unset (no public key, no tokenisation script): the card provider
 * refuses every session with a reason, and the storefront's config says cards are off.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { useSandbox } from "../helpers/sandbox"
import { createCart, resetAndSeed, startSession, Store, VALID_PAYER } from "../helpers/store"

jest.setTimeout(120_000)

const gateway = useSandbox({ cards: false })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store

    beforeEach(async () => {
      store = await resetAndSeed(gateway, getContainer())
    })

    it("says cards are off, and refuses a card session before any gateway call", async () => {
      const { data } = await api.get("/store/vorexy/config", store.storeHeaders)
      expect(data.vorexy).toMatchObject({ card: null, boleto: { expires_in_days: 3 } })

      const cartId = await createCart(api, store)
      const response = await startSession(api, store, cartId, "card", {
        ...VALID_PAYER,
        card_token: "tok_anything",
      })

      expect(response.status).toBe(400)
      expect(response.data.message).toMatch(/card payments are not set up in this store/)
      expect(gateway.sandbox.countRequests("createTransaction")).toBe(0)
      // PIX still works in the same store.
      expect((await startSession(api, store, cartId, "pix", VALID_PAYER)).status).toBe(200)
    })
  },
})
