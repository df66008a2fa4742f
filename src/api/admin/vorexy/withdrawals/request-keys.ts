/**
 * A withdrawal request's deterministic Idempotency-Keys, and the hash of what it asked for (a
 * request_id used again for other content is refused).
 */
import { createHash } from "node:crypto"
import { SAME_WITHDRAWAL_WINDOW_MS } from "../../../../rules/timing"
import type { AdminCreateWithdrawalType } from "../validators"

const keyOf = (basis: unknown[]) =>
  `wd_${createHash("sha256").update(JSON.stringify(basis)).digest("hex").slice(0, 40)}`

const contentOf = (body: AdminCreateWithdrawalType) => [
  body.amount_cents,
  body.pix_key_type ?? "",
  body.pix_key ?? "",
  body.description ?? "",
  JSON.stringify(body.metadata ?? {}),
]

/**
 * The form's request_id (a double click or a retry resends it), else the request's content, the
 * admin and a window of SAME_WITHDRAWAL_WINDOW_MS. The first is the key to use; the other names the
 * same request in the window before (a double click may straddle its edge).
 */
export function idempotencyKeys(
  actor: string,
  body: AdminCreateWithdrawalType,
  now = Date.now()
): string[] {
  if (body.request_id) return [keyOf(["request", actor, body.request_id])]
  const content = ["content", actor, ...contentOf(body)]
  const window = Math.floor(now / SAME_WITHDRAWAL_WINDOW_MS)
  return [keyOf([...content, window]), keyOf([...content, window - 1])]
}

/** What was asked, for comparing a replayed request_id with its first use. */
export const requestHash = (body: AdminCreateWithdrawalType) =>
  createHash("sha256")
    .update(JSON.stringify(contentOf(body)))
    .digest("hex")
