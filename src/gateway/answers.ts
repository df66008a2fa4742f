/**
 * When this process last had an answer (a 2xx) from each gateway account. A 404 says something
 * about a charge only while the gateway answers other calls: a gateway or a proxy answering 404 to
 * everything is an outage, not a verdict. Process memory, so only a shortcut: with no answer
 * remembered, the caller asks the gateway itself (`VorexyClient.answering`).
 */

/** Accounts remembered at most (one per credentials a process uses: a handful). */
const CAPACITY = 100

export class GatewayAnswers {
  private readonly at = new Map<string, number>()

  // The wall clock, as the charge rows' 404 times are: a clock stepped back forgets an answer.
  note(account: string, at = Date.now()) {
    this.at.delete(account)
    this.at.set(account, at)
    if (this.at.size > CAPACITY) this.at.delete(this.at.keys().next().value!)
  }

  /** Whether `account` answered within the last `ms`. */
  answeredWithin(account: string, ms: number, now = Date.now()): boolean {
    const at = this.at.get(account)
    return at !== undefined && now - at >= 0 && now - at <= ms
  }
}

/** One per process: every client of an account shares it. */
export const gatewayAnswers = new GatewayAnswers()
