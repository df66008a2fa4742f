import type { RemoteQueryFunction } from "@medusajs/framework/types"

type SessionPayment = { payment?: { captures?: Array<{ id: string }> | null } | null }

/** How many captures Medusa holds for a payment session's payment (0: not captured). */
export async function sessionCaptureCount(
  query: Omit<RemoteQueryFunction, symbol>,
  sessionId: string
) {
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "payment.captures.id"],
    filters: { id: sessionId },
  })
  return ((data[0] as SessionPayment | undefined)?.payment?.captures ?? []).length
}
