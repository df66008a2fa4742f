/**
 * The shopper's PIX and boleto e-mails through Medusa's Notification Module (its local provider on
 * the "email" channel): how to pay when the order is placed, paid, expired; one per event per order
 * whatever the retries; the QR image hosted for e-mail clients. Medusa on real PostgreSQL, the
 * sandbox gateway over HTTP.
 */
import type { INotificationModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { useSandbox } from "../helpers/sandbox"
import {
  adminHeaders,
  complete,
  createCart,
  errorResponse,
  eventually,
  placePixOrder,
  setBillingAddress,
  startSession,
  Store,
  VALID_PAYER,
} from "../helpers/store"
import { resetForWebhooks, SECRET, WEBHOOK_SETTINGS, webhookCalls } from "../helpers/webhooks"

jest.setTimeout(120_000)

const PUBLIC_URL = "https://loja.example"

const gateway = useSandbox({
  webhookSecret: SECRET,
  webhooks: WEBHOOK_SETTINGS,
  env: {
    VOREXY_PUBLIC_URL: PUBLIC_URL,
    VOREXY_ORDER_PAGE_URL: "https://loja.example/pedido/{order_id}",
  },
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    /** The order page link the e-mails carry: with the order's token (order-links.spec.ts). */
    const orderPage = (orderId: string) =>
      `https://loja.example/pedido/${orderId}?vorexy_token=${vorexy().orderTokens().tokenFor(orderId)}`
    const { post, paymentStatus } = webhookCalls(api, getContainer, () => store)
    const emails = async (orderId: string) =>
      getContainer()
        .resolve<INotificationModuleService>(Modules.NOTIFICATION)
        .listNotifications({ resource_id: orderId, channel: "email" })
    const emailOf = (orderId: string, template: string) =>
      eventually(async () => (await emails(orderId)).find((n) => n.template === template))

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
    })

    it("e-mails how to pay a PIX, with a hosted QR image, then that it was paid, once each", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)

      const created = await emailOf(orderId, "vorexy-pix-created")
      expect(created).toMatchObject({
        to: "ana@example.com",
        channel: "email",
        resource_type: "order",
        data: {
          event: "created",
          method: "pix",
          amount: "R$ 94,90",
          amount_cents: 9490,
          pix_code: expect.stringMatching(/^000201/),
          qr_code_url: expect.stringMatching(/^https:\/\/loja\.example\/vorexy\/qr\/vxch_/),
          expires_at: expect.anything(),
          order_page_url: orderPage(orderId),
        },
      })
      // The QR image is served while the charge can be paid, under its signed name only.
      const path = (created!.data as { qr_code_url: string }).qr_code_url.slice(PUBLIC_URL.length)
      const image = await api.get(path, { responseType: "arraybuffer" })
      expect(image.headers["content-type"]).toBe("image/png")
      expect(Buffer.from(image.data).subarray(1, 4).toString()).toBe("PNG")
      const forged = path.replace(/\.([A-Za-z0-9_-]{4})/, ".AAAA")
      expect((await api.get(forged).catch(errorResponse)).status).toBe(404)

      gateway.sandbox.state.payTransaction(transactionId)
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      const paid = await emailOf(orderId, "vorexy-payment-received")
      expect(paid!.data).toMatchObject({ event: "paid", amount: "R$ 94,90" })

      // The same paid delivery again, and the reconcile job: no second e-mail.
      await post({ object: "transaction", status: "paid", transactionId })
      await reconcileVorexy(getContainer())
      await gateway.sandbox.webhooks.idle()
      const all = await emails(orderId)
      expect(all.map((n) => n.template).sort()).toEqual([
        "vorexy-payment-received",
        "vorexy-pix-created",
      ])
      // Paid: the QR is no longer served.
      expect((await api.get(path).catch(errorResponse)).status).toBe(404)
    })

    /**
     * The clock moved on for one charge: it was made `ageMin` minutes ago and lapses in `leftMin`
     * (the reminder is decided from the row's times; the sandbox keeps its own).
     */
    const age = async (orderId: string, ageMin: number, leftMin: number) => {
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(
        `update vorexy_charge set created_at = now() - make_interval(mins => ?),
           expires_at = now() + make_interval(mins => ?) where order_id = ?`,
        [ageMin, leftMin, orderId]
      )
    }
    const templatesOf = async (orderId: string) =>
      (await emails(orderId)).map((n) => n.template).sort()

    it("reminds once before a PIX expires or a boleto falls due, with how to pay and the order's page; never once paid, nor a short PIX, nor too late", async () => {
      // Made a day ago, 30 minutes left: within the hour before its expiry (the default).
      const due = await placePixOrder(api, store)
      await emailOf(due.orderId, "vorexy-pix-created")
      await age(due.orderId, 23 * 60 + 30, 30)
      // Paid before its reminder was due: never reminded.
      const paid = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(paid.transactionId)
      await eventually(async () => (await paymentStatus(paid.orderId)) === "captured")
      await age(paid.orderId, 23 * 60 + 30, 30)
      // Made 20 minutes ago, 10 left: the first e-mail is still fresh, no reminder.
      const short = await placePixOrder(api, store)
      await age(short.orderId, 20, 10)
      // Made a day ago with 10 minutes left (a job that was down): too late to help.
      const late = await placePixOrder(api, store)
      await age(late.orderId, 23 * 60 + 50, 10)
      // A boleto made two days ago, payable for 30 more hours (to the end of tomorrow): its
      // reminder counts back 24 hours from 09:00 of its due day, so it is due now.
      const cartId = await createCart(api, store)
      await setBillingAddress(api, store, cartId)
      await startSession(api, store, cartId, "boleto", VALID_PAYER)
      const boletoOrderId = (await complete(api, store, cartId)).data.order.id as string
      await emailOf(boletoOrderId, "vorexy-boleto-created")
      await age(boletoOrderId, 2 * 24 * 60, 30 * 60)

      await reconcileVorexy(getContainer())
      const reminder = await emailOf(due.orderId, "vorexy-pix-reminder")
      expect(reminder).toMatchObject({
        to: "ana@example.com",
        data: {
          event: "reminder",
          method: "pix",
          amount: "R$ 94,90",
          pix_code: expect.stringMatching(/^000201/),
          qr_code_url: expect.stringMatching(/^https:\/\/loja\.example\/vorexy\/qr\/vxch_/),
          order_page_url: orderPage(due.orderId),
        },
      })

      const boletoReminder = await emailOf(boletoOrderId, "vorexy-boleto-reminder")
      expect(boletoReminder!.data).toMatchObject({
        event: "reminder",
        method: "boleto",
        digitable_line: expect.stringMatching(/^\d{47}$/),
        order_page_url: orderPage(boletoOrderId),
      })

      // Later runs send nothing more.
      await reconcileVorexy(getContainer())
      await reconcileVorexy(getContainer())
      expect(await templatesOf(due.orderId)).toEqual(["vorexy-pix-created", "vorexy-pix-reminder"])
      expect(await templatesOf(paid.orderId)).toEqual([
        "vorexy-payment-received",
        "vorexy-pix-created",
      ])
      expect(await templatesOf(short.orderId)).toEqual(["vorexy-pix-created"])
      expect(await templatesOf(late.orderId)).toEqual(["vorexy-pix-created"])
      expect(await templatesOf(boletoOrderId)).toEqual([
        "vorexy-boleto-created",
        "vorexy-boleto-reminder",
      ])
    })

    it("never tells a shopper 'your payment expired' for an order the store cancelled before it ran out", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      await emailOf(orderId, "vorexy-pix-created")
      await api.post(`/admin/orders/${orderId}/cancel`, {}, await adminHeaders(getContainer()))
      await eventually(async () => {
        const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        return charge.offer_closed_reason === "order_canceled"
      })
      gateway.sandbox.state.expireTransaction(transactionId)
      await eventually(async () => {
        const events = await vorexy().listVorexyWebhookEvents({ reference_id: transactionId })
        const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
        return charge.status === "cancelled" && events.every((e) => e.outcome !== "received")
      })
      expect((await emails(orderId)).map((e) => e.template)).not.toContain("vorexy-payment-expired")
    })

    it("e-mails a boleto's line and PDF, and that it expired", async () => {
      const cartId = await createCart(api, store)
      await setBillingAddress(api, store, cartId)
      await startSession(api, store, cartId, "boleto", VALID_PAYER)
      const orderId = (await complete(api, store, cartId)).data.order.id as string

      const created = await emailOf(orderId, "vorexy-boleto-created")
      expect(created!.data).toMatchObject({
        method: "boleto",
        digitable_line: expect.stringMatching(/^\d{47}$/),
        boleto_url: expect.stringMatching(/^http/),
        due_at: expect.any(String),
      })

      const [charge] = await vorexy().listVorexyCharges({ order_id: orderId })
      gateway.sandbox.state.expireTransaction(charge.transaction_id)
      const expired = await emailOf(orderId, "vorexy-payment-expired")
      expect(expired!.data).toMatchObject({ event: "expired", method: "boleto" })
    })
  },
})
