/**
 * The plugin captures a charge paid after its order exists with its own steps
 * (workflows/capture-session-payment.ts), not with Medusa's processPaymentWorkflow, to spend fewer
 * queries. This pins that copy to Medusa's behaviour: twin orders (same cart, same amounts, same
 * region), placed through the Store API; twin A captured by Medusa's own path, as Medusa's webhook
 * handler runs it for a provider's "captured" action; twin B by the plugin, from the gateway's
 * webhook. Both must leave the same books: order transactions, order summary, payment collection,
 * payments and captures, and the events published. A Medusa upgrade that changes what its capture
 * records fails here instead of in a store's books.
 *
 * A PIX, a boleto, and a card the gateway kept in analysis: each is authorised only when paid, after
 * its order exists (a card approved at checkout is captured there, by Medusa's cart completion; the
 * plugin's capture of a payment authorised at checkout is Medusa's capturePaymentWorkflow itself,
 * no copy).
 */
import type { IOrderModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules, PaymentActions } from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { type PublishedEvent, quiet, recordEvents } from "../helpers/capture-probe"
import { cardToken, TEST_CARDS } from "../helpers/cards"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { useSandbox } from "../helpers/sandbox"
import {
  adminHeaders,
  complete,
  createCart,
  eventually,
  setBillingAddress,
  startSession,
  Store,
  storeOrder,
  VALID_PAYER,
} from "../helpers/store"
import { hookUrl, resetForWebhooks, SECRET, WEBHOOK_SETTINGS } from "../helpers/webhooks"

jest.setTimeout(240_000)

/**
 * Events only the plugin publishes, left out on both sides: every event of its own (its module's
 * records, the charge's and the stored webhook's, and its hand-offs, all named `vorexy.`; the
 * provider writes the charge on Medusa's path too), and the notification of the shopper's "payment
 * received" e-mail (the plugin's own e-mail, sent after it captures a PIX or boleto; Medusa's path
 * sends none). Seen today: vorexy.webhook.received, vorexy.charge.observed,
 * vorexy.vorexy-charge.updated, vorexy.vorexy-webhook-event.updated.
 */
const PLUGIN_PREFIX = "vorexy."
const PLUGIN_ONLY_EVENTS = [
  "notification.notification.created",
  "notification.notification.updated",
]

/**
 * Published once more by Medusa's path than by the plugin's, with nothing changed: after
 * authorising a paid session (which the provider answers "captured", so the payment module
 * captures it there), processPaymentWorkflow runs capturePaymentWorkflow on the captured payment,
 * which updates its collection again to the same state. The plugin skips that second capture.
 * Should Medusa stop repeating it, this test fails: drop the entry.
 */
const CORE_REPEATS = ["payment.payment-collection.updated"]

const gateway = useSandbox({ webhookSecret: SECRET, webhooks: WEBHOOK_SETTINGS })

type Method = "pix" | "boleto" | "card"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    let admin: { headers: Record<string, string> }
    let published: ReturnType<typeof recordEvents>
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)

    beforeAll(() => {
      published = recordEvents(getContainer())
    })
    afterAll(() => published.stop())

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
      admin = await adminHeaders(getContainer())
    })

    /** The session data a storefront sends for `method` (a card tokenised as a browser does). */
    async function sessionData(method: Method) {
      if (method !== "card") return VALID_PAYER
      const token = await cardToken(api, store, gateway, TEST_CARDS.analysis)
      return { ...VALID_PAYER, card_token: token }
    }

    /** An order placed through the Store API, its payment awaiting the gateway. */
    async function placeOrder(method: Method) {
      const cartId = await createCart(api, store)
      await setBillingAddress(api, store, cartId)
      const started = await startSession(api, store, cartId, method, await sessionData(method))
      expect(started.status).toBe(200)
      const completed = await complete(api, store, cartId)
      expect(completed.data.type).toBe("order")
      const order = await storeOrder(api, store, completed.data.order.id)
      expect(order.payment_status).toBe("awaiting")
      const session = order.payment_collections[0].payment_sessions[0]
      return {
        orderId: order.id as string,
        sessionId: session.id as string,
        amount: session.amount as number,
        transactionId: session.data.transaction_id as string,
      }
    }

    /** Every webhook delivered and processed: nothing of an earlier step still running. */
    async function deliveriesDone() {
      await gateway.sandbox.webhooks.idle()
      await eventually(async () => {
        const events = await vorexy().listVorexyWebhookEvents({})
        return events.every((e) => e.outcome !== "received")
      })
    }

    /** The events published until they stop coming (subscribers of subscribers included). */
    async function publishedSince(work: () => Promise<unknown>) {
      published.clear()
      await work()
      await quiet(() => published.events.length)
      return [...published.events]
    }

    /**
     * What a capture leaves in Medusa, without ids or timestamps: the order's transactions and
     * summary (the admin's order), its payment collection, payments and captures.
     */
    async function books(container: MedusaContainer, orderId: string) {
      const transactions = await container
        .resolve<IOrderModuleService>(Modules.ORDER)
        .listOrderTransactions({ order_id: orderId })
      const {
        data: { order },
      } = await api.get(
        `/admin/orders/${orderId}?fields=status,payment_status,total,currency_code,summary,*payment_collections,*payment_collections.payments,*payment_collections.payments.captures`,
        admin
      )
      const numbers = (record: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(record)
            .filter(([key, value]) => !key.startsWith("raw_") && typeof value === "number")
            .map(([key, value]) => [key, Number(value)])
        )
      return {
        status: order.status,
        payment_status: order.payment_status,
        total: Number(order.total),
        currency_code: order.currency_code,
        summary: numbers(order.summary),
        transactions: transactions
          .map((t) => ({
            amount: Number(t.amount),
            currency_code: t.currency_code,
            reference: t.reference,
            // Whose capture it records: one of this order's.
            of_a_capture: order.payment_collections.some(
              (c: { payments: { captures: { id: string }[] }[] }) =>
                c.payments.some((p) => p.captures.some(({ id }) => id === t.reference_id))
            ),
          }))
          .sort((a, b) => a.amount - b.amount),
        payment_collections: order.payment_collections.map(
          (collection: Record<string, unknown> & { payments: Record<string, unknown>[] }) => ({
            status: collection.status,
            currency_code: collection.currency_code,
            amounts: numbers(collection),
            payments: collection.payments.map((payment) => ({
              provider_id: payment.provider_id,
              currency_code: payment.currency_code,
              amount: Number(payment.amount),
              captured: payment.captured_at != null,
              canceled: payment.canceled_at != null,
              captures: (payment.captures as { amount: unknown }[])
                .map((capture) => Number(capture.amount))
                .sort(),
            })),
          })
        ),
      }
    }

    /** The events' names, plugin-only ones left out, sorted: a multiset to compare. */
    const names = (events: PublishedEvent[]) =>
      events
        .map(({ name }) => name)
        .filter((name) => !name.startsWith(PLUGIN_PREFIX) && !PLUGIN_ONLY_EVENTS.includes(name))
        .sort()

    it.each<Method>(["pix", "boleto", "card"])(
      "captures a paid %s into its order as Medusa's processPaymentWorkflow does",
      async (method) => {
        const container = getContainer()
        const a = await placeOrder(method)
        const b = await placeOrder(method)
        expect(b.amount).toBe(a.amount)
        await deliveriesDone()

        // A: Medusa's path. Paid at the gateway first (no webhook sent), so the provider's read
        // agrees; then what Medusa's webhook handler runs for a "captured" action.
        gateway.sandbox.setWebhookUrl(null)
        gateway.sandbox.state.payTransaction(a.transactionId)
        const coreEvents = await publishedSince(() =>
          processPaymentWorkflow(container).run({
            input: {
              action: PaymentActions.SUCCESSFUL,
              data: { session_id: a.sessionId, amount: a.amount },
            },
          })
        )

        // B: the plugin's path, as a store sees it: the gateway's webhook, the order captured.
        gateway.sandbox.setWebhookUrl(`${api.defaults.baseURL}${hookUrl()}`)
        const pluginEvents = await publishedSince(async () => {
          gateway.sandbox.state.payTransaction(b.transactionId)
          await eventually(async () => {
            const [charge] = await vorexy().listVorexyCharges({ transaction_id: b.transactionId })
            return charge.captured_at
          })
          await deliveriesDone()
        })

        const core = await books(container, a.orderId)
        const plugin = await books(container, b.orderId)
        // Medusa's path captured its twin in full (or the comparison proves nothing).
        expect(core).toMatchObject({
          payment_status: "captured",
          summary: { paid_total: a.amount, transaction_total: a.amount, pending_difference: 0 },
          transactions: [{ amount: a.amount, reference: "capture", of_a_capture: true }],
          payment_collections: [
            {
              status: "completed",
              amounts: { captured_amount: a.amount },
              payments: [{ captured: true, captures: [a.amount] }],
            },
          ],
        })
        expect(plugin).toEqual(core)

        expect(names(coreEvents)).toContain("payment.captured")
        const coreNames = names(coreEvents)
        for (const repeat of CORE_REPEATS) {
          expect(coreNames.filter((name) => name === repeat)).toHaveLength(2)
          coreNames.splice(coreNames.indexOf(repeat), 1)
        }
        expect(names(pluginEvents)).toEqual(coreNames)
        // payment.captured names each twin's own payment.
        const capturedIds = (events: PublishedEvent[]) =>
          events
            .filter(({ name }) => name === "payment.captured")
            .map(({ data }) => (data as { id: string }).id)
        const paymentOf = async (sessionId: string) =>
          (
            await container
              .resolve(Modules.PAYMENT)
              .listPayments({ payment_session_id: sessionId }, { select: ["id"] })
          ).map(({ id }) => id)
        expect(capturedIds(coreEvents)).toEqual(await paymentOf(a.sessionId))
        expect(capturedIds(pluginEvents)).toEqual(await paymentOf(b.sessionId))
      }
    )
  },
})
