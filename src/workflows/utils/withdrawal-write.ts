/**
 * The one way a withdrawal's status is written from what it is now: the request's answer, the
 * job's replay, a webhook's adoption and its sync all read the row, decide, and write only if no
 * one moved it meanwhile (`moveWithdrawal`); otherwise they read it again and decide anew. A status
 * a webhook moved on is never put back by an answer read before it.
 */
import type VorexyModuleService from "../../modules/vorexy/service"
import type { VorexyWithdrawalRow } from "../../modules/vorexy/types"
import { nextAttemptAt } from "../../rules/backoff"

/** Enough for any real interleaving: each retry means another writer moved the row forward. */
const WRITE_ATTEMPTS = 5

export type WithdrawalWrite = {
  before: VorexyWithdrawalRow
  after: VorexyWithdrawalRow
  /** What was written (null: `decide` wrote nothing). */
  update: Record<string, unknown> | null
}

export async function writeWithdrawal(
  vorexy: VorexyModuleService,
  id: string,
  decide: (row: VorexyWithdrawalRow) => Record<string, unknown> | null
): Promise<WithdrawalWrite | null> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const [before] = await vorexy.listVorexyWithdrawals({ id })
    if (!before) return null
    const update = decide(before)
    if (!update) return { before, after: before, update: null }
    if (await vorexy.moveWithdrawal(id, before, update)) {
      const [after] = await vorexy.listVorexyWithdrawals({ id })
      return { before, after, update }
    }
  }
  throw new Error(
    `Withdrawal ${id} kept moving while its status was written; it is read again later.`
  )
}

/**
 * A sync or settle of a withdrawal that failed: counted, and tried again after a backoff (never
 * first in line forever), with why when there is something to tell the admin. Only while it is
 * still in one of `open` (a webhook may have settled it since: its own read time then stands).
 * The count is a pacing hint, not a ledger: two failures at the same moment may count as one.
 */
export async function noteWithdrawalFailure(
  vorexy: VorexyModuleService,
  id: string,
  open: readonly string[],
  reason?: string
) {
  await writeWithdrawal(vorexy, id, (now) =>
    open.includes(now.status)
      ? {
          ...(reason ? { failure_reason: reason } : {}),
          sync_failures: now.sync_failures + 1,
          next_sync_at: nextAttemptAt(now.sync_failures + 1),
        }
      : null
  )
}
