/**
 * Retry timing for work that keeps failing (a charge's sync, a withdrawal's, a webhook event's):
 * exponential from a minute, capped at an hour, so a failing row never holds the queue and is
 * still retried; after FLAG_AFTER_FAILURES in a row the admin is told.
 */
import { BACKOFF_FIRST_MS, BACKOFF_MAX_MS } from "./timing"
export const FLAG_AFTER_FAILURES = 6

export function nextAttemptAt(failures: number, now = Date.now()): Date {
  const delay = Math.min(BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1), BACKOFF_MAX_MS)
  return new Date(now + delay)
}
