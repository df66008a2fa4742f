/**
 * Shared by the webhook specs (webhooks-delivery, webhook-lifecycle): the sandbox's webhooks pointed
 * at POST /hooks/vorexy with the secret, and the calls the tests make and read back.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import type { SandboxRef } from "./sandbox"
import { errorResponse, seedStore, Store, storeOrder } from "./store"

export const SECRET = "test-webhook-secret-0123456789"
/** Quick retries and a short timeout, so a test never waits long for the sandbox's deliveries. */
export const WEBHOOK_SETTINGS = { baseDelayMs: 50, timeoutMs: 2000 }

/** The order fields the webhook tests read through query.graph. */
export type OrderGraph = {
  items: { id: string }[]
  payment_collections: {
    payments?:
      | {
          captured_at?: Date | string | null
          captures?: { id: string }[] | null
          refunds?: { amount: unknown }[] | null
        }[]
      | null
  }[]
}

export const hookUrl = (token: string | null = SECRET) =>
  `/hooks/vorexy${token === null ? "" : `?token=${encodeURIComponent(token)}`}`

/** Before each test: the sandbox reset, its webhooks pointed at /hooks/vorexy, the store seeded. */
export async function resetForWebhooks(
  gateway: SandboxRef,
  api: AxiosInstance,
  container: MedusaContainer
) {
  gateway.sandbox.reset()
  gateway.sandbox.webhooks.settings = { ...gateway.sandbox.webhooks.settings, ...WEBHOOK_SETTINGS }
  gateway.sandbox.setWebhookUrl(`${api.defaults.baseURL}${hookUrl()}`)
  return seedStore(container)
}

/**
 * The calls the webhook tests make: `post` a delivery to /hooks/vorexy (the secret's token unless
 * told otherwise), and read an order's payment status, captures and refunds. `store()` is the
 * current test's store.
 */
export function webhookCalls(
  api: AxiosInstance,
  getContainer: () => MedusaContainer,
  store: () => Store
) {
  const post = (
    body: unknown,
    headers: Record<string, string> = {},
    token: string | null = SECRET
  ) =>
    api
      .post(hookUrl(token), typeof body === "string" ? body : JSON.stringify(body), {
        headers: { "content-type": "application/json", ...headers },
      })
      .catch(errorResponse)
  const paymentStatus = async (orderId: string) =>
    (await storeOrder(api, store(), orderId)).payment_status
  const captures = async (orderId: string) => {
    const {
      data: [order],
    } = await getContainer()
      .resolve("query")
      .graph({
        entity: "order",
        fields: [
          "payment_collections.payments.captures.id",
          "payment_collections.payments.refunds.amount",
        ],
        filters: { id: orderId },
      })
    const payments = (order as OrderGraph).payment_collections.flatMap((c) => c.payments ?? [])
    return {
      captures: payments.flatMap((p) => p.captures ?? []).length,
      refunds: payments.flatMap((p) => p.refunds ?? []),
    }
  }
  return { post, paymentStatus, captures }
}

/** Moves a stored webhook event's arrival back, as if it had come `minutes` ago. */
export async function ageWebhookEvent(container: MedusaContainer, id: string, minutes = 10) {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  await pg.raw(
    `update vorexy_webhook_event
       set created_at = now() - make_interval(mins => ?),
           next_attempt_at = next_attempt_at - make_interval(mins => ?)
     where id = ?`,
    [minutes, minutes, id]
  )
}
