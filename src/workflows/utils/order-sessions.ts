import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isVorexyProviderId } from "../../providers/vorexy/provider-ids"

type SessionRef = { id: string; provider_id: string; data?: Record<string, unknown> | null } | null
type OrderWithSessions = {
  id: string
  sales_channel_id?: string | null
  customer_id?: string | null
  payment_collections?: Array<{ payment_sessions?: SessionRef[] | null } | null> | null
}

/**
 * An order with its sales channel, its customer and its Vorexy payment sessions (null: no order): their ids,
 * and with `withCharges`, the charge each session's data names (shown to shoppers: only a hint,
 * to be matched against what the plugin recorded for that session; null without `withCharges`).
 */
export async function orderVorexySessions(
  container: MedusaContainer,
  orderId: string,
  { withCharges = false } = {}
): Promise<{
  order: OrderWithSessions
  sessions: Array<{ id: string; transaction_id: string | null }>
} | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "sales_channel_id",
      "customer_id",
      "payment_collections.payment_sessions.id",
      "payment_collections.payment_sessions.provider_id",
      ...(withCharges ? ["payment_collections.payment_sessions.data"] : []),
    ],
    filters: { id: orderId },
  })
  const order = data[0] as OrderWithSessions | undefined
  if (!order) return null
  const sessions = (order.payment_collections ?? [])
    .flatMap((collection) => collection?.payment_sessions ?? [])
    .filter((session): session is NonNullable<SessionRef> =>
      isVorexyProviderId(session?.provider_id)
    )
    .map((session) => {
      const named = session.data?.transaction_id
      return { id: session.id, transaction_id: typeof named === "string" ? named : null }
    })
  return { order, sessions }
}

type SessionOwner = {
  id: string
  provider_id: string
  payment_collection?: {
    cart?: { sales_channel_id?: string | null } | null
    order?: { sales_channel_id?: string | null } | null
  } | null
}

/**
 * A Vorexy payment session and the sales channel of the cart or order it pays (null: no such
 * Vorexy session).
 */
export async function vorexySessionChannel(
  container: MedusaContainer,
  sessionId: string
): Promise<{ salesChannelId: string | null } | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: [
      "id",
      "provider_id",
      "payment_collection.cart.sales_channel_id",
      "payment_collection.order.sales_channel_id",
    ],
    filters: { id: sessionId },
  })
  const session = data[0] as SessionOwner | undefined
  if (!session || !isVorexyProviderId(session.provider_id)) return null
  const collection = session.payment_collection
  const channel = collection?.order?.sales_channel_id ?? collection?.cart?.sales_channel_id ?? null
  return { salesChannelId: channel }
}
