import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PAID_COLLECTION } from "./gather-charge-sync"

type OrderRow = {
  status?: string | null
  payment_collections?: Array<{
    status?: string | null
    payments?: Array<{ captures?: Array<{ id: string }> | null } | null> | null
  } | null> | null
}

/**
 * Under the order's cart lock, just before a lapsed charge's sync cancels its order: the order is
 * read again. Paid meanwhile (another charge of it captured, such as the one a renewal replaced,
 * or a payment the store took otherwise) or already cancelled: it is left as it is. Medusa's cancel
 * would otherwise refund what was just captured.
 */
export const orderStillUnpaidStep = createStep(
  "vorexy-order-still-unpaid",
  async (input: { order_id: string }, { container }) => {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: ["status", "payment_collections.status", "payment_collections.payments.captures.id"],
      filters: { id: input.order_id },
    })
    const order = data[0] as OrderRow | undefined
    const paid = (order?.payment_collections ?? []).some(
      (collection) =>
        PAID_COLLECTION.has(collection?.status ?? "") ||
        (collection?.payments ?? []).some((payment) => (payment?.captures?.length ?? 0) > 0)
    )
    return new StepResponse({ cancel: !!order && order.status !== "canceled" && !paid })
  }
)
