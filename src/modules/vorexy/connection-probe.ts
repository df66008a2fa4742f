/**
 * Whether the store's credentials work right now: one live call (the balance when the company id
 * is known, else the first transaction), with a short timeout and no retries, so the admin's
 * setup card answers in seconds: ok, refused (credentials), unreachable, or another error, with
 * the gateway's reason.
 */
import { isVorexyError } from "../../gateway"
import { clientFromOptions, VorexyOptions } from "../../providers/vorexy/options"

export type ConnectionCheck = {
  state: "ok" | "refused" | "unreachable" | "error"
  message: string | null
  via: "balance" | "transactions"
  ms: number
  checked_at: string
}

const PROBE_TIMEOUT_MS = 5_000

export async function probeConnection(
  options: VorexyOptions,
  companyId: string | null
): Promise<ConnectionCheck> {
  const client = clientFromOptions({
    ...options,
    timeoutMs: Math.min(options.timeoutMs, PROBE_TIMEOUT_MS),
    maxRetries: 0,
  })
  const via = companyId ? "balance" : "transactions"
  const started = Date.now()
  const done = (state: ConnectionCheck["state"], message: string | null): ConnectionCheck => ({
    state,
    message,
    via,
    ms: Date.now() - started,
    checked_at: new Date().toISOString(),
  })
  try {
    if (companyId) await client.getBalance(companyId)
    else await client.listTransactions({ page: 1, pageSize: 1 })
    return done("ok", null)
  } catch (error) {
    if (!isVorexyError(error)) return done("error", (error as Error).message ?? String(error))
    const reason = error.gatewayMessage ?? (error.status ? `HTTP ${error.status}` : error.kind)
    if (error.kind === "authentication") return done("refused", reason)
    if (["unavailable", "rate_limited", "protocol"].includes(error.kind)) {
      return done("unreachable", reason)
    }
    return done("error", reason)
  }
}
