/** The sandbox's in-memory state: records, business rules and the types they use. */
export { ApiError, DEFAULT_VARIANTS } from "./types"
export type {
  Company,
  Customer,
  SandboxEvent,
  Transaction,
  TransactionState,
  Variants,
  Withdrawal,
  WithdrawalState,
} from "./types"
export { DEFAULT_COMPANIES } from "./companies"
export type { CompanySeed } from "./companies"
export { bodyHash } from "./idempotency"
export type { StoredResponse } from "./idempotency"
export { MAX_TRANSACTION_CENTS, PIX_EXPIRY_DAYS } from "./transactions"
export { MIN_WITHDRAWAL_CENTS } from "./withdrawals"
export { SandboxState } from "./sandbox-state"
