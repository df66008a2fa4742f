/** The company's balance and its withdrawals, as the gateway answers them. */
import { gatewayInstant } from "../dates"
import {
  isBalanceReleased,
  normaliseWithdrawalStatus,
  StatusInfo,
  WithdrawalStatus,
} from "../statuses"
import { amountCents, asObject, first, int, Json, reais, ShapeError, str, unwrap } from "./parse"

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
  /** The payout's end-to-end id (the PIX network's), once it was paid out. */
  endToEndId?: string
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
    endToEndId: str(data.providerEndToEndId) ?? str(data.endToEndId),
    metadata: data.metadata,
    createdAt: gatewayInstant(data.createdAt),
    updatedAt: gatewayInstant(first(data.updateDate, data.updatedAt)),
    raw: data,
  }
}
