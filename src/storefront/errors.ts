/** What the storefront helpers throw: the store's HTTP status and message, or a tokeniser failure. */

export type VorexyStorefrontErrorCode =
  "http" | "network" | "timeout" | "script_failed" | "tokeniser_missing" | "tokeniser_refused"

export class VorexyStorefrontError extends Error {
  /** The HTTP status of the store's answer; 0 when there was none (network, tokeniser). */
  readonly status: number
  readonly code: VorexyStorefrontErrorCode
  /** The tokeniser's own words when it refused the card (shown to the shopper). */
  readonly reason?: string

  constructor(
    message: string,
    status = 0,
    code: VorexyStorefrontErrorCode = "http",
    reason?: string
  ) {
    super(message)
    this.name = "VorexyStorefrontError"
    this.status = status
    this.code = code
    this.reason = reason
  }
}

/**
 * A 4xx other than 408/429 will not change by asking again (unknown order, malformed id, wrong
 * publishable key): following stops there instead of retrying forever.
 */
export function isFinalError(error: unknown): boolean {
  return (
    error instanceof VorexyStorefrontError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  )
}

export const isAbort = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { name?: string }).name === "AbortError"
