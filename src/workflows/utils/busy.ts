/**
 * The code of a failure of ours that is not the charge's own: another run holds what the sync
 * needs (the charge's lease, the order's cart), or took it over, or a checkout rolled the order
 * back meanwhile. The next run looks again; nothing counts it against the charge
 * (reconciliation/run-sync.ts). A code, not a message, so that rewording one never makes a busy
 * charge count as failing. Kept through a workflow's error (Medusa keeps an error's own fields).
 */
export const VOREXY_BUSY = "VOREXY_BUSY"

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
