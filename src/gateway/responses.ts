/**
 * Response parsing: tolerant. Unknown fields are kept in `raw`, known variants are normalised
 * (envelope or not, reais or cents, PascalCase or lowercase statuses), and only what we cannot work
 * without (an id) makes the response a protocol error.
 */
import { z } from "zod"
import { reaisToCents } from "./money"
import {
  ChargeStatus,
  isBalanceReleased,
  normaliseChargeStatus,
  normaliseWithdrawalStatus,
  StatusInfo,
  WithdrawalStatus,
} from "./statuses"

type Json = Record<string, unknown>

export class ShapeError extends Error {}

const AnyObject = z.record(z.string(), z.unknown())

export function asObject(value: unknown, what: string): Json {
  const parsed = AnyObject.safeParse(value)
  if (!parsed.success || Array.isArray(value)) throw new ShapeError(`${what} is not a JSON object`)
  return parsed.data
}

const str = (v: unknown): string | undefined =>
  typeof v === "string" && v.trim() !== "" ? v : typeof v === "number" ? String(v) : undefined

const int = (v: unknown): number | undefined => {
  if (typeof v === "number" && Number.isInteger(v)) return v
  if (typeof v === "string" && /^-?\d+$/.test(v.trim())) return Number(v.trim())
  return undefined
}

const first = <T>(...values: Array<T | undefined>): T | undefined =>
  values.find((v) => v !== undefined)

/** A `{ data: {...} }` envelope or the bare object. */
const unwrap = (body: Json): Json =>
  body.data && typeof body.data === "object" && !Array.isArray(body.data)
    ? (body.data as Json)
    : body

/** Reais decimal -> cents; tolerant of strings and of junk (undefined). */
function reais(v: unknown): number | undefined {
  if (typeof v !== "number" && typeof v !== "string") return undefined
  try {
    return reaisToCents(v)
  } catch {
    return undefined
  }
}

/**
 * Amount in cents from whichever field the record carries. Fields named in cents win; `value` is in
 * cents where the spec says so (transaction detail) unless it has decimals, and in reais elsewhere.
 */
export function amountCents(record: Json, valueIsCents: boolean): number | undefined {
  const explicit = first(int(record.valueInCents), int(record.amountInCents), int(record.amount))
  if (explicit !== undefined) return explicit
  const value = record.value
  if (valueIsCents && int(value) !== undefined) return int(value)
  return reais(value)
}

/** The refunded amount: `refundedAmount` (cents, as in the template) or a reais `refundedValue`. */
function refundedCents(record: Json): number | undefined {
  const cents = first(int(record.refundedAmountInCents), int(record.refundedAmount))
  return cents ?? reais(first(record.refundedValue, record.refunded_value))
}

export type CreatedTransaction = {
  id: string
  amountCents?: number
  paymentMethod?: string
  status: StatusInfo<ChargeStatus>
  pix?: { qrcode?: string; expiresAt?: string }
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
    lead: lead && {
      id: str(lead.id),
      name: str(lead.name),
      email: str(lead.email),
      phone: str(lead.phone),
      document: str(first(lead.document, lead.documentNumber)),
    },
    createdAt: str(data.createdAt),
    updatedAt: str(first(data.updateDate, data.updatedAt)),
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
      createdAt: str(row.createdAt),
      updatedAt: str(first(row.updatedAt, row.updateDate)),
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

export type Balance = {
  companyId?: number
  currency: string
  /** `enBalanceStatus` verbatim. */
  balanceStatus?: string
  /** False when the status is anything but Released: withdrawals are blocked. */
  released: boolean
  /** Reais as the gateway sent them (exact decimal strings) and the same in cents. */
  available: { reais: string; cents: number }
  credit: { reais: string; cents: number }
  creditAwaiting: { reais: string; cents: number }
  raw: Json
}

function reaisField(record: Json, field: string, required: boolean) {
  const v = record[field]
  const cents = reais(v)
  if (cents === undefined) {
    if (required) throw new ShapeError(`balance has no numeric ${field}`)
    return { reais: "0", cents: 0 }
  }
  return { reais: String(v), cents }
}

export function parseBalance(body: unknown): Balance {
  const data = unwrap(asObject(body, "balance"))
  return {
    companyId: int(data.companyId),
    currency: str(data.currency) ?? "BRL",
    balanceStatus: str(data.enBalanceStatus),
    released: isBalanceReleased(data.enBalanceStatus),
    available: reaisField(data, "accBalance", true),
    credit: reaisField(data, "accBalanceCredit", false),
    creditAwaiting: reaisField(data, "accBalanceCreditAwaiting", false),
    raw: data,
  }
}

export type Withdrawal = {
  id: string
  companyId?: number
  idempotencyKey?: string
  amountCents?: number
  pixKey?: string
  pixKeyType?: string
  creditorDocument?: string
  description?: string
  currency?: string
  status: StatusInfo<WithdrawalStatus>
  /** Why the gateway or its provider refused it, when it says. */
  failureReason?: string
  metadata?: unknown
  createdAt?: string
  updatedAt?: string
  raw: Json
}

export function parseWithdrawal(body: unknown): Withdrawal {
  const data = unwrap(asObject(body, "withdrawal"))
  const id = str(first(data.id, data.withdrawId))
  if (!id) throw new ShapeError("withdrawal record has no id")
  return {
    id,
    companyId: int(data.companyId),
    idempotencyKey: str(data.idempotencyKey),
    amountCents: amountCents(data, false),
    pixKey: str(data.pixKey),
    pixKeyType: str(data.pixKeyType),
    creditorDocument: str(data.creditorDocument),
    description: str(data.description),
    currency: str(data.currency),
    status: normaliseWithdrawalStatus(first(data.enTransaction, data.status)),
    failureReason: str(
      first(data.providerErrorDescription, data.errorDescription, data.message, data.error)
    ),
    metadata: data.metadata,
    createdAt: str(data.createdAt),
    updatedAt: str(first(data.updateDate, data.updatedAt)),
    raw: data,
  }
}
