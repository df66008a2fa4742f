import { isVorexyError } from "../../gateway"

/**
 * The code of a failure of ours that is not the charge's own: another run holds what the sync
 * needs (the charge's lease, the order's cart), or took it over, or a checkout rolled the order
 * back meanwhile. The next run looks again; nothing counts it against the charge
 * (isPassingFailure, below). A code, not a message, so that rewording one never makes a busy
 * charge count as failing. Kept through a workflow's error (Medusa keeps an error's own fields).
 */
export const VOREXY_BUSY = "VOREXY_BUSY"
/**
 * The code of a run that lost its charge's lease mid-way (held past it, or the lock store failed):
 * passing too, but not "another run is doing the work", so the job still reports it.
 */
export const VOREXY_LEASE_LOST = "VOREXY_LEASE_LOST"

/**
 * The lock store's own refusal, marked busy in place: its class and type are kept, so a route
 * answers it as it did (Medusa's Redis provider throws a 409 conflict, the others a plain error).
 * An error with a code of its own (a socket's) keeps it.
 */
export function markBusy(error: unknown): Error {
  if (!(error instanceof Error)) return new BusyError(String(error))
  const { code } = error as { code?: unknown }
  return code === undefined || code === null ? Object.assign(error, { code: VOREXY_BUSY }) : error
}

export class BusyError extends Error {
  readonly code = VOREXY_BUSY

  /** `cause`: the error it stands for (kept out of its listed fields, as Node's own causes are). */
  constructor(message: string, cause?: unknown) {
    super(message)
    this.name = "BusyError"
    if (cause !== undefined)
      Object.defineProperty(this, "cause", { value: cause, enumerable: false })
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
  ["knex", "Unable to acquire a connection"],
  ["knex", "Timeout acquiring a connection"],
  // A query on a transaction whose connection the database cut (PostgreSQL restarted mid-sync).
  ["knex", "Transaction query already complete"],
  ["knex", "Connection ended unexpectedly"],
  ["pg", "Connection terminated"],
  ["pg", "Client has encountered a connection error"],
  ["ioredis", "Connection is closed"],
  // A command sent while Redis is away (Medusa's Redis locking provider keeps ioredis' defaults).
  ["ioredis", "Reached the max retries per request limit"],
  ["ioredis", "Stream isn't writeable"],
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
 * A key another owner holds, from @medusajs/locking's providers (in-memory, Redis, PostgreSQL):
 * core's acquireLockStep (a withdrawal's sync) throws it as it is, with no code of ours.
 */
const HELD_MESSAGES = [
  'Failed to acquire lock for key "vorexy:charge:',
  'Failed to acquire lock for key "vorexy:withdrawal:',
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
  const chain = causes(error)
  if (chain.some(isVorexyError)) return false
  return chain.some(
    (cause) =>
      isHeld(cause) || (cause as { code?: unknown }).code === VOREXY_LEASE_LOST || isOutage(cause)
  )
}

/** Another run holds it: our code, or a lock store's own refusal of a key of ours. */
function isHeld(cause: unknown): boolean {
  const { code, message } = cause as { code?: unknown; message?: unknown }
  if (code === VOREXY_BUSY) return true
  return typeof message === "string" && HELD_MESSAGES.some((part) => message.includes(part))
}

/** The database, Redis or the lock store is not there (by code, or by its library's words). */
function isOutage(cause: unknown): boolean {
  const { message, code } = cause as { message?: unknown; code?: unknown }
  if (typeof code === "string" && OUTAGE_CODES.test(code)) return true
  const text = typeof message === "string" ? message : ""
  return OUTAGE_MESSAGES.some(([, part]) => text.includes(part))
}

/**
 * Another run holds what the sync needs (VOREXY_BUSY, or a lock store's refusal of a withdrawal's
 * key, on the error or one of its causes), and it is not the lock store failing: that run does
 * the work, so nobody need report it.
 */
export const isBusy = (error: unknown) => {
  const chain = causes(error)
  // The gateway's own answer is never another run's (its words are the gateway's to choose).
  if (chain.some(isVorexyError)) return false
  return chain.some(isHeld) && !chain.some(isOutage)
}

/** The error and its causes (the ORM and the workflow engine wrap what they catch). */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = []
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    chain.push(cause)
    cause = (cause as { cause?: unknown }).cause
  }
  return chain
}
