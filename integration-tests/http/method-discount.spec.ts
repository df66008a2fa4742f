/**
 * PIX and boleto discounts through the Store API: Medusa on real PostgreSQL, the sandbox gateway
 * over HTTP. The store gives 5 % off with PIX (items of R$ 100 or more) and 3 % off with boleto.
 * Test carts: shirts of R$ 79,90 each plus R$ 15,00 shipping (two shirts: R$ 174,80).
 */
import { Modules } from "@medusajs/framework/utils"
import type { IPromotionModuleService } from "@medusajs/framework/types"
import { completeCartWorkflow, createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { cardToken, TEST_CARDS } from "../helpers/cards"
import { useSandbox } from "../helpers/sandbox"
import {
  adminHeaders,
  BILLING_ADDRESS,
  complete,
  createCart,
  errorResponse,
  PROVIDERS,
  resetAndSeed,
  setBillingAddress,
  startSession,
  Store,
  VALID_PAYER,
} from "../helpers/store"
import { forgetEnsuredPromotions } from "../../src/method-discounts/ensure-promotions"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"

jest.setTimeout(120_000)

const gateway = useSandbox({
  env: {
    VOREXY_PIX_DISCOUNT_PERCENT: "5",
    VOREXY_PIX_DISCOUNT_MIN_TOTAL: "100",
    VOREXY_BOLETO_DISCOUNT_PERCENT: "3",
  },
})

type CartTotals = {
  total: number
  discount_total: number
  metadata: Record<string, unknown> | null
  promotions: { code: string }[]
  payment_collection?: { amount: number; payment_sessions: { provider_id: string }[] } | null
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const transactions = () => [...gateway.sandbox.state.transactions.values()]

    beforeEach(async () => {
      store = await resetAndSeed(gateway, getContainer())
      // Each test starts from a restored database: the promotions are created again.
      forgetEnsuredPromotions()
    })

    const cartTotals = async (cartId: string): Promise<CartTotals> => {
      const {
        data: { cart },
      } = await api.get(
        `/store/carts/${cartId}?fields=+total,+discount_total,+metadata,*promotions,*payment_collection,*payment_collection.payment_sessions`,
        store.storeHeaders
      )
      return cart
    }
    const choose = (cartId: string, providerId: string) =>
      api
        .post(
          `/store/vorexy/carts/${cartId}/payment-method`,
          { provider_id: providerId },
          store.storeHeaders
        )
        .catch(errorResponse)
    /** The order as the admin sees it. */
    const orderTotals = async (orderId: string) => {
      const {
        data: { order },
      } = await api.get(
        `/admin/orders/${orderId}?fields=+total,+discount_total,+payment_status,+summary,*promotions,*payment_collections`,
        await adminHeaders(getContainer())
      )
      return order
    }
    const cardSession = async (cartId: string) =>
      startSession(api, store, cartId, "card", {
        ...VALID_PAYER,
        card_token: await cardToken(api, store, gateway, TEST_CARDS.approved),
      })

    /**
     * The seam for two requests racing, made deterministic: the next payment session's creation is
     * held after Medusa read the amount it is for, until released.
     */
    const holdSessionCreation = () => {
      const payments = getContainer().resolve(Modules.PAYMENT) as unknown as {
        createPaymentSession: (...args: unknown[]) => Promise<unknown>
      }
      const create = payments.createPaymentSession
      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      let arrived!: () => void
      const reached = new Promise<void>((resolve) => (arrived = resolve))
      payments.createPaymentSession = async (...args: unknown[]) => {
        arrived()
        await gate
        return create.apply(payments, args)
      }
      return { reached, release, restore: () => (payments.createPaymentSession = create) }
    }

    /**
     * Two requests racing: PIX chosen, then a card session made for the collection's discounted
     * amount (what Medusa's route does when the discount lands between the plugin's middleware
     * and Medusa's handler).
     */
    const discountedCartWithCardSession = async () => {
      const cartId = await createCart(api, store, 2)
      await choose(cartId, PROVIDERS.pix)
      expect((await cartTotals(cartId)).total).toBe(166.81)
      const {
        data: { payment_collection },
      } = await api.post("/store/payment-collections", { cart_id: cartId }, store.storeHeaders)
      await createPaymentSessionsWorkflow(getContainer()).run({
        input: {
          payment_collection_id: payment_collection.id,
          provider_id: PROVIDERS.card,
          data: {
            ...VALID_PAYER,
            card_token: await cardToken(api, store, gateway, TEST_CARDS.approved),
          },
        },
      })
      return cartId
    }

    describe("paying by PIX", () => {
      it("takes 5 % off the items, charges the gateway the discounted total and records the promotion on the order", async () => {
        const cartId = await createCart(api, store, 3)
        expect((await cartTotals(cartId)).total).toBe(254.7)

        const session = await startSession(api, store, cartId, "pix", VALID_PAYER)
        expect(session.status).toBe(200)
        // 5 % of R$ 239,70 is R$ 11,985: Medusa keeps the fraction; the gateway takes whole
        // centavos, rounded half up (R$ 242,715 -> 24272).
        const cart = await cartTotals(cartId)
        expect(cart).toMatchObject({
          total: 242.715,
          discount_total: 11.985,
          promotions: [expect.objectContaining({ code: "DESCONTO-PIX" })],
          payment_collection: { amount: 242.715 },
        })

        const completed = await complete(api, store, cartId)
        expect(completed.data.type).toBe("order")
        expect(transactions().map((t) => t.amountCents)).toEqual([24272])
        const order = await orderTotals(completed.data.order.id)
        expect(order).toMatchObject({
          total: 242.715,
          discount_total: 11.985,
          promotions: [expect.objectContaining({ code: "DESCONTO-PIX" })],
          payment_collections: [expect.objectContaining({ amount: 242.715 })],
        })

        // Paid: captured, with nothing left to pay or to refund in the admin's eyes.
        gateway.sandbox.state.payTransaction(transactions()[0].transactionId)
        await reconcileVorexy(getContainer())
        const paid = await orderTotals(completed.data.order.id)
        expect(paid.payment_status).toBe("captured")
        expect(Math.abs(Number(paid.summary.pending_difference))).toBeLessThan(0.01)

        // Refunded in full in the Vorexy panel (the 24272 centavos charged): recorded in Medusa.
        const { transactionId } = transactions()[0]
        gateway.sandbox.state.refundTransaction(transactionId)
        const [charge] = await getContainer()
          .resolve<VorexyModuleService>(VOREXY_MODULE)
          .listVorexyCharges({ transaction_id: transactionId })
        const admin = await adminHeaders(getContainer())
        await api.post(`/admin/vorexy/charges/${charge.id}/sync`, {}, admin)
        const refunded = await orderTotals(completed.data.order.id)
        expect(refunded.payment_status).toBe("refunded")
      })

      it("gives none under the minimum, and follows the cart once it reaches it", async () => {
        const cartId = await createCart(api, store, 1)
        const under = await choose(cartId, PROVIDERS.pix)
        expect(under.data).toMatchObject({
          payment_method: "pix",
          total: 94.9,
          method_discount: null,
        })

        await api.post(
          `/store/carts/${cartId}/line-items`,
          { variant_id: store.product.variants[0].id, quantity: 1 },
          store.storeHeaders
        )
        // Two shirts: R$ 159,80 of items, 5 % = R$ 7,99.
        expect(await cartTotals(cartId)).toMatchObject({
          total: 166.81,
          discount_total: 7.99,
          promotions: [expect.objectContaining({ code: "DESCONTO-PIX" })],
        })
      })
    })

    describe("the same cart paid another way", () => {
      it("charges a card the full price, even after PIX was chosen first", async () => {
        const cartId = await createCart(api, store, 2)
        const pix = await choose(cartId, PROVIDERS.pix)
        expect(pix.status).toBe(200)
        expect(pix.data).toMatchObject({
          payment_method: "pix",
          total: 166.81,
          discount_total: 7.99,
          method_discount: { code: "DESCONTO-PIX", amount: 7.99 },
        })

        const session = await cardSession(cartId)
        expect(session.status).toBe(200)
        expect(await cartTotals(cartId)).toMatchObject({
          total: 174.8,
          discount_total: 0,
          promotions: [],
          payment_collection: { amount: 174.8 },
        })

        const completed = await complete(api, store, cartId)
        expect(completed.data.type).toBe("order")
        expect(transactions().map((t) => t.amountCents)).toEqual([17480])
        const order = await orderTotals(completed.data.order.id)
        expect(order).toMatchObject({ total: 174.8, discount_total: 0, promotions: [] })
      })

      it("gives the boleto its own discount, and none once the shopper switches back to card", async () => {
        const cartId = await createCart(api, store, 2)
        const boleto = await choose(cartId, PROVIDERS.boleto)
        // 3 % of R$ 159,80 = R$ 4,794.
        expect(boleto.data).toMatchObject({
          payment_method: "boleto",
          total: 170.006,
          method_discount: { code: "DESCONTO-BOLETO", amount: 4.794 },
        })
        const card = await choose(cartId, PROVIDERS.card)
        expect(card.data).toMatchObject({
          payment_method: "card",
          total: 174.8,
          discount_total: 0,
          method_discount: null,
        })

        await setBillingAddress(api, store, cartId, BILLING_ADDRESS)
        const session = await startSession(api, store, cartId, "boleto", VALID_PAYER)
        expect(session.status).toBe(200)
        const completed = await complete(api, store, cartId)
        expect(completed.data.type).toBe("order")
        expect(transactions().map((t) => t.amountCents)).toEqual([17001])
      })
    })

    describe("a shopper trying to keep the discount with a card", () => {
      it("cannot switch it on through the cart's metadata, as a string or a list", async () => {
        const cartId = await createCart(api, store, 2)
        await cardSession(cartId)
        for (const value of ["pix", ["pix"], { 0: "pix" }]) {
          const forged = await api
            .post(
              `/store/carts/${cartId}?fields=+metadata`,
              { metadata: { vorexy_payment_method: value, gift_note: "Feliz aniversário" } },
              store.storeHeaders
            )
            .catch(errorResponse)
          // The rest of what the storefront sent is kept; the method is the store's to write.
          expect(forged.status).toBe(200)
          expect(forged.data.cart.metadata).toEqual({ gift_note: "Feliz aniversário" })
        }
        const {
          data: { cart: created },
        } = await api.post(
          "/store/carts?fields=+metadata",
          { region_id: store.region.id, metadata: { vorexy_payment_method: ["pix"] } },
          store.storeHeaders
        )
        expect(created.metadata ?? {}).toEqual({})
        expect(await cartTotals(cartId)).toMatchObject({ total: 174.8, promotions: [] })
        const completed = await complete(api, store, cartId)
        expect(completed.data.type).toBe("order")
        expect(transactions().map((t) => t.amountCents)).toEqual([17480])
      })

      it("keeps the discount when a storefront sends back the metadata it read", async () => {
        const cartId = await createCart(api, store, 2)
        await startSession(api, store, cartId, "pix", VALID_PAYER)
        const { metadata } = await cartTotals(cartId)
        expect(metadata).toEqual({ vorexy_payment_method: "pix" })
        await api.post(
          `/store/carts/${cartId}`,
          { metadata: { ...metadata, gift_note: "Feliz aniversário" } },
          store.storeHeaders
        )
        expect(await cartTotals(cartId)).toMatchObject({
          total: 166.81,
          metadata: { vorexy_payment_method: "pix", gift_note: "Feliz aniversário" },
        })
      })

      it("loses a discount a list in the metadata gave (stored before the Store API dropped it) when a card is chosen", async () => {
        const cartId = await createCart(api, store, 2)
        await choose(cartId, PROVIDERS.pix) // the promotion exists
        await getContainer()
          .resolve(Modules.CART)
          .updateCarts(cartId, { metadata: { vorexy_payment_method: ["pix"] } })
        await api.post(`/store/carts/${cartId}`, { email: "ana@example.com" }, store.storeHeaders)
        expect((await cartTotals(cartId)).total).toBe(166.81)

        expect((await cardSession(cartId)).status).toBe(200)
        expect(await cartTotals(cartId)).toMatchObject({ total: 174.8, promotions: [] })
      })

      it("is refused at completion when a card session was made for the discounted total (two requests racing)", async () => {
        const cartId = await discountedCartWithCardSession()

        const completed = await complete(api, store, cartId)

        expect(completed.status).toBe(400)
        expect(completed.data.message).toBe(
          "The DESCONTO-PIX discount is for paying by PIX, but this cart is paid by card. Choose PIX, or choose your payment method again so the discount is removed."
        )
        expect(transactions()).toEqual([])

        // The cart is still the shopper's: paid by PIX as told, it becomes one order.
        expect((await startSession(api, store, cartId, "pix", VALID_PAYER)).status).toBe(200)
        const again = await complete(api, store, cartId)
        expect(again.data.type).toBe("order")
        expect(transactions().map((t) => t.amountCents)).toEqual([16681])
      })

      it("is refused inside the completion too, as when another provider's webhook completes the cart", async () => {
        const cartId = await discountedCartWithCardSession()

        // Not through the Store API: Medusa's own completion, as processPaymentWorkflow runs it.
        const { errors } = await completeCartWorkflow(getContainer()).run({
          input: { id: cartId },
          throwOnError: false,
        })

        expect(errors.map((e) => e.error.message)).toEqual([
          "The DESCONTO-PIX discount is for paying by PIX, but this cart is paid by card. Choose PIX, or choose your payment method again so the discount is removed.",
        ])
        expect(transactions()).toEqual([])
        const cart = await cartTotals(cartId)
        expect(cart).toMatchObject({ total: 166.81 })
        const { data: orders } = await getContainer()
          .resolve("query")
          .graph({ entity: "order", fields: ["id"], filters: {} })
        expect(orders).toEqual([])
      })

      it("cannot add the discount's code by hand to a card cart", async () => {
        const cartId = await createCart(api, store, 2)
        await choose(cartId, PROVIDERS.card)
        await choose(cartId, PROVIDERS.pix) // the promotion now exists
        await choose(cartId, PROVIDERS.card)
        await api
          .post(
            `/store/carts/${cartId}/promotions`,
            { promo_codes: ["DESCONTO-PIX"] },
            store.storeHeaders
          )
          .catch(errorResponse)
        expect(await cartTotals(cartId)).toMatchObject({ total: 174.8, promotions: [] })
      })
    })

    describe("a refused session request", () => {
      it("leaves the cart's total, chosen method and sessions as they were", async () => {
        const cartId = await createCart(api, store, 2)
        expect((await cardSession(cartId)).status).toBe(200)
        const before = await cartTotals(cartId)
        expect(before).toMatchObject({ total: 174.8, payment_collection: { amount: 174.8 } })

        // A PIX session with a CPF typo: the provider refuses it, before the discount is applied.
        const typo = await startSession(api, store, cartId, "pix", {
          ...VALID_PAYER,
          document: "529.982.247-24",
        })
        expect(typo.status).toBe(400)
        expect(typo.data.message).toMatch(/document/i)

        const after = await cartTotals(cartId)
        expect(after).toMatchObject({
          total: 174.8,
          discount_total: 0,
          promotions: [],
          payment_collection: { amount: 174.8 },
        })
        expect(after.metadata?.vorexy_payment_method).toBe(before.metadata?.vorexy_payment_method)
        expect(after.payment_collection!.payment_sessions.map((s) => s.provider_id)).toEqual([
          PROVIDERS.card,
        ])
        // The card session still pays the order, at the full price.
        const completed = await complete(api, store, cartId)
        expect(completed.data.type).toBe("order")
        expect(transactions().map((t) => t.amountCents)).toEqual([17480])
      })
    })

    describe("one amount per cart", () => {
      it("refuses at completion a session made for the total before the cart changed, and charges nothing", async () => {
        const cartId = await createCart(api, store, 2)
        // The card session's creation is held while another request adds a shirt.
        const held = holdSessionCreation()
        try {
          const session = cardSession(cartId)
          await held.reached
          await api.post(
            `/store/carts/${cartId}/line-items`,
            { variant_id: store.product.variants[0].id, quantity: 1 },
            store.storeHeaders
          )
          held.release()
          expect((await session).status).toBe(200)
        } finally {
          held.restore()
        }
        const cart = await cartTotals(cartId)
        expect(cart.total).toBe(254.7)

        const completed = await complete(api, store, cartId)
        expect(completed.status).toBe(400)
        expect(completed.data.message).toBe(
          "This cart's total is R$ 254,70, but its payment was prepared for R$ 174,80 (the cart changed while it was being prepared). Choose your payment method again to pay R$ 254,70; nothing was charged."
        )
        expect(transactions()).toEqual([])

        // Choosing again pays the cart's total.
        expect((await cardSession(cartId)).status).toBe(200)
        const again = await complete(api, store, cartId)
        expect(again.data.type).toBe("order")
        expect(transactions().map((t) => t.amountCents)).toEqual([25470])
      })
      it("refuses at completion a card session made for the full price while the method route chose PIX", async () => {
        const cartId = await createCart(api, store, 2)
        const held = holdSessionCreation()
        try {
          const session = cardSession(cartId)
          await held.reached
          // Another request (another tab) chooses PIX while the card session is being made.
          expect((await choose(cartId, PROVIDERS.pix)).data.total).toBe(166.81)
          held.release()
          expect((await session).status).toBe(200)
        } finally {
          held.restore()
        }
        const completed = await complete(api, store, cartId)
        expect(completed.status).toBe(400)
        expect(completed.data.message).toMatch(
          /^This cart's total is R\$ 166,81, but its payment was prepared for R\$ 174,80/
        )
        expect(transactions()).toEqual([])
      })
    })

    describe("a discount the store turns off", () => {
      it("is taken off the carts that chose it: a card sells, and PIX pays the full price", async () => {
        const chosePix = await createCart(api, store, 2)
        expect((await choose(chosePix, PROVIDERS.pix)).data.total).toBe(166.81)
        const alsoPix = await createCart(api, store, 2)
        expect((await choose(alsoPix, PROVIDERS.pix)).data.total).toBe(166.81)

        // The store removes its PIX discount (the option gone; the reconcile job makes the
        // promotion inactive).
        const vorexy = getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
        const pixDiscount = vorexy.options.pixDiscount
        ;(vorexy.options as { pixDiscount?: unknown }).pixDiscount = undefined
        try {
          forgetEnsuredPromotions()
          await reconcileVorexy(getContainer())

          // Paid by card: no longer refused for the ended discount.
          expect((await cardSession(chosePix)).status).toBe(200)
          expect(await cartTotals(chosePix)).toMatchObject({ total: 174.8, promotions: [] })
          const byCard = await complete(api, store, chosePix)
          expect(byCard.data.type).toBe("order")

          // Paid by PIX: the ended discount is gone from the cart too.
          expect((await startSession(api, store, alsoPix, "pix", VALID_PAYER)).status).toBe(200)
          expect(await cartTotals(alsoPix)).toMatchObject({ total: 174.8, promotions: [] })
          const byPix = await complete(api, store, alsoPix)
          expect(byPix.data.type).toBe("order")
          expect(transactions().map((t) => t.amountCents)).toEqual([17480, 17480])
        } finally {
          ;(vorexy.options as { pixDiscount?: unknown }).pixDiscount = pixDiscount
          forgetEnsuredPromotions()
        }
      })
    })

    describe("a store's own promotion named DESCONTO-PIX", () => {
      it("is left alone, and the plugin's checks ignore it", async () => {
        const promotions = getContainer().resolve<IPromotionModuleService>(Modules.PROMOTION)
        // Work a previous test left running may have made the plugin's own promotion in this
        // fresh database meanwhile: the store's replaces it.
        const made = await promotions.listPromotions({ code: "DESCONTO-PIX" }, { select: ["id"] })
        if (made.length) await promotions.deletePromotions(made.map((p) => p.id))
        await promotions.createPromotions([
          {
            code: "DESCONTO-PIX",
            type: "standard",
            status: "active",
            is_automatic: false,
            application_method: {
              type: "percentage",
              target_type: "order",
              allocation: "across",
              value: 10,
            },
          } as never,
        ])
        const cartId = await createCart(api, store, 2)
        const pix = await choose(cartId, PROVIDERS.pix)
        expect(pix.data).toMatchObject({ total: 174.8, method_discount: null })

        // The store's coupon, typed by the shopper, then paid by card: a coupon like any other.
        await api.post(
          `/store/carts/${cartId}/promotions`,
          { promo_codes: ["DESCONTO-PIX"] },
          store.storeHeaders
        )
        expect((await cardSession(cartId)).status).toBe(200)
        expect((await cartTotals(cartId)).total).toBe(158.82)
        const completed = await complete(api, store, cartId)
        expect(completed.data.type).toBe("order")
        const [promotion] = await promotions.listPromotions(
          { code: "DESCONTO-PIX" },
          { relations: ["application_method", "rules"] }
        )
        expect(promotion).toMatchObject({
          is_automatic: false,
          status: "active",
          rules: [],
          application_method: expect.objectContaining({ value: 10 }),
        })
      })
    })

    describe("the store's options", () => {
      it("are published for the checkout, and kept on the promotion an admin edited", async () => {
        const {
          data: { vorexy },
        } = await api.get("/store/vorexy/config", store.storeHeaders)
        expect(vorexy.pix.discount).toEqual({
          code: "DESCONTO-PIX",
          percent: 5,
          amount: null,
          minimum_total: 100,
        })
        expect(vorexy.boleto.discount).toMatchObject({ code: "DESCONTO-BOLETO", percent: 3 })

        const cartId = await createCart(api, store, 2)
        await choose(cartId, PROVIDERS.pix)
        const promotions = getContainer().resolve<IPromotionModuleService>(Modules.PROMOTION)
        const [promotion] = await promotions.listPromotions(
          { code: "DESCONTO-PIX" },
          { relations: ["application_method"] }
        )
        await promotions.updatePromotions({
          id: promotion.id,
          application_method: { value: 50 } as never,
        })
        forgetEnsuredPromotions()

        const again = await createCart(api, store, 2)
        const { data } = await choose(again, PROVIDERS.pix)
        expect(data.total).toBe(166.81)
      })

      it("answers a clear 4xx to a bad choice", async () => {
        const cartId = await createCart(api, store, 2)
        expect((await choose("cart_nope", PROVIDERS.pix)).status).toBe(404)
        expect((await choose(`cart_${"x".repeat(500)}`, PROVIDERS.pix)).status).toBe(404)
        const long = await choose(cartId, "p".repeat(201))
        expect(long.status).toBe(400)
        const wrongType = await api
          .post(
            `/store/vorexy/carts/${cartId}/payment-method`,
            { provider_id: 5 },
            store.storeHeaders
          )
          .catch(errorResponse)
        expect(wrongType.status).toBe(400)
        const nul = await choose(cartId, "pp_vorexy-pix_vorexy\u0000")
        expect(nul.status).toBe(400)
      })
    })
  },
})
