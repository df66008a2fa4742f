/**
 * A store without a notification provider for e-mail: checkout and payment work the same, and the
 * plugin creates no notification (nothing queued, nothing failing).
 */
import type { INotificationModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { useSandbox } from "../helpers/sandbox"
import { eventually, placePixOrder, Store } from "../helpers/store"
import { resetForWebhooks, SECRET, WEBHOOK_SETTINGS, webhookCalls } from "../helpers/webhooks"

jest.setTimeout(120_000)

const gateway = useSandbox({
  webhookSecret: SECRET,
  webhooks: WEBHOOK_SETTINGS,
  env: { EMAIL_PROVIDER: "none" },
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const { paymentStatus } = webhookCalls(api, getContainer, () => store)

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
    })

    it("sends no payment e-mail, and the order is paid as usual", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(transactionId)

      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      await gateway.sandbox.webhooks.idle()

      const notifications = await getContainer()
        .resolve<INotificationModuleService>(Modules.NOTIFICATION)
        .listNotifications({})
      expect(notifications).toEqual([])
    })
  },
})
