/**
 * How a charge looks on the wire: the create response (§2.3), the list item (§2.4), the detail
 * (§2.5) and the cash-in webhook. PIX is as the spec shows it; BOLETO and CREDIT_CARD add the
 * template's fields and only on their own charges.
 */
import type { Transaction, TransactionState, Variants } from "./state"
import { prop } from "./state/validation"
import { reais, withOffset, withoutOffset } from "./wire-format"

const LIST_STATUS: Record<TransactionState, string> = {
  Awaiting: "PENDING",
  Paid: "PAID",
  Cancelled: "CANCELLED",
  Failed: "FAILED",
  Refunded: "REFUNDED",
  Refused: "REFUSED",
  InAnalysis: "IN_ANALISYS", // sic: the template's spelling
  Chargedback: "CHARGEDBACK",
  InProtest: "IN_PROTEST",
}

/** The create response names an unpaid charge as the spec's PIX example does. */
const createStatus = (state: TransactionState) =>
  state === "Awaiting" ? "WAITING_PAYMENT" : LIST_STATUS[state]

const EVENT_STATUS: Record<TransactionState, string> = {
  Awaiting: "pending",
  Paid: "paid",
  Cancelled: "cancelled",
  Failed: "failed",
  Refunded: "refunded",
  Refused: "refused",
  InAnalysis: "in_analisys",
  Chargedback: "chargedback",
  InProtest: "in_protest",
}

const PAYMENT_SYSTEM: Record<string, string> = {
  PIX: "Pix",
  BOLETO: "Boleto",
  CREDIT_CARD: "CreditCard",
}

/** The boleto under our names, or (variant) the template's other ones. */
function boletoFields(t: Transaction, aliases: Variants["boletoAliases"]) {
  if (!t.boleto) return {}
  const { url, digitableLine, barcode, expirationDate } = t.boleto
  return {
    boleto:
      aliases === "alternate"
        ? { bankSlipUrl: url, line: digitableLine, barCode: barcode, dueDate: expirationDate }
        : { url, digitableLine, barcode, expirationDate },
  }
}

/** A card charge's brand and last digits, installments and (when refused) the issuer's reason. */
function cardFields(t: Transaction) {
  if (t.paymentMethod !== "CREDIT_CARD") return {}
  return {
    card: t.card,
    installments: t.installments,
    ...(t.refusedReason ? { refusedReason: t.refusedReason } : {}),
  }
}

/** §2.3: HTTP 200, `data` envelope, `status` mirroring HTTP, a message; companyId where the variant says. */
export function createResponse(t: Transaction, variants: Variants) {
  const data: Record<string, unknown> = {
    id: t.transactionId,
    amount: t.amountCents,
    paymentMethod: t.paymentMethod,
    status: createStatus(t.state),
    ...(t.pix ? { pix: { qrcode: t.pix.qrcode, expirationDate: t.pix.expirationDate } } : {}),
    ...boletoFields(t, variants.boletoAliases),
    ...cardFields(t),
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
    ...boletoFields(t, "primary"),
    ...cardFields(t),
    updateDate: withOffset(t.updatedAt),
    createdAt: withoutOffset(t.createdAt),
  }
}

/** Cash-in webhook in the cash-out style (no public evidence of its shape; our decision). */
export function transactionEvent(t: Transaction) {
  const paid = t.paidAmountCents ?? t.amountCents
  return {
    object: "transaction",
    type: "cashin",
    status: EVENT_STATUS[t.state],
    ...(t.cancelReason && t.state === "Cancelled" ? { reason: t.cancelReason } : {}),
    ...(t.refusedReason ? { refusedReason: t.refusedReason } : {}),
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
