import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import type VorexyModuleService from "../../../../modules/vorexy/service"
import { sendGatewayError } from "../gateway-errors"

type Query = { page: number; page_size: number; sort: "createdAt_desc" | "createdAt_asc" }

/**
 * GET /admin/vorexy/transactions — the gateway's list, each item joined with our charge and order
 * when we know it (the plugin sends the payment session id as the customer's externalRef, which
 * the list returns as lead.externalId).
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, Query>, res: MedusaResponse) => {
  const { page, page_size, sort } = req.validatedQuery as unknown as Query
  const vorexy = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  try {
    const list = await vorexy.gateway().listTransactions({ page, pageSize: page_size, sort })
    const sessionIds = list.items
      .map((i) => i.lead?.externalId)
      .filter((id): id is string => typeof id === "string" && id.startsWith("payses_"))
    const charges = sessionIds.length
      ? await vorexy.listVorexyCharges({ payment_session_id: sessionIds })
      : []
    const bySession = new Map(charges.map((c) => [c.payment_session_id, c]))
    const orderIds = charges.map((c) => c.order_id).filter((id): id is string => Boolean(id))
    const displayIds = new Map<string, number>()
    if (orderIds.length) {
      const { data } = await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "order",
        fields: ["id", "display_id"],
        filters: { id: [...new Set(orderIds)] },
      })
      for (const order of data as unknown as { id: string; display_id: number }[]) {
        displayIds.set(order.id, order.display_id)
      }
    }
    res.json({
      transactions: list.items.map((item) => {
        const charge = item.lead?.externalId ? bySession.get(item.lead.externalId) : undefined
        return {
          id: item.id ?? null,
          amount_cents: item.amountCents ?? null,
          status: item.status.status,
          gateway_status: item.status.raw,
          payment_method: item.paymentMethod ?? null,
          provider_tx_id: item.providerTxId ?? null,
          customer: item.lead
            ? { name: item.lead.name ?? null, email: item.lead.email ?? null }
            : null,
          created_at: item.createdAt ?? null,
          charge: charge
            ? {
                id: charge.id,
                transaction_id: charge.transaction_id,
                order_id: charge.order_id,
                order_display_id: charge.order_id
                  ? (displayIds.get(charge.order_id) ?? null)
                  : null,
                status: charge.status,
                flag: charge.flag,
              }
            : null,
        }
      }),
      page: list.currentPage,
      page_size: list.pageSize,
      total: list.totalItems,
      total_pages: list.totalPages,
    })
  } catch (error) {
    sendGatewayError(res, error)
  }
}
