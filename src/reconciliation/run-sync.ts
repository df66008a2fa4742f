/**
 * Runs the sync workflows the way every trigger needs them (webhooks, the reconcile job, the
 * admin's "sync now"): a failure is recorded on the row, outside the workflow whose compensation
 * would erase it, so a failing row backs off instead of starving the others, and is flagged. A
 * charge the gateway answers 404 for follows its own rule instead (modules/vorexy/unknown-charge.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { isVorexyError } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import type { ChargeSyncTrigger } from "../workflows"
import type { SyncWithdrawalInput } from "../workflows/steps/sync-withdrawal"
import { emailForStatus } from "../notifications/payment-emails"
import { sendWithdrawalNotices } from "../notifications/withdrawal-notices"
import { syncChargeWorkflow, syncWithdrawalWorkflow } from "../workflows"

const reason = (error: unknown) => (error as Error)?.message ?? String(error)

export async function runChargeSync(container: MedusaContainer, input: ChargeSyncTrigger) {
  try {
    const { result } = await syncChargeWorkflow(container).run({ input })
    // The shopper hears of a payment or an expiry once it is applied (never twice: idempotent).
    const { charge, plan } = result
    await emailForStatus(container, charge?.id, plan?.status, plan?.renewable_until ?? null)
    return result
  } catch (error) {
    // A 404 is not a failure to retry: the sync counted it under its lock (unknown-charge.ts).
    // Nor is a charge another run holds, or the database or Redis being down: no backoff, no
    // sync_failing for what is not the charge's own fault (the next run retries it at once).
    if (!isChargeNotFound(error) && !isPassingFailure(error)) {
      await container
        .resolve<VorexyModuleService>(VOREXY_MODULE)
        .recordChargeSyncFailure(input.transaction_id, reason(error))
    }
    throw error
  }
}

/**
 * Messages of a lock another run holds (or took over: charge-lease.ts), and of a database or
 * Redis that is not there (or went away mid-query).
 */
const PASSING = [
  'Failed to acquire lock for key "vorexy:charge:',
  'Lost the lease on "vorexy:charge:',
  'Failed to acquire lock for key "vorexy:withdrawal:',
  // A checkout still completing the order's cart, or one that rolled its order back meanwhile
  // (order-cart-lock.ts): the next run looks again.
  "stayed locked (its checkout still running)",
  "was rolled back by its checkout",
  "Unable to acquire a connection",
  "Timeout acquiring a connection",
  "Connection terminated",
  "Connection is closed",
  "Connection ended unexpectedly",
  "terminating connection due to administrator command",
  "the database system is shutting down",
  "the database system is starting up",
  "the database system is in recovery mode",
  "server closed the connection unexpectedly",
  "Client has encountered a connection error",
  // knex's word for a query on a transaction whose connection the database cut (seen when
  // PostgreSQL restarts mid-sync).
  "Transaction query already complete",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
]

/**
 * PostgreSQL's connection exceptions (class 08) and its shutdown and start-up (57P01-57P03), and
 * the socket errors of a server that went away.
 */
const PASSING_CODES = /^(08[0-9A-Z]{3}|57P0[123]|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/

/**
 * A failure that is not the charge's: another run holds its lock, or the database or Redis is
 * down. Counting it would push the charge's next sync minutes out and flag it sync_failing. The
 * error's causes are looked at too (the ORM wraps the driver's error).
 */
export function isPassingFailure(error: unknown): boolean {
  // Anything the gateway client reports (unreachable, refused, reset), also as the provider's
  // error made from it (its cause), is the charge's to count: a gateway that stays unreachable
  // must end flagged, and its charges must back off.
  const chain: unknown[] = []
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    chain.push(cause)
    cause = (cause as { cause?: unknown }).cause
  }
  if (chain.some(isVorexyError)) return false
  return chain.some((cause) => {
    const { message, code } = cause as { message?: unknown; code?: unknown }
    if (typeof code === "string" && PASSING_CODES.test(code)) return true
    const text = typeof message === "string" ? message : ""
    return PASSING.some((part) => text.includes(part))
  })
}

/** The sync's read answered 404: already counted on the charge, whose policy decides what next. */
export const isChargeNotFound = (error: unknown) =>
  isVorexyError(error) && error.kind === "not_found"

export async function runWithdrawalSync(
  container: MedusaContainer,
  withdrawalId: string,
  input: SyncWithdrawalInput
) {
  try {
    const { result } = await syncWithdrawalWorkflow(container).run({ input })
    await sendWithdrawalNotices(container, withdrawalId)
    return result
  } catch (error) {
    // As for charges: a busy withdrawal or an outage is not the withdrawal's failure.
    if (!isPassingFailure(error)) {
      await container
        .resolve<VorexyModuleService>(VOREXY_MODULE)
        .recordWithdrawalSyncFailure(withdrawalId)
    }
    throw error
  }
}
