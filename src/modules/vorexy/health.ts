/**
 * The keys of the health marks (models/health-mark.ts): the reconcile job's last run, webhook
 * deliveries refused for a bad token, one counter per UTC hour, and asks for a new charge per
 * client, one counter per UTC hour (the renewal route's limit).
 */
export const RECONCILE_MARK = "reconcile"

const REFUSED_PREFIX = "webhook_refused:"

export const refusedMarkKey = (at = new Date()) =>
  `${REFUSED_PREFIX}${at.toISOString().slice(0, 13)}`

/** The hourly keys covering the last `hours` hours (the current one included). */
export function refusedMarkKeys(hours: number, now = Date.now()) {
  return Array.from({ length: hours + 1 }, (_, i) => refusedMarkKey(new Date(now - i * 3_600_000)))
}

/** The gateway's last refusal of a withdrawal to the company's bank key (cleared by an acceptance). */
export const BANK_KEY_MARK = "withdrawal_bank_key_refused"

const RENEWALS_PREFIX = "renewals:"

/** A client's asks for a new charge in the UTC hour of `at`; `client` is a digest, never an IP. */
export const renewalsMarkKey = (client: string, at = new Date()) =>
  `${RENEWALS_PREFIX}${client}:${at.toISOString().slice(0, 13)}`

/** Hourly counters, by key prefix, and how long each is kept (the reconcile job drops them). */
export const HOURLY_MARKS = [
  { prefix: REFUSED_PREFIX, keepHours: 48 },
  { prefix: RENEWALS_PREFIX, keepHours: 2 },
]
