/**
 * What to do with a charge, given what the gateway says now (a re-fetch, never a webhook body), the
 * charge row, and Medusa's own state. Pure, so every combination is tested; the sync workflow only
 * gathers the inputs and carries the plan out.
 *
 * Exactly once: a capture is planned only while Medusa has no captured payment for the session,
 * and the workflow runs under a lock per transaction, so repeated or concurrent deliveries converge
 * to one capture. States only move forward.
 */
import { canMoveCharge, centsToMajor, ChargeStatus } from "../../gateway"

export type ChargeSnapshot = {
  status: ChargeStatus
  amount_cents: number
  expires_at: Date | string | null
  flag: "amount_mismatch" | "late_payment" | null
  payment_session_id: string
}

export type GatewaySnapshot = {
  status: ChargeStatus
  raw: string | null
  amount_cents: number | null
}

export type MedusaSnapshot = {
  order: { id: string; status: string } | null
  payment: { id: string; captured_cents: number; refunded_cents: number } | null
}

export type SyncOptions = { cancelOrderOnExpiry: boolean; expiryGraceMinutes: number; now?: Date }

export type ChargeSyncPlan = {
  /** New charge status, when it moves (forward only). */
  status: ChargeStatus | null
  gateway_status: string | null
  paid_amount_cents: number | null
  flag: { flag: "amount_mismatch" | "late_payment"; detail: string } | null
  action:
    | { type: "none" }
    | { type: "capture"; session_id: string; amount: string }
    | { type: "cancel_order"; order_id: string }
    | { type: "record_refund"; payment_id: string; amount: string }
  summary: string
}

const brl = (cents: number | null) =>
  cents === null ? "no amount" : `R$ ${centsToMajor(cents).replace(".", ",")}`

export function planChargeSync(
  charge: ChargeSnapshot,
  gateway: GatewaySnapshot,
  medusa: MedusaSnapshot,
  options: SyncOptions
): ChargeSyncPlan {
  const now = options.now ?? new Date()
  const move = (to: ChargeStatus) =>
    charge.status !== to && canMoveCharge(charge.status, to) ? to : null
  const base = {
    gateway_status: gateway.raw,
    paid_amount_cents: null,
    flag: null,
    action: { type: "none" as const },
  }
  const orderOpen = medusa.order !== null && medusa.order.status !== "canceled"
  const captured = (medusa.payment?.captured_cents ?? 0) > 0

  switch (gateway.status) {
    case "paid": {
      if (charge.status === "refunded")
        return { ...base, status: null, summary: "ignored: the charge was already refunded" }
      if (gateway.amount_cents !== charge.amount_cents) {
        return {
          ...base,
          status: null,
          flag: {
            flag: "amount_mismatch",
            detail: `Vorexy reports ${brl(gateway.amount_cents)} paid for a ${brl(charge.amount_cents)} charge; not captured.`,
          },
          summary: "paid with another amount: flagged, not captured",
        }
      }
      if (
        medusa.order?.status === "canceled" ||
        charge.status === "cancelled" ||
        charge.status === "failed"
      ) {
        return {
          ...base,
          status: null,
          flag: {
            flag: "late_payment",
            detail: `Paid after the ${medusa.order?.status === "canceled" ? "order was cancelled" : "charge was closed"}; refund it in the Vorexy panel.`,
          },
          summary: "paid after cancellation: flagged for a refund, not captured",
        }
      }
      if (captured)
        return {
          ...base,
          status: move("paid"),
          paid_amount_cents: gateway.amount_cents,
          summary: "already captured",
        }
      return {
        ...base,
        status: move("paid"),
        paid_amount_cents: gateway.amount_cents,
        action: {
          type: "capture",
          session_id: charge.payment_session_id,
          amount: centsToMajor(charge.amount_cents),
        },
        summary: "paid: capturing",
      }
    }
    case "refunded": {
      const remaining =
        (medusa.payment?.captured_cents ?? 0) - (medusa.payment?.refunded_cents ?? 0)
      if (medusa.payment && remaining > 0) {
        return {
          ...base,
          status: move("refunded"),
          action: {
            type: "record_refund",
            payment_id: medusa.payment.id,
            amount: centsToMajor(remaining),
          },
          summary: "refunded in the panel: recording the refund",
        }
      }
      return { ...base, status: move("refunded"), summary: "refunded" }
    }
    case "cancelled":
    case "failed":
      return closeUnpaid(gateway.status, "")
    case "pending": {
      const expiresAt = charge.expires_at ? new Date(charge.expires_at).getTime() : null
      if (expiresAt !== null && now.getTime() > expiresAt + options.expiryGraceMinutes * 60_000) {
        return closeUnpaid(
          "cancelled",
          " (expired: past expires_at, the gateway still says awaiting)"
        )
      }
      return { ...base, status: null, summary: "still awaiting payment" }
    }
  }

  function closeUnpaid(to: "cancelled" | "failed", note: string): ChargeSyncPlan {
    const cancel =
      options.cancelOrderOnExpiry && orderOpen && !captured && charge.status === "pending"
    return {
      ...base,
      status: move(to),
      action: cancel ? { type: "cancel_order", order_id: medusa.order!.id } : { type: "none" },
      summary: `${to}${note}${cancel ? ": cancelling the order" : ""}`,
    }
  }
}
