/**
 * The gateway speaks several status vocabularies (create: WAITING_PAYMENT, list: PENDING, detail:
 * Awaiting/Paid/..., webhooks: lowercase). One table per record kind maps them all, compared
 * case-insensitively, to a canonical set. Unknown values are kept verbatim and treated as
 * non-terminal, so a new gateway status never closes a charge or a withdrawal by accident.
 */

/**
 * `disputed`: a chargeback or a protest (MED) after payment; never counts as paid.
 */
export const CHARGE_STATUSES = [
  "pending",
  "paid",
  "cancelled",
  "failed",
  "refunded",
  "disputed",
] as const
export type ChargeStatus = (typeof CHARGE_STATUSES)[number]

export const WITHDRAWAL_STATUSES = [
  "pending",
  "processing",
  "successful",
  "failed",
  "refunded",
] as const
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number]

export type StatusInfo<S extends string> = {
  /** Canonical status. */
  status: S
  /** What the gateway said, verbatim. */
  raw: string | null
  /** False when the gateway value is not in the table (status is then the non-terminal default). */
  known: boolean
  terminal: boolean
}

/**
 * A status word as compared: ASCII blanks trimmed, lowercase, blanks and dashes as one
 * underscore. ASCII only, so PostgreSQL reads it the same (the long-poll's mark, charge-watch.ts).
 */
const key = (value: string) =>
  value
    .replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, "")
    .toLowerCase()
    .replace(/[ \t\n\r\f\v-]+/g, "_")

const CHARGE_TABLE: Record<string, ChargeStatus> = {
  waiting_payment: "pending",
  pending: "pending",
  awaiting: "pending",
  awaiting_payment: "pending",
  created: "pending",
  processing: "pending",
  // Card: approved but not settled, or under the gateway's fraud analysis (the template's spelling too).
  authorized: "pending",
  in_analysis: "pending",
  in_analisys: "pending",
  inanalysis: "pending",
  paid: "paid",
  approved: "paid",
  completed: "paid",
  cancelled: "cancelled",
  canceled: "cancelled",
  expired: "cancelled",
  failed: "failed",
  failure: "failed",
  refused: "failed",
  // Card refusals under the names other acquirers use.
  declined: "failed",
  denied: "failed",
  rejected: "failed",
  not_authorized: "failed",
  unauthorized: "failed",
  refunded: "refunded",
  chargedback: "disputed",
  chargeback: "disputed",
  in_protest: "disputed",
  inprotest: "disputed",
  disputed: "disputed",
}

const WITHDRAWAL_TABLE: Record<string, WithdrawalStatus> = {
  awaiting: "pending",
  pending: "pending",
  created: "pending",
  processing: "processing",
  in_process: "processing",
  successful: "successful",
  success: "successful",
  completed: "successful",
  paid: "successful",
  failure: "failed",
  failed: "failed",
  error: "failed",
  cancelled: "failed",
  canceled: "failed",
  refunded: "refunded",
}

const CHARGE_TERMINAL = new Set<ChargeStatus>([
  "paid",
  "cancelled",
  "failed",
  "refunded",
  "disputed",
])
const WITHDRAWAL_TERMINAL = new Set<WithdrawalStatus>(["successful", "failed", "refunded"])

function normalise<S extends string>(
  raw: unknown,
  table: Record<string, S>,
  fallback: S,
  terminal: Set<S>
): StatusInfo<S> {
  const text = typeof raw === "string" ? raw : typeof raw === "number" ? String(raw) : null
  const status = text === null ? undefined : table[key(text)]
  const canonical = status ?? fallback
  return {
    status: canonical,
    raw: text,
    known: status !== undefined,
    terminal: terminal.has(canonical),
  }
}

/** The gateway's words (compared as `statusKey` makes them) for a canonical charge status. */
export const chargeWordsFor = (status: ChargeStatus) =>
  Object.keys(CHARGE_TABLE).filter((word) => CHARGE_TABLE[word] === status)

/**
 * Awaiting here, cancelled at the gateway: its expiry's cancel, awaited through its grace (a
 * payment made in time may still be confirmed) though nothing can be paid any more.
 */
export const closingAtGateway = (charge: { status: string; gateway_status?: string | null }) =>
  charge.status === "pending" &&
  !!charge.gateway_status &&
  normaliseChargeStatus(charge.gateway_status).status === "cancelled"

export function normaliseChargeStatus(raw: unknown): StatusInfo<ChargeStatus> {
  return normalise(raw, CHARGE_TABLE, "pending", CHARGE_TERMINAL)
}

export function normaliseWithdrawalStatus(raw: unknown): StatusInfo<WithdrawalStatus> {
  return normalise(raw, WITHDRAWAL_TABLE, "pending", WITHDRAWAL_TERMINAL)
}

/**
 * Monotonic state machines: a record only moves forward. The moves out of a terminal state are to
 * `refunded` (from paid or disputed; from successful for a withdrawal) and to `disputed` (from paid).
 */
const CHARGE_NEXT: Record<ChargeStatus, readonly ChargeStatus[]> = {
  pending: ["paid", "cancelled", "failed", "refunded", "disputed"],
  paid: ["refunded", "disputed"],
  cancelled: [],
  failed: [],
  refunded: [],
  // A lost dispute ends refunded; a dispute never makes a charge paid again.
  disputed: ["refunded"],
}

const WITHDRAWAL_NEXT: Record<WithdrawalStatus, readonly WithdrawalStatus[]> = {
  pending: ["processing", "successful", "failed", "refunded"],
  processing: ["successful", "failed", "refunded"],
  successful: ["refunded"],
  failed: [],
  refunded: [],
}

/**
 * A dispute that only holds the money (a protest, MED: it may still be decided for the store), as
 * against a chargeback, which takes it back. Read from the gateway's own word for the status.
 */
export const isProtest = (raw: string | null | undefined) => /protest/i.test(raw ?? "")

export function canMoveCharge(from: ChargeStatus, to: ChargeStatus): boolean {
  return CHARGE_NEXT[from].includes(to)
}

export function canMoveWithdrawal(from: WithdrawalStatus, to: WithdrawalStatus): boolean {
  return WITHDRAWAL_NEXT[from].includes(to)
}

/** `enBalanceStatus`: anything but Released blocks withdrawals (field evidence: Released | Pending). */
export function isBalanceReleased(raw: unknown): boolean {
  return typeof raw === "string" && key(raw) === "released"
}
