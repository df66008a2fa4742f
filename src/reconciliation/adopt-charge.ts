/**
 * A charge the store has no record of, announced by a trusted webhook: its create was accepted but
 * the answer was lost (a timeout after success), so the checkout failed while the gateway charged.
 * The gateway's own record names the payment session it was made for (the request's externalRef,
 * read back as the list item's lead.externalId). When that session still exists, the transaction is
 * written into it under the server's binding (so authorising it re-fetches this charge, never
 * creates another) and recorded; the sync then completes the cart when it is paid (Medusa's
 * processPaymentWorkflow), or flags a second payment. When the session is gone, the charge is
 * recorded without it and the sync flags a payment for a refund. Nothing is taken from the body.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { MajorAmountInput, TransactionDetail, toCents, VorexyClient, VorexyError } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { ADOPT_KEY } from "../providers/vorexy/core/adopt-session"
import type { ChargeCreatedEvent } from "../providers/vorexy/core/events"
import {
  isVorexyProviderId,
  methodLabelOf,
  unlinkedProviderId,
} from "../providers/vorexy/provider-ids"
import { recordChargesWorkflow } from "../workflows/record-charges"

/** The list is read newest first, at most this many pages, to find the transaction. */
const LOOKUP = { pageSize: 100, pages: 5 }

const METHODS = { PIX: "pix", boleto: "boleto", card: "credit_card" } as const
const GATEWAY_METHODS: Record<string, ChargeCreatedEvent["method"]> = {
  PIX: "pix",
  BOLETO: "boleto",
  CREDIT_CARD: "credit_card",
  CREDITCARD: "credit_card",
}

type SessionRow = {
  id: string
  provider_id: string
  amount: MajorAmountInput
  currency_code: string
  data: Record<string, unknown> | null
}

/** True when the transaction was recorded (for its session, or without it when that is gone). */
export async function adoptCharge(container: MedusaContainer, transactionId: string) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const gateway = vorexy.gateway()
  const detail = await gateway.getTransaction(transactionId).catch((error) => {
    if (error instanceof VorexyError && error.kind === "not_found") return null
    throw error
  })
  if (detail?.internalId === undefined) return false
  // Another company's charge (a second store on the same credentials) is not ours to adopt.
  const companyId = await vorexy.companyId()
  if (companyId && detail.companyId !== undefined && String(detail.companyId) !== companyId) {
    return false
  }
  const listed = await listItemOf(gateway, detail)
  const sessionId = sessionRefOf(listed)
  if (!sessionId) return false

  const company = detail.companyId ?? (companyId ? Number(companyId) : null)
  const session = await sessionOf(container, sessionId)
  if (!session) return recordWithoutSession(vorexy, detail, sessionId, company)

  const amountCents = chargedCentsOf(session)
  // Adopted only where it surely belongs: the lead's reference alone is not proof (a gateway
  // that keeps one lead per payer would point a repeat customer's lost charge at their first
  // session). Otherwise it is kept apart, never captured, and flagged for a refund.
  const refused = adoptionRefusal(vorexy, session, detail, amountCents, listed)
  if (refused) return recordWithoutSession(vorexy, detail, sessionId, company, refused)
  const charge_binding = vorexy.binding().sign({
    session_id: session.id,
    transaction_id: transactionId,
    amount_cents: amountCents,
    company_id: company,
  })
  // Bound into the session first: authorising it now re-fetches this charge.
  await container.resolve<IPaymentModuleService>(Modules.PAYMENT).updatePaymentSession({
    id: session.id,
    amount: session.amount as number,
    currency_code: session.currency_code,
    data: {
      ...(session.data ?? {}),
      [ADOPT_KEY]: { transaction_id: transactionId, company_id: company, charge_binding },
    },
  })
  const charge: ChargeCreatedEvent = {
    payment_session_id: session.id,
    transaction_id: transactionId,
    method: METHODS[methodLabelOf(session.provider_id)],
    amount_cents: amountCents,
    // The sync decides from a re-fetch; recorded as created, never as paid.
    status: "pending",
    gateway_status: null,
    qr_code: null,
    qr_code_image: null,
    expires_at: null,
    company_id: company === null ? null : String(company),
    details: splitOf(session),
  }
  await recordChargesWorkflow(container).run({ input: { charges: [charge] } })
  return true
}

type ListItem = Awaited<ReturnType<VorexyClient["listTransactions"]>>["items"][number]

/** The transaction as the gateway's list shows it (with its lead), newest first. */
async function listItemOf(gateway: VorexyClient, detail: TransactionDetail) {
  for (let page = 1; page <= LOOKUP.pages; page++) {
    const list = await gateway.listTransactions({
      page,
      pageSize: LOOKUP.pageSize,
      sort: "createdAt_desc",
    })
    const item = list.items.find((i) => i.id === detail.internalId)
    if (item) return item
    if (page >= list.totalPages) return null
  }
  return null
}

/** The payment session id the charge was made for, from the list's lead.externalId. */
function sessionRefOf(item: ListItem | null) {
  const ref = item?.lead?.externalId
  return ref && /^payses_[0-9A-Za-z]{1,64}$/.test(ref) ? ref : null
}

const digitsOf = (value: unknown) => (typeof value === "string" ? value.replace(/\D/g, "") : "")

/**
 * Why the charge must not be adopted into this session, or null: the session has a charge of its
 * own, the amounts differ, or the payer the gateway billed is not the session's (by CPF/CNPJ,
 * when both are known).
 */
/**
 * What the session's charge is for: Medusa's amount, or what its data says the gateway is charged
 * (a card's installments with interest) when that data was made for this very amount.
 */
function chargedCentsOf(session: SessionRow) {
  const order = toCents(session.amount)
  const data = session.data ?? {}
  return data.order_amount_cents === order && Number.isInteger(data.amount_cents)
    ? (data.amount_cents as number)
    : order
}

/** A card's installments and their interest, as its session chose them (why it charged more). */
function splitOf(session: SessionRow) {
  const { installments, interest_cents } = session.data ?? {}
  if (!Number.isInteger(installments) || !Number.isInteger(interest_cents)) return null
  return { installments: installments as number, interest_cents: interest_cents as number }
}

function adoptionRefusal(
  vorexy: VorexyModuleService,
  session: SessionRow,
  detail: TransactionDetail,
  amountCents: number,
  listed: ListItem | null
): string | null {
  const own = session.data?.transaction_id
  if (typeof own === "string" && own && own !== detail.transactionId)
    return `its payment session ${session.id} has a charge of its own (${own})`
  if (detail.amountCents !== undefined && detail.amountCents !== amountCents)
    return `it is for another amount than its payment session ${session.id}`
  const billed = digitsOf(listed?.lead?.documentNumber)
  const payer = vorexy.payerSeal().open(session.data?.payer_sealed, session.id)
  const expected = digitsOf(payer?.document?.number)
  if (billed && expected && billed !== expected)
    return `it billed another payer than its payment session ${session.id}`
  return null
}

async function sessionOf(container: MedusaContainer, id: string) {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment_session",
    fields: ["id", "provider_id", "amount", "currency_code", "data"],
    filters: { id },
  })
  const session = data[0] as SessionRow | undefined
  return session && isVorexyProviderId(session.provider_id) ? session : undefined
}

/**
 * The session was replaced or deleted (the shopper went back and paid again): the charge is kept
 * anyway, so the sync sees "no session" and flags a payment for a refund.
 */
async function recordWithoutSession(
  vorexy: VorexyModuleService,
  detail: TransactionDetail,
  sessionId: string,
  company: number | null,
  refused?: string
) {
  const method = GATEWAY_METHODS[(detail.paymentSystem ?? "").toUpperCase()] ?? "pix"
  if (detail.amountCents === undefined) return false
  await vorexy.createVorexyCharges([
    {
      transaction_id: detail.transactionId,
      // Refused for the session it names: kept apart from it (no session has this id), so the
      // sync never captures it into that session and flags a payment for a refund.
      payment_session_id: refused ? `${sessionId}:not_adopted` : sessionId,
      ...(refused
        ? {
            flag: "late_payment" as const,
            flag_detail: `Not adopted: ${refused}. Refund it in the Vorexy panel if it is paid.`,
          }
        : {}),
      // Named like the method's own provider (vorexy-card, not vorexy-credit_card), so it is
      // labelled by its method, never as the PIX default.
      provider_id: unlinkedProviderId(method),
      method,
      amount_cents: detail.amountCents,
      status: "pending",
      company_id: company === null ? null : String(company),
    },
  ])
  return true
}
