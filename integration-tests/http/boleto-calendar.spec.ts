/**
 * A boleto on Brazil's banking calendar, through the Store API with a simulated clock: paid on its
 * due date, the Friday before Carnaval, and settled by the banks on Ash Wednesday (Carnaval Monday
 * and Tuesday have no compensation). With the default options its order waits, and the payment is
 * captured into it.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { useSandbox } from "../helpers/sandbox"
import { installSimClock } from "../helpers/sim-clock"
import {
  complete,
  createCart,
  eventually,
  setBillingAddress,
  startSession,
  Store,
  storeOrder,
  VALID_PAYER,
} from "../helpers/store"
import {
  hookUrl,
  resetForWebhooks,
  SECRET,
  WEBHOOK_SETTINGS,
  webhookCalls,
} from "../helpers/webhooks"

jest.setTimeout(120_000)

const clock = installSimClock()
afterAll(() => clock.uninstall())

const gateway = useSandbox({ webhookSecret: SECRET, webhooks: WEBHOOK_SETTINGS })

/** A moment of a day in Brasília (UTC−3). */
const brasilia = (date: string, time = "12:00") => Date.parse(`${date}T${time}:00-03:00`)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const { paymentStatus, captures } = webhookCalls(api, getContainer, () => store)

    it("captures a boleto paid on the Friday before Carnaval and settled on Ash Wednesday", async () => {
      // Tuesday 2 Feb 2027: the boleto is due in the default 3 days, on Friday 5 Feb.
      await clock.setTo(brasilia("2027-02-02"))
      store = await resetForWebhooks(gateway, api, getContainer())
      await clock.attachDatabase(getContainer())

      const cartId = await createCart(api, store)
      await setBillingAddress(api, store, cartId)
      expect((await startSession(api, store, cartId, "boleto", VALID_PAYER)).status).toBe(200)
      const completed = await complete(api, store, cartId)
      expect(completed.data.type).toBe("order")
      const orderId = completed.data.order.id as string
      const order = await storeOrder(api, store, orderId)
      const data = order.payment_collections[0].payment_sessions[0].data
      expect(data.due_at.slice(0, 10)).toBe("2027-02-05")

      // The shopper pays at the bank on the Friday; the banks are closed Saturday to Tuesday
      // (weekend, Carnaval). The reconcile job runs meanwhile: nothing is due to close yet.
      gateway.sandbox.setWebhookUrl(null)
      for (const day of ["2027-02-06", "2027-02-08", "2027-02-09"]) {
        await clock.setTo(brasilia(day, "23:00"))
        await reconcileVorexy(getContainer())
        expect((await storeOrder(api, store, orderId)).status).not.toBe("canceled")
        expect(await paymentStatus(orderId)).toBe("awaiting")
      }

      // Ash Wednesday: the banks settle it and the gateway says paid (its webhook).
      await clock.setTo(brasilia("2027-02-10", "14:00"))
      gateway.sandbox.setWebhookUrl(`${api.defaults.baseURL}${hookUrl()}`)
      gateway.sandbox.state.payTransaction(data.transaction_id as string)

      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      expect((await captures(orderId)).captures).toBe(1)
      expect((await storeOrder(api, store, orderId)).status).not.toBe("canceled")
    })
  },
})
