import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "./sdk"

export type Setup = {
  connection: {
    state: "ok" | "refused" | "unreachable" | "error"
    message: string | null
    via: "balance" | "transactions"
    ms: number
    checked_at: string
  }
  company: { id: string | null; source: "option" | "learned" | null }
  gateway: { base_url: string; environment: "sandbox" | "production" }
  webhook: {
    path: string
    secret_configured: boolean
    token_masked: string | null
    built_in_route: boolean
  }
}

export type Attention = {
  type: "charge" | "withdrawal"
  id: string
  reason: string
  detail: string | null
  amount_cents: number
  /** A withdrawal's: who asked. */
  requested_by_name?: string | null
  transaction_id?: string
  order_id?: string | null
  order_display_id?: number | null
  since: string
}

export type Health = {
  last_webhook: {
    received_at: string
    kind: "cash_in" | "cash_out"
    outcome: string
    outcome_detail: string | null
    authenticated: boolean
  } | null
  deliveries_24h: Record<
    "processed" | "duplicate" | "orphan" | "failed" | "ignored" | "waiting" | "refused",
    number
  >
  reconcile: { last_run_at: string; found: Record<string, unknown> | null } | null
  /** The gateway knows none of the recent charges: one alert instead of them in `attention`. */
  setup_alert: {
    reason: "gateway_knows_no_charges"
    unknown_charges: number
    since: string | null
  } | null
  attention: Attention[]
  /** Absent from a server before 0.2.0. */
  withdrawals?: {
    /** 0: withdrawals go only to the company's registered bank key. */
    listed_destinations: number
    /** The gateway refused the last withdrawal to the bank key (the company may have none). */
    bank_key_refused: { at: string; message: string | null } | null
    last: {
      id: string
      amount_cents: number
      status: string
      requested_by_name: string | null
      created_at: string
    } | null
  }
}

export type SelfTest = {
  result: "authenticated" | "no_secret" | "refused" | "unreachable"
  arrived: boolean
  authenticated: boolean
  secret_configured: boolean
  status: number | null
  ms: number
  message: string
}

export const useSetup = () =>
  useQuery({
    queryKey: ["vorexy", "setup"],
    queryFn: () => sdk.client.fetch<{ setup: Setup }>("/admin/vorexy/setup"),
    retry: false,
  })

export const useHealth = () =>
  useQuery({
    queryKey: ["vorexy", "health"],
    queryFn: () => sdk.client.fetch<{ health: Health }>("/admin/vorexy/health"),
    refetchInterval: 30_000,
  })

/** The webhook secret whole, fetched only for the copy button. */
export const fetchWebhookToken = () =>
  sdk.client.fetch<{ token: string | null }>("/admin/vorexy/setup/webhook-token", {
    method: "POST",
  })

export const useSelfTest = () =>
  useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ self_test: SelfTest }>("/admin/vorexy/webhook-self-test", {
        method: "POST",
      }),
  })

/** The URL the Vorexy panel must call: this backend's origin, the route and the secret. */
export function webhookUrl(path: string, token: string | null) {
  const origin = new URL(__BACKEND_URL__ || "/", window.location.href).origin
  return `${origin}${path}${token ? `?token=${encodeURIComponent(token)}` : ""}`
}

/** What one "Sync all unknown" call did, and what is left (the next call goes on from `next`). */
export type SyncUnknownProgress = {
  synced: number
  cleared: number
  remaining: number
  next: string | null
}

/** "Sync all unknown": one call per batch, each from where the last stopped. */
export function useSyncAllUnknown() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (after: string | null) =>
      sdk.client.fetch<SyncUnknownProgress>("/admin/vorexy/charges/sync-unknown", {
        method: "POST",
        body: after ? { after } : {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ["vorexy", "health"] }),
  })
}
