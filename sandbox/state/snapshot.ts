/**
 * The sandbox's records as its state file keeps them: everything a restart must not forget, and
 * nothing of the run's configuration (webhook URLs, ports) nor of its test switches (variants).
 */
import type { CardToken } from "./card-tokens"
import type { IdempotencyEntry } from "./idempotency"
import type { Company, Transaction, Withdrawal } from "./types"

export type StateSnapshot = {
  companies: Omit<Company, "webhookUrl">[]
  transactions: Transaction[]
  withdrawals: Withdrawal[]
  /** The next ids to give: a charge made after a restart never reuses one. */
  counters: { nextInternalId: number; nextLeadId: number; nextWithdrawalId: number }
  idempotency: IdempotencyEntry[]
  cardTokens: CardToken[]
}

/** A company as saved: its webhook URL belongs to the run's configuration. */
export function savedCompany(company: Company): Omit<Company, "webhookUrl"> {
  const saved: Partial<Company> = { ...company }
  delete saved.webhookUrl
  return saved as Omit<Company, "webhookUrl">
}

const LISTS = ["companies", "transactions", "withdrawals", "idempotency", "cardTokens"] as const
const COUNTERS = ["nextInternalId", "nextLeadId", "nextWithdrawalId"] as const

/** What is wrong with a parsed snapshot's shape, or null when it has one (records as saved). */
export function snapshotProblem(value: unknown): string | null {
  if (!value || typeof value !== "object") return "state is not an object"
  const snapshot = value as Record<string, unknown>
  for (const list of LISTS) {
    if (!Array.isArray(snapshot[list])) return `state.${list} is not a list`
  }
  const counters = (snapshot.counters ?? {}) as Record<string, unknown>
  for (const counter of COUNTERS) {
    const n = counters[counter]
    if (!Number.isInteger(n) || (n as number) < 1) return `state.counters.${counter} is missing`
  }
  return null
}
