/** The sandbox's state: records, business rules and the types they use. */
export { ApiError, DEFAULT_VARIANTS } from "./types"
export type {
  Boleto,
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
export type { IdempotencyEntry, StoredResponse } from "./idempotency"
export { snapshotProblem } from "./snapshot"
export type { StateSnapshot } from "./snapshot"
export {
  BOLETO_EXPIRY_DAYS,
  MAX_CARD_INSTALLMENTS,
  MAX_TRANSACTION_CENTS,
  PIX_EXPIRY_DAYS,
} from "./create-request"
export { CARD_TOKEN_TTL_MS, CardTokenVault } from "./card-tokens"
export type { CardToken } from "./card-tokens"
export { MIN_WITHDRAWAL_CENTS } from "./withdrawals"
export { SandboxState } from "./sandbox-state"
