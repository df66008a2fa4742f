/** Picks the Vorexy payment session out of a cart's or an order's payment collections. */
import type { VorexySession } from "./types.js"

type RawSession = {
  id?: unknown
  provider_id?: unknown
  status?: unknown
  data?: unknown
  created_at?: unknown
}

const isVorexy = (session: RawSession) =>
  typeof session.provider_id === "string" && session.provider_id.startsWith("pp_vorexy-")

const time = (session: RawSession) =>
  typeof session.created_at === "string" ? Date.parse(session.created_at) || 0 : 0

/** The newest Vorexy session (by created_at; the later one in the list when there is none). */
export function newestVorexySession(
  sessions: readonly RawSession[] | null | undefined
): VorexySession | null {
  const vorexy = (sessions ?? []).filter(isVorexy)
  if (!vorexy.length) return null
  const newest = vorexy.reduce((best, s) => (time(s) >= time(best) ? s : best))
  return {
    id: String(newest.id),
    provider_id: String(newest.provider_id),
    status: String(newest.status ?? ""),
    data: (newest.data && typeof newest.data === "object" ? newest.data : {}) as Record<
      string,
      unknown
    >,
  }
}

export type CartBody = {
  cart?: { payment_collection?: { payment_sessions?: RawSession[] } | null }
}
export type OrderBody = {
  order?: { payment_collections?: { payment_sessions?: RawSession[] | null }[] | null }
}

export const cartVorexySession = (body: CartBody) =>
  newestVorexySession(body.cart?.payment_collection?.payment_sessions)

export const orderVorexySession = (body: OrderBody) =>
  newestVorexySession(
    (body.order?.payment_collections ?? []).flatMap((c) => c.payment_sessions ?? [])
  )
