/** Transactions as the gateway answers them: created, in the list, in the detail. */
import { gatewayInstant } from "../dates"
import { ChargeStatus, normaliseChargeStatus, StatusInfo } from "../statuses"
import {
  amountCents,
  asObject,
  first,
  int,
  Json,
  refundedCents,
  ShapeError,
  str,
  unwrap,
} from "./parse"
import { BoletoFacts, boletoFacts, CardFacts, cardFacts } from "./method-facts"

export type CreatedTransaction = {
  id: string
  amountCents?: number
  paymentMethod?: string
  status: StatusInfo<ChargeStatus>
  pix?: { qrcode?: string; expiresAt?: string }
  boleto?: BoletoFacts
  card?: CardFacts
  companyId?: number
  message?: string
  raw: Json
}

export function parseCreatedTransaction(body: unknown): CreatedTransaction {
  const envelope = asObject(body, "create-transaction response")
  const data = unwrap(envelope)
  const id = str(first(data.id, data.transactionId))
  if (!id) throw new ShapeError("create-transaction response has no data.id")
  const pix = data.pix && typeof data.pix === "object" ? (data.pix as Json) : undefined
  return {
    id,
    amountCents: amountCents(data, true),
    paymentMethod: str(data.paymentMethod),
    status: normaliseChargeStatus(first(data.status, data.enStatusTransaction)),
    pix: pix && {
      qrcode: str(first(pix.qrcode, pix.qrCode, pix.copyPaste, pix.emv)),
      expiresAt: str(first(pix.expirationDate, pix.expiresAt)),
    },
    boleto: boletoFacts(data),
    card: cardFacts(data),
    // Its location is not shown in the spec: look in the record, then the envelope.
    companyId: first(int(data.companyId), int(envelope.companyId)),
    message: str(envelope.message),
    raw: data,
  }
}

export type TransactionDetail = {
  transactionId: string
  internalId?: number
  companyId?: number
  amountCents?: number
  /** What the gateway reports refunded so far (partial refunds exist), when it says. */
  refundedCents?: number
  status: StatusInfo<ChargeStatus>
  paymentSystem?: string
  boleto?: BoletoFacts
  card?: CardFacts
  lead?: { id?: string; name?: string; email?: string; phone?: string; document?: string }
  createdAt?: string
  updatedAt?: string
  raw: Json
}

export function parseTransactionDetail(body: unknown, requestedId: string): TransactionDetail {
  const data = unwrap(asObject(body, "transaction detail"))
  const lead = data.lead && typeof data.lead === "object" ? (data.lead as Json) : undefined
  const transactionId = str(data.transactionId) ?? requestedId
  if (!str(data.transactionId) && int(data.id) === undefined && !str(data.id)) {
    throw new ShapeError("transaction detail has neither transactionId nor id")
  }
  return {
    transactionId,
    internalId: int(data.id),
    companyId: int(data.companyId),
    amountCents: amountCents(data, true),
    refundedCents: refundedCents(data),
    status: normaliseChargeStatus(first(data.enStatusTransaction, data.status)),
    paymentSystem: str(first(data.enPaymentSystem, data.paymentMethod)),
    boleto: boletoFacts(data),
    card: cardFacts(data),
    lead: lead && {
      id: str(lead.id),
      name: str(lead.name),
      email: str(lead.email),
      phone: str(lead.phone),
      document: str(first(lead.document, lead.documentNumber)),
    },
    createdAt: gatewayInstant(data.createdAt),
    updatedAt: gatewayInstant(first(data.updateDate, data.updatedAt)),
    raw: data,
  }
}

export type TransactionListItem = {
  id?: number
  leadId?: string
  lead?: {
    id?: string
    externalId?: string | null
    name?: string
    email?: string
    phone?: string
    documentNumber?: string
    documentType?: string
  }
  amountCents?: number
  status: StatusInfo<ChargeStatus>
  paymentMethod?: string
  providerTxId?: string
  createdAt?: string
  updatedAt?: string
  raw: Json
}

export type TransactionPage = {
  items: TransactionListItem[]
  totalItems: number
  totalPages: number
  currentPage: number
  pageSize: number
}

export function parseTransactionPage(body: unknown): TransactionPage {
  const envelope = asObject(body, "transaction list")
  if (envelope.ok === false) throw new ShapeError("transaction list answered ok: false")
  const res =
    envelope.res && typeof envelope.res === "object" ? (envelope.res as Json) : unwrap(envelope)
  if (!Array.isArray(res.items)) throw new ShapeError("transaction list has no res.items array")
  const items = res.items.map((item, index) => {
    const row = asObject(item, `transaction list item ${index}`)
    const lead = row.lead && typeof row.lead === "object" ? (row.lead as Json) : undefined
    return {
      id: int(row.id),
      leadId: str(row.leadId),
      lead: lead && {
        id: str(lead.id),
        externalId: str(lead.externalId) ?? null,
        name: str(lead.name),
        email: str(lead.email),
        phone: str(lead.phone),
        documentNumber: str(first(lead.documentNumber, lead.document)),
        documentType: str(lead.documentType),
      },
      amountCents: amountCents(row, true),
      status: normaliseChargeStatus(first(row.status, row.enStatusTransaction)),
      paymentMethod: str(first(row.paymentMethod, row.enPaymentSystem)),
      providerTxId: str(row.providerTxId),
      createdAt: gatewayInstant(row.createdAt),
      updatedAt: gatewayInstant(first(row.updatedAt, row.updateDate)),
      raw: row,
    }
  })
  return {
    items,
    totalItems: int(res.totalItems) ?? items.length,
    totalPages: int(res.totalPages) ?? 1,
    currentPage: int(res.currentPage) ?? 1,
    pageSize: int(res.pageSize) ?? items.length,
  }
}
