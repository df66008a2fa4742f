/**
 * The gateway request for a local withdrawal, built from the row alone, so a replay with the same
 * Idempotency-Key sends the very same body; and what an answer (or a failure) means for the row.
 */
import {
  canMoveWithdrawal,
  isVorexyError,
  PixKeyType,
  Withdrawal,
  WithdrawalRequest,
  WithdrawalStatus,
} from "../../gateway"
import type { VorexyWithdrawalRow } from "../../modules/vorexy/types"

type RowRequest = Pick<
  VorexyWithdrawalRow,
  "id" | "amount_cents" | "pix_key" | "pix_key_type" | "description" | "metadata" | "requested_by"
>

export function withdrawalRequest(row: RowRequest): WithdrawalRequest {
  return {
    amount: row.amount_cents,
    currency: "BRL",
    ...(row.pix_key && row.pix_key_type
      ? { pixKey: row.pix_key, pixKeyType: row.pix_key_type as PixKeyType }
      : {}),
    ...(row.description ? { description: row.description } : {}),
    metadata: {
      ...((row.metadata as Record<string, unknown> | null) ?? {}),
      medusa_withdrawal_id: row.id,
      requested_by: row.requested_by,
    },
  }
}

export type WithdrawalOutcome =
  | { type: "accepted"; withdrawal: Withdrawal }
  | { type: "refused"; reason: string; gateway_id: string | null; raw: string | null }
  /** The gateway may have accepted it (timeout, 5xx, an unreadable answer, a key conflict). */
  | { type: "unknown"; reason: string }

/**
 * A failure's meaning: a refusal inside a 2xx is a failed withdrawal; a failure after which the
 * money may have left is "unknown"; anything else (the request refused before it was processed)
 * is null and the caller may forget the attempt.
 */
export function outcomeOfFailure(error: unknown): WithdrawalOutcome | null {
  if (!isVorexyError(error)) return { type: "unknown", reason: String((error as Error)?.message) }
  if (error.kind === "refused") {
    const body = (error.body ?? {}) as Record<string, unknown>
    return {
      type: "refused",
      reason: error.gatewayMessage ?? "refused by Vorexy",
      gateway_id: body.id == null ? null : String(body.id),
      raw: typeof body.enTransaction === "string" ? body.enTransaction : null,
    }
  }
  if (error.maybeProcessed || ["unavailable", "protocol", "conflict"].includes(error.kind)) {
    return { type: "unknown", reason: error.message }
  }
  return null
}

/** "requested" and "unknown" are local states: any gateway status settles them; then forward only. */
export function withdrawalMoves(from: string, to: WithdrawalStatus): boolean {
  return (
    from === "requested" ||
    from === "unknown" ||
    (from !== to && canMoveWithdrawal(from as WithdrawalStatus, to))
  )
}

/**
 * The row's fields for an outcome, forward only: a row its webhook already moved on (matched while
 * the answer was lost) keeps its status and what came with it (a failure's reason), and one the
 * gateway has named is never "unknown" again, nor failed by a refusal of another request. Null:
 * nothing to write.
 */
export function rowUpdateFor(
  outcome: WithdrawalOutcome,
  current?: { status: string; gateway_id?: string | null; end_to_end_id?: string | null }
) {
  const from = current?.status ?? "requested"
  const local = from === "requested" || from === "unknown"
  switch (outcome.type) {
    case "accepted": {
      const { id, status, failureReason } = outcome.withdrawal
      const e2e = current?.end_to_end_id ? null : outcome.withdrawal.endToEndId
      return {
        gateway_id: id,
        ...(e2e ? { end_to_end_id: e2e } : {}),
        ...(withdrawalMoves(from, status.status)
          ? {
              status: status.status,
              gateway_status: status.raw,
              failure_reason: status.status === "failed" ? (failureReason ?? null) : null,
            }
          : {}),
        sync_failures: 0,
        next_sync_at: null,
        last_synced_at: new Date(),
      }
    }
    case "refused": {
      // A refusal speaks of a request; a record the gateway named is failed only by its own.
      const own = Boolean(outcome.gateway_id) && outcome.gateway_id === current?.gateway_id
      if (!local && !(own && withdrawalMoves(from, "failed"))) return null
      return {
        gateway_id: outcome.gateway_id ?? current?.gateway_id ?? null,
        status: "failed" as const,
        gateway_status: outcome.raw,
        failure_reason: outcome.reason,
        last_synced_at: new Date(),
      }
    }
    case "unknown":
      if (!local) return null
      return { status: "unknown" as const, failure_reason: null }
  }
}
