/**
 * An order's id only reads; acting on the order (a new PIX or boleto: a gateway call and an e-mail
 * to the shopper) needs the order's token, which the e-mails' order page link carries, or the
 * order's logged-in customer. Renewals are limited per client per hour. What an order id reveals
 * of the session data carries neither the token nor the payer. And the last input gaps: a card
 * number in the cart's address, the admin's session route. Through the Store and Admin APIs,
 * Medusa on real PostgreSQL, the sandbox gateway over HTTP.
 */
import type { INotificationModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { useSandbox } from "../helpers/sandbox"
import {
  adminHeaders,
  BILLING_ADDRESS,
  complete,
  createCart,
  errorResponse,
  eventually,
  placePixOrder,
  PROVIDERS,
  startPix,
  Store,
  storeOrder,
} from "../helpers/store"
import { resetForWebhooks, SECRET, WEBHOOK_SETTINGS } from "../helpers/webhooks"

jest.setTimeout(180_000)

const ORDER_PAGE = "https://loja.example/pedido/{order_id}"

const gateway = useSandbox({
  webhookSecret: SECRET,
  webhooks: WEBHOOK_SETTINGS,
  env: {
    VOREXY_RENEWAL_HOURS: "24",
    VOREXY_MAX_RENEWALS: "2",
    VOREXY_ORDER_PAGE_URL: ORDER_PAGE,
    VOREXY_RENEWALS_PER_CLIENT_PER_HOUR: "3",
  },
})

/** A registered, logged-in customer: the Store API headers that carry their session. */
async function loggedInCustomer(api: AxiosInstance, store: Store, email: string) {
  const password = "a-long-password-1234"
  const { data: registered } = await api.post("/auth/customer/emailpass/register", {
    email,
    password,
  })
  await api.post(
    "/store/customers",
    { email, first_name: "Ana", last_name: "Souza" },
    {
      headers: { ...store.storeHeaders.headers, authorization: `Bearer ${registered.token}` },
    }
  )
  const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
  return {
    ...store,
    storeHeaders: {
      headers: { ...store.storeHeaders.headers, authorization: `Bearer ${login.token}` },
    },
  }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const creates = () => gateway.sandbox.countRequests("createTransaction")
    const renew = (orderId: string, body: Record<string, unknown> = {}, as: Store = store) =>
      api
        .post(`/store/vorexy/orders/${orderId}/renew-charge`, body, as.storeHeaders)
        .catch(errorResponse)
    const emails = async (orderId: string) =>
      getContainer()
        .resolve<INotificationModuleService>(Modules.NOTIFICATION)
        .listNotifications({ resource_id: orderId, channel: "email" })
    /** The order page link of the order's first "how to pay" e-mail. */
    const emailedLink = async (orderId: string) =>
      eventually(async () => {
        const created = (await emails(orderId)).find((n) => n.template === "vorexy-pix-created")
        return created?.data?.order_page_url as string | undefined
      })
    /** The order's PIX past its expiry as the store sees it: it may be renewed. */
    const lapse = async (transactionId: string) => {
      const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
      await vorexy().updateVorexyCharges({
        id: charge.id,
        expires_at: new Date(Date.now() - 60_000),
      })
    }

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
      // Every request of this file comes from one address: each test starts a fresh hour.
      const marks = await vorexy().listVorexyHealthMarks({ key: { $like: "renewals:%" } })
      if (marks.length) await vorexy().deleteVorexyHealthMarks(marks.map((m) => m.id))
    })

    it("refuses a renewal with only the order id, and makes it with the e-mail's link", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      const link = await emailedLink(orderId)
      expect(link).toMatch(
        new RegExp(`^https://loja\\.example/pedido/${orderId}\\?vorexy_token=v1\\.[\\w-]{32}$`)
      )
      const token = new URL(link).searchParams.get("vorexy_token")!
      const other = await placePixOrder(api, store)
      const othersToken = new URL(await emailedLink(other.orderId)).searchParams.get("vorexy_token")
      await lapse(transactionId)
      const before = creates()

      // The order id alone (a forwarded link, the WhatsApp message): refused in words, nothing made.
      const refused = await renew(orderId)
      expect(refused.status).toBe(403)
      expect(refused.data.message).toMatch(/latest e-mail, or log in/)
      // Another order's token, or a made-up one, is no better.
      for (const wrong of [othersToken, `v1.${"A".repeat(32)}`, token.slice(0, -1), 42, null])
        expect((await renew(orderId, { order_token: wrong })).status).toBe(403)
      expect(creates()).toBe(before)
      expect(
        (await emails(orderId)).filter((n) => n.template === "vorexy-pix-created")
      ).toHaveLength(1)
      // Reading still works with the id alone.
      const read = await api.get(
        `/store/vorexy/payment-status?order_id=${orderId}`,
        store.storeHeaders
      )
      expect(read.data.payment_status.transaction_id).toBe(transactionId)

      // With the e-mail's link: a new PIX for the same order.
      const renewed = await renew(orderId, { order_token: token })
      expect(renewed.status).toBe(200)
      expect(renewed.data.payment_status.transaction_id).not.toBe(transactionId)
      expect(renewed.data.payment_status).toMatchObject({ status: "pending", payable: true })
      expect(creates()).toBe(before + 1)
    })

    it("lets the order's logged-in customer renew without a token, and no other customer", async () => {
      const customer = await loggedInCustomer(api, store, `ana-${Date.now()}@example.com`)
      const { orderId, transactionId } = await placePixOrder(api, customer)
      await lapse(transactionId)
      const before = creates()

      const stranger = await loggedInCustomer(api, store, `bia-${Date.now()}@example.com`)
      expect((await renew(orderId, {}, stranger)).status).toBe(403)
      expect(creates()).toBe(before)

      const renewed = await renew(orderId, {}, customer)
      expect(renewed.status).toBe(200)
      expect(renewed.data.payment_status.transaction_id).not.toBe(transactionId)
      expect(creates()).toBe(before + 1)
    })

    it("limits renewals per client per hour: past it, a 429 in words", async () => {
      const first = await placePixOrder(api, store)
      const second = await placePixOrder(api, store)
      const tokenOf = async (orderId: string) =>
        new URL(await emailedLink(orderId)).searchParams.get("vorexy_token")
      const tokens = {
        [first.orderId]: await tokenOf(first.orderId),
        [second.orderId]: await tokenOf(second.orderId),
      }
      // Asks that change nothing (the PIX still payable) never count.
      for (let n = 0; n < 5; n++)
        expect((await renew(first.orderId, { order_token: tokens[first.orderId] })).status).toBe(
          200
        )
      // Three new PIX codes from this connection: the most it may ask for in an hour
      // (VOREXY_RENEWALS_PER_CLIENT_PER_HOUR=3).
      const before = creates()
      let newest = { [first.orderId]: first.transactionId, [second.orderId]: second.transactionId }
      for (const orderId of [first.orderId, first.orderId, second.orderId]) {
        await lapse(newest[orderId])
        const answer = await renew(orderId, { order_token: tokens[orderId] })
        expect(answer.status).toBe(200)
        newest = { ...newest, [orderId]: answer.data.payment_status.transaction_id }
      }
      expect(creates()).toBe(before + 3)
      await lapse(newest[second.orderId])
      const over = await renew(second.orderId, { order_token: tokens[second.orderId] })
      expect(over.status).toBe(429)
      expect(over.data.message).toMatch(/Too many requests for a new PIX or boleto/)
      expect(Number(over.headers["retry-after"])).toBeGreaterThan(0)
      expect(Number(over.headers["retry-after"])).toBeLessThanOrEqual(3600)
      expect(creates()).toBe(before + 3)
      // Another client (a logged-in customer) has an hour of its own.
      const customer = await loggedInCustomer(api, store, `caio-${Date.now()}@example.com`)
      const theirs = await placePixOrder(api, customer)
      await lapse(theirs.transactionId)
      expect((await renew(theirs.orderId, {}, customer)).status).toBe(200)
    })

    it("lets no one but the order's customer replace its lapsed PIX through Medusa's session route", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.expireTransaction(transactionId)
      await eventually(async () => {
        const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        return charge.status === "cancelled"
      })
      // What the order id alone gives: the order's payment collection, read from Medusa's route.
      const { data } = await api.get(
        `/store/orders/${orderId}?fields=*payment_collections`,
        store.storeHeaders
      )
      const collectionId = data.order.payment_collections[0].id as string
      const replaced = await api
        .post(
          `/store/payment-collections/${collectionId}/payment-sessions`,
          { provider_id: "pp_vorexy-pix_vorexy", data: {} },
          store.storeHeaders
        )
        .catch(errorResponse)
      // Refused (the lapsed charge's session still in progress in Medusa's eyes, or the order's
      // to renew): nothing replaced, no gateway call.
      expect([403, 409]).toContain(replaced.status)
      const after = await api.get(
        `/store/orders/${orderId}?fields=*payment_collections.payment_sessions`,
        store.storeHeaders
      )
      expect(
        after.data.order.payment_collections[0].payment_sessions.map(
          (session: { data: { transaction_id?: string } }) => session.data.transaction_id
        )
      ).toEqual([transactionId])
      // The shopper's own renewal, from the e-mail's link, still works.
      const order_token = new URL(await emailedLink(orderId)).searchParams.get("vorexy_token")
      expect((await renew(orderId, { order_token })).status).toBe(200)
    })

    it("shows of the session data, by the order id, neither the order's token nor the payer", async () => {
      const { orderId } = await placePixOrder(api, store)
      const fields = [
        "*payment_collections",
        "*payment_collections.payment_sessions",
        "*payment_collections.payments",
      ].join(",")
      const { data } = await api.get(
        `/store/orders/${orderId}?fields=${fields}`,
        store.storeHeaders
      )
      const session = data.order.payment_collections[0].payment_sessions[0].data
      // What a storefront needs to take the payment is there.
      expect(session).toMatchObject({
        payment_method: "pix",
        status: "pending",
        qr_code: expect.stringMatching(/^000201/),
        amount_cents: expect.any(Number),
      })
      // The payer only sealed; neither the token nor the link that carries it.
      expect(session.payer_display).toBeNull()
      const token = new URL(await emailedLink(orderId)).searchParams.get("vorexy_token")!
      expect(token).toMatch(/^v1\./)
      const shown = JSON.stringify(data)
      expect(shown).not.toContain(token)
      expect(shown).not.toContain(token.slice(3))
      expect(shown).not.toMatch(/vorexy_token|529\.982|\*\*\*\.982/)
      const { data: plain } = await api.get(`/store/orders/${orderId}`, store.storeHeaders)
      expect(JSON.stringify(plain)).not.toContain(token.slice(3))
      expect(JSON.stringify(await storeOrder(api, store, orderId))).not.toContain(token.slice(3))
    })

    it("refuses a card number as the cart's address, and lets a size grid through to payment", async () => {
      const withAddress = async (field: string, value: string) => {
        const cartId = await createCart(api, store)
        await api.post(
          `/store/carts/${cartId}`,
          {
            [field]: {
              ...BILLING_ADDRESS,
              ...(field === "billing_address" ? { address_2: value } : { address_1: value }),
            },
          },
          store.storeHeaders
        )
        return cartId
      }
      for (const [field, value] of [
        ["shipping_address", "4111 1111 1111 1111"],
        ["billing_address", "4111-1111-1111-1111"],
      ]) {
        const cartId = await withAddress(field, value)
        const refused = await startPix(api, store, cartId)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/address .* card details/)
        expect(refused.data.message).not.toContain("4111")
        const { data } = await api.get(`/store/carts/${cartId}`, store.storeHeaders)
        expect(data.cart.payment_collection?.payment_sessions ?? []).toHaveLength(0)
      }

      const cartId = await withAddress("shipping_address", "Grade 34 35 36 37 38 39 40 41 42 43 44")
      expect((await startPix(api, store, cartId)).status).toBe(200)
      const completed = await complete(api, store, cartId)
      expect(completed.status).toBe(200)
      expect(completed.data.type).toBe("order")
    })

    it("guards the admin's session route as the store's: card data and a card in the address refused", async () => {
      const admin = await adminHeaders(getContainer())
      const collectionOf = async (cartId: string) =>
        (await api.post("/store/payment-collections", { cart_id: cartId }, store.storeHeaders)).data
          .payment_collection.id as string
      const adminSession = (collectionId: string, data: Record<string, unknown>) =>
        api
          .post(
            `/admin/payment-collections/${collectionId}/payment-sessions`,
            { provider_id: PROVIDERS.pix, data },
            admin
          )
          .catch(errorResponse)

      const clean = await collectionOf(await createCart(api, store))
      const card = await adminSession(clean, { note: "4111 1111 1111 1111" })
      expect(card.status).toBe(400)
      expect(card.data.message).toMatch(/card details/)
      const reserved = await adminSession(clean, { list: [{ toString: "x" }] })
      expect(reserved.status).toBe(400)

      const cartId = await createCart(api, store)
      await api.post(
        `/store/carts/${cartId}`,
        { shipping_address: { address_1: "4111 1111 1111 1111", country_code: "br" } },
        store.storeHeaders
      )
      const inAddress = await adminSession(await collectionOf(cartId), {})
      expect(inAddress.status).toBe(400)
      expect(inAddress.data.message).toMatch(/address .* card details/)
      expect(creates()).toBe(0)
    })
  },
})
