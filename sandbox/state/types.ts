/** The records the sandbox keeps, the behaviour switches (variants) and the business error. */

export type TransactionState =
  | "Awaiting"
  | "Paid"
  | "Cancelled"
  | "Failed"
  | "Refunded"
  /** A card the issuer refused at authorisation (no money moved). */
  | "Refused"
  /** A card held for the gateway's risk analysis. */
  | "InAnalysis"
  | "Chargedback"
  | "InProtest"
export type WithdrawalState =
  "Awaiting" | "Pending" | "Processing" | "Successful" | "Failure" | "Refunded"

export type Company = {
  companyId: number
  name: string
  document: string
  clientId: string
  apiKey: string
  /** The key a storefront gives the card tokeniser (public, like the panel's). */
  publicKey: string
  bankPixKey: { pixKey: string; pixKeyType: string } | null
  balance: {
    availableCents: number
    creditCents: number
    creditAwaitingCents: number
    status: string
  }
  webhookUrl: string | null
}

/** The customer as sent: name and email are validated, everything else is kept untouched. */
export type Customer = Record<string, unknown> & { name: string; email: string }

export type Transaction = {
  internalId: number
  transactionId: string
  companyId: number
  amountCents: number
  paidAmountCents: number | null
  /** Refunded so far in the panel (a partial refund keeps the charge Paid). */
  refundedAmountCents: number
  paymentMethod: string
  state: TransactionState
  cancelReason: string | null
  customer: Customer
  items: unknown[]
  leadId: string
  leadInternalId: number
  pix: { qrcode: string; expirationDate: string } | null
  boleto: Boleto | null
  card: { brand: string; lastDigits: string } | null
  installments: number
  /** The issuer's refusal, in the form the test card asks for (string or `{ description }`). */
  refusedReason: string | { description: string } | null
  /** As sent (fee in cents, address); kept for inspection. */
  shipping: Record<string, unknown> | null
  providerTxId: string
  ip: string | null
  createdAt: string
  updatedAt: string
  paidAt: string | null
}

/** A bank boleto as issued: its slip (PDF on the sandbox), FEBRABAN line and barcode. */
export type Boleto = {
  url: string
  digitableLine: string
  barcode: string
  /** End of the due day, ISO (UTC). */
  expirationDate: string
}

export type Withdrawal = {
  id: number
  companyId: number
  idempotencyKey: string
  amountCents: number
  pixKey: string
  pixKeyType: string
  creditorDocument: string
  description: string | null
  currency: string
  metadata: string | null
  state: WithdrawalState
  failureReason: string | null
  endToEndId: string | null
  createdAt: string
  updatedAt: string
  processedAt: string | null
}

export type Variants = {
  /** "spec": withdrawals start Awaiting; "field": Pending -> Processing -> Successful/Failure. */
  withdrawalStatuses: "spec" | "field"
  /** The next N withdrawals answer 201 with enTransaction "Failure" (a refusal inside a 2xx). */
  failureInside2xx: number
  /** Error bodies: simple `{ message }` or RFC 7807 ProblemDetails. */
  errorStyle: "simple" | "problem"
  /** Withdrawal responses flat (as in the field) or inside a `data` envelope. */
  withdrawalEnvelope: "flat" | "data"
  /** Where the create response carries companyId. */
  companyIdLocation: "data" | "top" | "none"
  /** Status used when an Idempotency-Key is reused with another body. */
  idempotencyConflictStatus: 409 | 422
  /** Boleto field names in the create response: ours, or the template's other ones. */
  boletoAliases: "primary" | "alternate"
  /**
   * Leads: one per transaction, or one per payer (by document): then a repeat payer's new
   * transaction shows the lead of their first, whose externalId names the first payment session.
   */
  leads: "per-transaction" | "per-payer"
}

export const DEFAULT_VARIANTS: Variants = {
  withdrawalStatuses: "spec",
  failureInside2xx: 0,
  errorStyle: "simple",
  withdrawalEnvelope: "flat",
  companyIdLocation: "data",
  idempotencyConflictStatus: 409,
  boletoAliases: "primary",
  leads: "per-transaction",
}

export type SandboxEvent =
  { kind: "transaction"; transaction: Transaction } | { kind: "withdrawal"; withdrawal: Withdrawal }

/** A business error the HTTP layer turns into a status and a body in the chosen error style. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>
  ) {
    super(message)
  }
}

/** What the per-resource ledgers read from the state that owns them. */
export interface StateHost {
  readonly transactions: Map<string, Transaction>
  readonly withdrawals: Map<number, Withdrawal>
  readonly variants: Variants
  /** The sandbox's base URL, for links it issues (a boleto's slip). */
  readonly publicUrl: string
  company(companyId: number): Company
}

export type Emit = (event: SandboxEvent) => void

export const now = () => new Date().toISOString()
