/**
 * A charge the store has no record of, announced by a trusted webhook: its create was accepted but
 * the answer was lost (a timeout after success), so the checkout failed while the gateway charged.
 * The gateway's own record names the payment session it was made for (the request's externalRef,
 * read back as the list item's lead.externalId); when that is one of this store's Vorexy sessions
 * the charge is recorded for it, and the sync takes it from there: a payment completes the cart
 * (Medusa's processPaymentWorkflow), or is flagged when its session is gone. Nothing is taken from
 * the webhook's body.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { MajorAmountInput, toCents, VorexyError } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import type { ChargeCreatedEvent } from "../providers/vorexy/core/events"
import { isVorexyProviderId, methodLabelOf } from "../providers/vorexy/provider-ids"
import { recordChargesWorkflow } from "../workflows/record-charges"

/** Recent charges are on the list's first page, newest first. */
const LOOKUP_PAGE_SIZE = 100

const METHODS = { PIX: "pix", boleto: "boleto", card: "credit_card" } as const

type SessionRow = { id: string; provider_id: string; amount: MajorAmountInput }

/** True when the transaction was recorded for the session it was made for. */
export async function adoptCharge(container: MedusaContainer, transactionId: string) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const gateway = vorexy.gateway()
  const detail = await gateway.getTransaction(transactionId).catch((error) => {
    if (error instanceof VorexyError && error.kind === "not_found") return null
    throw error
  })
  if (detail?.internalId === undefined) return false
  const page = await gateway.listTransactions({
    page: 1,
    pageSize: LOOKUP_PAGE_SIZE,
    sort: "createdAt_desc",
  })
  const sessionId = page.items.find((item) => item.id === detail.internalId)?.lead?.externalId
  if (!sessionId || !/^payses_[0-9A-Za-z]{1,64}$/.test(sessionId)) return false

  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "provider_id", "amount"],
    filters: { id: sessionId },
  })
  const session = data[0] as SessionRow | undefined
  if (!session || !isVorexyProviderId(session.provider_id)) return false

  const charge: ChargeCreatedEvent = {
    payment_session_id: session.id,
    transaction_id: transactionId,
    method: METHODS[methodLabelOf(session.provider_id)],
    amount_cents: toCents(session.amount),
    // The sync decides from a re-fetch; recorded as created, never as paid.
    status: "pending",
    gateway_status: null,
    qr_code: null,
    qr_code_image: null,
    expires_at: null,
    company_id: detail.companyId === undefined ? null : String(detail.companyId),
    details: null,
  }
  await recordChargesWorkflow(container).run({ input: { charges: [charge] } })
  return true
}
