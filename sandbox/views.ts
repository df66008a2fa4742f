/**
 * How each record looks on the wire, section by section of the spec (and of the field evidence for
 * what the spec does not show). Reais are emitted as JSON numbers with at most two decimals.
 */
import type { Company, Transaction, Variants, Withdrawal } from "./state"
import { prop } from "./state/validation"

/** Cents -> reais number, exact for any amount the sandbox handles (shortest decimal round-trip). */
export const reais = (cents: number) => {
  const abs = Math.abs(cents)
  return Number(
    `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`
  )
}

const LIST_STATUS: Record<Transaction["state"], string> = {
  Awaiting: "PENDING",
  Paid: "PAID",
  Cancelled: "CANCELLED",
  Failed: "FAILED",
  Refunded: "REFUNDED",
}

const PAYMENT_SYSTEM: Record<string, string> = {
  PIX: "Pix",
  BOLETO: "Boleto",
  CREDIT_CARD: "CreditCard",
}

/** §2.3: HTTP 200, `data` envelope, `status` mirroring HTTP, a message; companyId where the variant says. */
export function createResponse(t: Transaction, variants: Variants) {
  const data: Record<string, unknown> = {
    id: t.transactionId,
    amount: t.amountCents,
    paymentMethod: t.paymentMethod,
    status: "WAITING_PAYMENT",
    ...(t.pix ? { pix: { qrcode: t.pix.qrcode, expirationDate: t.pix.expirationDate } } : {}),
    createdAt: t.createdAt,
  }
  if (variants.companyIdLocation === "data") data.companyId = t.companyId
  return {
    status: 200,
    message: "Transação criada com sucesso",
    ...(variants.companyIdLocation === "top" ? { companyId: t.companyId } : {}),
    data,
  }
}

/** §2.4 list item. */
export function listItem(t: Transaction) {
  const doc = t.customer.document
  return {
    id: t.internalId,
    leadId: t.leadId,
    lead: {
      id: t.leadId,
      externalId: t.customer.externalRef ?? t.customer.id ?? null,
      name: t.customer.name,
      email: t.customer.email,
      phone: t.customer.phone ?? "",
      documentNumber: prop(doc, "number") ?? "",
      documentType: prop(doc, "type") ?? "",
    },
    amount: t.amountCents,
    status: LIST_STATUS[t.state],
    paymentMethod: t.paymentMethod,
    providerTxId: t.providerTxId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  }
}

/** `updateDate` carries an offset and `createdAt` none (§2.5). */
const withOffset = (iso: string) => iso.replace("Z", "+00:00")
const withoutOffset = (iso: string) => iso.replace("Z", "")

/** §2.5 detail: `value` in cents, `enStatusTransaction`, the detail's own `lead` shape. */
export function detail(t: Transaction) {
  return {
    id: t.internalId,
    leadId: t.leadInternalId,
    lead: {
      id: t.leadInternalId,
      name: t.customer.name,
      email: t.customer.email,
      phone: t.customer.phone ?? "",
      document: prop(t.customer.document, "number") ?? "",
    },
    companyId: t.companyId,
    value: t.paidAmountCents ?? t.amountCents,
    refundedAmount: t.refundedAmountCents,
    transactionId: t.transactionId,
    enStatusTransaction: t.state,
    enPaymentSystem: PAYMENT_SYSTEM[t.paymentMethod] ?? t.paymentMethod,
    updateDate: withOffset(t.updatedAt),
    createdAt: withoutOffset(t.createdAt),
  }
}

/** §2.6 balance, reais decimals. */
export function balance(c: Company, id: number) {
  return {
    id,
    companyId: c.companyId,
    currency: "BRL",
    enBalanceStatus: c.balance.status,
    accBalance: reais(c.balance.availableCents),
    accBalanceCredit: reais(c.balance.creditCents),
    accBalanceCreditAwaiting: reais(c.balance.creditAwaitingCents),
  }
}

/** §2.8 withdrawal record (no metadata), flat as in the field or enveloped as the variant says. */
export function withdrawalRecord(w: Withdrawal, variants: Variants) {
  const record = {
    id: w.id,
    companyId: w.companyId,
    idempotencyKey: w.idempotencyKey,
    value: reais(w.amountCents),
    pixKey: w.pixKey,
    pixKeyType: w.pixKeyType,
    creditorDocument: w.creditorDocument,
    description: w.description ?? "",
    currency: w.currency,
    enTransaction: w.state,
    createdAt: w.createdAt,
    ...(w.state === "Failure" ? { providerErrorDescription: w.failureReason } : {}),
  }
  return variants.withdrawalEnvelope === "data" ? { data: record } : record
}

/** GET /api/Withdraw/{id}: the create DTO plus the provider fields seen in the field (§2.3 research). */
export function withdrawalDetail(w: Withdrawal, variants: Variants) {
  const base = withdrawalRecord(w, { ...variants, withdrawalEnvelope: "flat" })
  const record = {
    ...base,
    amount: w.amountCents,
    provider: "sandbox",
    providerStatus: w.state.toUpperCase(),
    providerTid: w.endToEndId,
    providerEndToEndId: w.endToEndId,
    providerPaymentId: w.endToEndId ? `pay_${w.id}` : null,
    providerAmount: w.endToEndId ? reais(w.amountCents) : null,
    providerErrorDescription: w.failureReason,
    updateDate: withOffset(w.updatedAt),
  }
  return variants.withdrawalEnvelope === "data" ? { data: record } : record
}

/** Cash-out webhook as seen in the field (research/gateway.md §2.6): lowercase status, reais + cents. */
export function withdrawalEvent(w: Withdrawal) {
  return {
    object: "withdraw",
    type: "cashout",
    status: w.state === "Awaiting" ? "pending" : w.state.toLowerCase(),
    companyId: w.companyId,
    withdrawId: w.id,
    value: reais(w.amountCents),
    valueInCents: w.amountCents,
    currency: w.currency,
    provider: "sandbox",
    providerStatus: w.state.toUpperCase(),
    providerTid: w.endToEndId,
    providerPaymentId: w.endToEndId ? `pay_${w.id}` : null,
    endToEndId: w.endToEndId,
    providerAmount: w.endToEndId ? reais(w.amountCents) : null,
    providerConfirmedAt: w.state === "Successful" ? w.processedAt : null,
    providerDebitedAt: w.state === "Successful" ? w.processedAt : null,
    providerErrorCode: w.state === "Failure" ? "PIX_FAILED" : null,
    providerErrorDescription: w.failureReason,
    providerPayload: JSON.stringify({ data: { user_id: w.companyId } }),
    pixKey: w.pixKey,
    pixKeyType: w.pixKeyType,
    creditorDocument: w.creditorDocument,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    processedAt: w.processedAt,
    metadata: w.metadata,
  }
}

/** Cash-in webhook in the same style (no public evidence of its shape; our decision). */
export function transactionEvent(t: Transaction) {
  const paid = t.paidAmountCents ?? t.amountCents
  return {
    object: "transaction",
    type: "cashin",
    status: t.state === "Awaiting" ? "pending" : t.state.toLowerCase(),
    ...(t.cancelReason && t.state === "Cancelled" ? { reason: t.cancelReason } : {}),
    companyId: t.companyId,
    transactionId: t.transactionId,
    id: t.internalId,
    paymentMethod: t.paymentMethod,
    value: reais(paid),
    valueInCents: paid,
    refundedAmount: t.refundedAmountCents,
    currency: "BRL",
    providerTxId: t.providerTxId,
    paidAt: t.paidAt,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  }
}
