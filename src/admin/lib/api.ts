import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { ChargeDetails } from "../../charge-facts/fields"
import { sdk } from "./sdk"

export type Balance = {
  company_id: number
  currency: string
  status: string | null
  withdrawals_blocked: boolean
  available: string
  available_cents: number
  credit: string
  credit_awaiting: string
}

export type Withdrawal = {
  id: string
  gateway_id: string | null
  status: string
  amount_cents: number
  pix_key: string | null
  pix_key_type: string | null
  /** Absent from a server before 0.2.0. */
  pix_key_masked?: string | null
  description: string | null
  failure_reason: string | null
  /** Who asked: an admin's e-mail, or a secret API key's title. */
  requested_by_name?: string | null
  created_at: string
}

/** A PIX key the store listed (withdrawalPixKeys), masked; the form sends its id. */
export type WithdrawalDestination = { id: string; type: string; key_masked: string }

export type GatewayTransaction = {
  id: number | null
  amount_cents: number | null
  status: string
  gateway_status: string | null
  payment_method: string | null
  customer: { name: string | null; email: string | null } | null
  created_at: string | null
  charge: {
    id: string
    order_id: string | null
    order_display_id: number | null
    status: string
    flag: string | null
  } | null
}

export type Charge = {
  id: string
  transaction_id: string
  status: string
  gateway_status: string | null
  amount_cents: number
  paid_amount_cents: number | null
  expires_at: string | null
  paid_at: string | null
  flag:
    | "amount_mismatch"
    | "late_payment"
    | "refund_before_capture"
    | "sync_failing"
    | "disputed"
    | "unknown_at_gateway"
    | "paid_without_order"
    | "refund_mismatch"
    | null
  method: "pix" | "boleto" | "credit_card"
  /** What the method adds, as `charge-facts` declares it for the admin. */
  details: ChargeDetails | null
  flag_detail: string | null
  /** Marked unknown at the gateway (it answers 404), whatever its flag. */
  gateway_unknown_at: string | null
  /**
   * Why it is no longer offered to the shopper while it could still be paid (`session_replaced`:
   * a new charge replaced it for the same order); still watched. Absent from an older server.
   */
  offer_closed_reason?: "order_canceled" | "session_replaced" | null
}

export type NewWithdrawal = {
  amount_reais: string
  /** A listed destination's id; none: the company's registered bank key. */
  destination?: string
  description?: string
  request_id: string
}

const keys = {
  balance: ["vorexy", "balance"] as const,
  withdrawals: ["vorexy", "withdrawals"] as const,
  destinations: ["vorexy", "withdrawal-destinations"] as const,
  transactions: (page: number, sort: string) => ["vorexy", "transactions", page, sort] as const,
  charges: (orderId: string) => ["vorexy", "charges", orderId] as const,
}

export const useBalance = () =>
  useQuery({
    queryKey: keys.balance,
    queryFn: () => sdk.client.fetch<{ balance: Balance }>("/admin/vorexy/balance"),
    retry: false,
  })

export const useWithdrawals = () =>
  useQuery({
    queryKey: keys.withdrawals,
    queryFn: () =>
      sdk.client.fetch<{ withdrawals: Withdrawal[]; count: number }>("/admin/vorexy/withdrawals", {
        query: { limit: 50 },
      }),
  })

export const useWithdrawalDestinations = () =>
  useQuery({
    queryKey: keys.destinations,
    queryFn: () =>
      sdk.client.fetch<{
        destinations: WithdrawalDestination[]
        daily_limit_cents: number | null
      }>("/admin/vorexy/withdrawal-destinations"),
  })

export const useTransactions = (page: number, sort: string, pageSize: number) =>
  useQuery({
    queryKey: keys.transactions(page, sort),
    queryFn: () =>
      sdk.client.fetch<{
        transactions: GatewayTransaction[]
        page: number
        total: number
        total_pages: number
      }>("/admin/vorexy/transactions", {
        query: { page, page_size: pageSize, sort },
      }),
    retry: false,
  })

export const useOrderCharges = (orderId: string) =>
  useQuery({
    queryKey: keys.charges(orderId),
    queryFn: () =>
      sdk.client.fetch<{ charges: Charge[] }>("/admin/vorexy/charges", {
        query: { order_id: orderId },
      }),
  })

export function useCreateWithdrawal() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: NewWithdrawal) =>
      sdk.client.fetch<{ withdrawal: Withdrawal }>("/admin/vorexy/withdrawals", {
        method: "POST",
        body,
      }),
    onSettled: () => {
      client.invalidateQueries({ queryKey: keys.withdrawals })
      client.invalidateQueries({ queryKey: keys.balance })
    },
  })
}

export function useSyncCharge(orderId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (chargeId: string) =>
      sdk.client.fetch<{ charge: Charge; result: string }>(
        `/admin/vorexy/charges/${chargeId}/sync`,
        { method: "POST" }
      ),
    onSettled: () => client.invalidateQueries({ queryKey: keys.charges(orderId) }),
  })
}
