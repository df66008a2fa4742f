import type { MedusaRequest, MedusaStoreRequest } from "@medusajs/framework/http"

/**
 * Whether something of this sales channel may be shown with the request's publishable key (a key
 * without channels sees every one), as Medusa's own store routes decide.
 */
export function visibleWithKey(req: MedusaRequest, channel: string | null | undefined) {
  const channels = (req as MedusaStoreRequest).publishable_key_context?.sales_channel_ids ?? []
  return !channels.length || !channel || channels.includes(channel)
}
