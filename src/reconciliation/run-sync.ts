/**
 * Runs the sync workflows the way every trigger needs them (webhooks, the reconcile job, the
 * admin's "sync now"): a failure is recorded on the row, outside the workflow whose compensation
 * would erase it, so a failing row backs off instead of starving the others, and is flagged. A
 * charge the gateway answers 404 for follows its own rule instead (rules/unknown-charge.ts).
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
import { VOREXY_BUSY } from "../workflows/utils/busy"

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
 * Failures of a database, Redis or lock store that is not there (or went away mid-query), by code:
 * PostgreSQL's connection exceptions (class 08) and its shutdown and start-up (57P01-57P03), and
 * the socket errors of a server that went away.
 */
const OUTAGE_CODES = /^(08[0-9A-Z]{3}|57P0[123]|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/

/**
 * The same, where a library gives only a message (no code, or its code lost when the ORM wrapped
 * it), each with the library that says it.
 */
const OUTAGE_MESSAGES: ReadonlyArray<[library: string, message: string]> = [
  // A key another owner holds, from @medusajs/locking's providers (in-memory, Redis, PostgreSQL):
  // core's acquireLockStep (a withdrawal's sync) throws it as it is.
  ["@medusajs/locking", 'Failed to acquire lock for key "vorexy:charge:'],
  ["@medusajs/locking", 'Failed to acquire lock for key "vorexy:withdrawal:'],
  ["knex", "Unable to acquire a connection"],
  ["knex", "Timeout acquiring a connection"],
  // A query on a transaction whose connection the database cut (PostgreSQL restarted mid-sync).
  ["knex", "Transaction query already complete"],
  ["knex", "Connection ended unexpectedly"],
  ["pg", "Connection terminated"],
  ["pg", "Client has encountered a connection error"],
  ["ioredis", "Connection is closed"],
  ["libpq", "server closed the connection unexpectedly"],
  // PostgreSQL's own words for 57P01 and 57P03, in a message that kept them but not the code.
  ["postgresql", "terminating connection due to administrator command"],
  ["postgresql", "the database system is shutting down"],
  ["postgresql", "the database system is starting up"],
  ["postgresql", "the database system is in recovery mode"],
  // Node's socket errors, named in the message of an error that lost its code.
  ["node", "ECONNREFUSED"],
  ["node", "ECONNRESET"],
  ["node", "EPIPE"],
]

/**
 * A failure that is not the charge's: one of ours with the code VOREXY_BUSY (another run holds
 * its lease or its order's cart: workflows/utils/busy.ts), or the database or Redis is down.
 * Counting it would push the charge's next sync minutes out and flag it sync_failing. The error's
 * causes are looked at too (the ORM wraps the driver's error).
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
    if (code === VOREXY_BUSY) return true
    if (typeof code === "string" && OUTAGE_CODES.test(code)) return true
    const text = typeof message === "string" ? message : ""
    return OUTAGE_MESSAGES.some(([, part]) => text.includes(part))
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
