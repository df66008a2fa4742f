/**
 * What to do with a charge, given what the gateway says now (a re-fetch, never a webhook body), the
 * charge row, and Medusa's own state. Pure, so every combination is tested; the sync workflow only
 * gathers the inputs and carries the plan out.
 *
 * Exactly once: a capture is planned only while Medusa has no captured payment for the session,
 * and the workflow runs under a lock per transaction, so repeated or concurrent deliveries converge
 * to one capture. States only move forward.
 */
import { canMoveCharge, centsToMajor, ChargeStatus, isProtest } from "../../gateway"
import { brasiliaDateOf, startOfBrasiliaDay } from "../../gateway/dates"
import { EXPIRY_CANCEL_SLACK_MS } from "../../rules/timing"

export type ChargeFlag =
  | "amount_mismatch"
  | "late_payment"
  | "refund_before_capture"
  | "sync_failing"
  | "disputed"
  | "unknown_at_gateway"
  | "paid_without_order"
  | "refund_mismatch"

export const PAID_WITHOUT_ORDER =
  "Paid and captured, but its cart produced no order (an item or the shipping option was gone when it completed): refund it in the Vorexy panel, or create the order by hand."

export type ChargeSnapshot = {
  /** The gateway's transaction (absent in older callers: then never compared). */
  transaction_id?: string
  /** pix, boleto or credit_card (absent in older callers). */
  method?: string | null
  status: ChargeStatus
  amount_cents: number
  /** Of amount_cents, a card's installment interest: Medusa's payment is for the rest. */
  interest_cents?: number | null
  expires_at: Date | string | null
  flag: ChargeFlag | null
  payment_session_id: string
  /**
   * Closed by the plugin (its expiry and grace passed) while the gateway still offered it: a payment
   * of it may still complete an open order. Never one the gateway itself cancelled or failed.
   */
  closed_here?: boolean
}

export type GatewaySnapshot = {
  status: ChargeStatus
  raw: string | null
  amount_cents: number | null
  /** What the gateway reports refunded so far (null: it does not say). */
  refunded_cents?: number | null
  /** When the gateway last changed it, when it says (a cancel's own time). */
  updated_at?: string | null
}

export type MedusaSnapshot = {
  /** False when the payment session is gone (a replaced or deleted cart): nothing to capture into. */
  session_exists?: boolean
  /**
   * The session has moved on, or is moving on, from this charge (a new PIX or boleto asked for its
   * order, or a new amount): it is never captured.
   */
  superseded?: boolean
  /**
   * A newer charge of the session exists: its lapse is the one that may cancel the order, not this
   * one's. (A renewal whose create never answered has none: this charge still stands for the order.)
   */
  replaced?: boolean
  order: { id: string; status: string } | null
  /** The order's payment collection was paid otherwise (another payment): never cancelled here. */
  paid_otherwise?: boolean
  /** A newer charge of the session is paid (its own sync captures it): this one never is. */
  newer_paid?: boolean
  /** What the session is for now, in cents (a charge of another amount never completes it). */
  session_amount_cents?: number | null
  payment: {
    id: string
    captured_cents: number
    refunded_cents: number
    /** The transaction Medusa's payment was authorised for (its data), when it says. */
    transaction_id?: string | null
  } | null
}

export type SyncOptions = {
  cancelOrderOnExpiry: boolean
  expiryGraceMinutes: number
  /**
   * Until when the shopper may ask for a new charge for this one's order once it lapses (renewal.ts;
   * null: never). Its order waits that long before it is cancelled.
   */
  renewalUntil?: Date | string | null
  now?: Date
}

export type ChargeSyncPlan = {
  /** New charge status, when it moves (forward only). */
  status: ChargeStatus | null
  gateway_status: string | null
  paid_amount_cents: number | null
  refunded_amount_cents: number | null
  flag: { flag: ChargeFlag; detail: string } | null
  /**
   * Flags this read shows no longer hold, cleared when the row has one: paid_without_order once
   * Medusa has its order; refund_mismatch once the gateway gave back as much as Medusa recorded;
   * late_payment and paid_without_order ("refund it in the panel") once it is refunded.
   */
  no_longer?: ChargeFlag[]
  /**
   * Look at the charge again then (its next_sync_at), not when its schedule says: the end of the
   * window for a new charge, when its order is cancelled if none came.
   */
  recheck_at?: string | null
  /** The lapsed charge's order may get a new one until then (for the shopper's e-mail). */
  renewable_until?: string | null
  action:
    | { type: "none" }
    | {
        type: "capture"
        session_id: string
        amount: string
        /**
         * The session names a newer charge (a renewal) or none: it is pointed back at this one,
         * and the newer offer closed, before the capture (recheck-capture.ts).
         */
        revive?: boolean
      }
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
  // A charge closed here is still awaiting at the gateway: it moves on from there.
  const from: ChargeStatus = charge.closed_here ? "pending" : charge.status
  const move = (to: ChargeStatus) => (charge.status !== to && canMoveCharge(from, to) ? to : null)
  const refunded = gateway.refunded_cents ?? null
  // What the gateway gave back, when this read says (refunded, saying no amount: all of it).
  const givenBack =
    gateway.status === "refunded"
      ? (refunded ?? charge.amount_cents)
      : gateway.status === "paid"
        ? refunded
        : null
  const base = {
    gateway_status: gateway.raw,
    paid_amount_cents: null,
    refunded_amount_cents: refunded,
    no_longer: [
      ...(givenBack !== null && (medusa.payment?.refunded_cents ?? 0) <= givenBack
        ? (["refund_mismatch"] as const)
        : []),
      ...(gateway.status === "refunded" ? (["late_payment", "paid_without_order"] as const) : []),
    ] as ChargeFlag[],
    flag: null,
    action: { type: "none" as const },
  }
  const orderOpen = medusa.order !== null && medusa.order.status !== "canceled"
  // Its expiry, and the end of its grace (a payment of its last moments is confirmed late).
  const expiresAt = charge.expires_at ? new Date(charge.expires_at).getTime() : null
  const closesAt = expiresAt === null ? null : expiresAt + options.expiryGraceMinutes * 60_000
  const captured = medusa.payment?.captured_cents ?? 0
  const flagged = (flag: ChargeFlag, detail: string, summary: string): ChargeSyncPlan => ({
    ...base,
    status: null,
    flag: { flag, detail },
    summary,
  })

  switch (gateway.status) {
    case "paid": {
      if (charge.status === "refunded" || charge.status === "disputed")
        return {
          ...base,
          status: null,
          summary: `ignored: the charge was already ${charge.status}`,
        }
      if (gateway.amount_cents !== charge.amount_cents) {
        const detail = `Vorexy reports ${brl(gateway.amount_cents)} paid for a ${brl(charge.amount_cents)} charge; not captured.`
        return flagged("amount_mismatch", detail, "paid with another amount: flagged, not captured")
      }
      const paidBy = medusa.payment?.transaction_id
      if (captured > 0 && paidBy && charge.transaction_id && paidBy !== charge.transaction_id) {
        const detail = `Paid, but this payment was already captured from transaction ${paidBy}: a second payment; refund it in the Vorexy panel.`
        return flagged("late_payment", detail, "a second payment for a paid session: flagged")
      }
      if (captured > 0) {
        const partial = recordRefund(refunded)
        // Captured, but the cart never became an order (it could not complete: stock or shipping
        // gone meanwhile). Nothing refunds it by itself: the admin must.
        if (medusa.order === null && medusa.session_exists !== false && !partial)
          return {
            ...base,
            status: move("paid"),
            paid_amount_cents: gateway.amount_cents,
            flag: { flag: "paid_without_order", detail: PAID_WITHOUT_ORDER },
            summary: "paid and captured, but no order: flagged for the admin",
          }
        // Captured while its order was being cancelled (the cancel found nothing yet to refund):
        // the money is kept for a cancelled order until the admin refunds it (what this read
        // records refunded in the panel counts).
        // (What the gateway gave back when this read says, else what Medusa recorded.)
        const refundedNow = Math.min(givenBack ?? medusa.payment?.refunded_cents ?? 0, captured)
        const kept = captured - refundedNow
        if (medusa.order?.status === "canceled" && kept > 0)
          return {
            ...base,
            status: move("paid"),
            paid_amount_cents: gateway.amount_cents,
            ...partial,
            flag: {
              flag: "late_payment",
              detail: `Paid and captured while its order was being cancelled: ${brl(kept)} kept for a cancelled order; refund it in the Vorexy panel.`,
            },
            summary: `captured into an order cancelled meanwhile: flagged for a refund${partial ? `; ${partial.summary}` : ""}`,
          }
        // (After the flags above, which say more: money kept for a cancelled order, no order.)
        const beyond = refundsBeyond()
        if (beyond)
          return { ...beyond, status: move("paid"), paid_amount_cents: gateway.amount_cents }
        return {
          ...base,
          status: move("paid"),
          paid_amount_cents: gateway.amount_cents,
          // Its order exists after all; one cancelled keeps nothing now (refunded as flagged).
          no_longer: [
            ...base.no_longer,
            ...(medusa.order !== null ? (["paid_without_order"] as const) : []),
            ...(medusa.order?.status === "canceled" ? (["late_payment"] as const) : []),
          ],
          ...(partial ?? { summary: "already captured" }),
        }
      }
      // Medusa's amount: the interest was charged at the gateway, not in the order.
      const orderCents = charge.amount_cents - (charge.interest_cents ?? 0)
      const capture = (revive: boolean, summary: string): ChargeSyncPlan => ({
        ...base,
        status: move("paid"),
        paid_amount_cents: gateway.amount_cents,
        action: {
          type: "capture",
          session_id: charge.payment_session_id,
          amount: centsToMajor(orderCents),
          ...(revive ? { revive: true } : {}),
        },
        summary,
      })
      // Money for an order still open completes it, even from a charge the plugin closed or a
      // renewal replaced, while the gateway never closed it, nothing else paid the order, and it
      // is for what the session is for. Checked again under the order's lock before the capture.
      // (Paid already, neither captured nor flagged: a run that died before its capture.)
      const stillOpen =
        charge.status === "pending" ||
        charge.closed_here === true ||
        (charge.status === "paid" && !charge.flag)
      const completes =
        stillOpen &&
        orderOpen &&
        medusa.session_exists !== false &&
        !medusa.paid_otherwise &&
        !medusa.newer_paid &&
        (medusa.session_amount_cents == null || medusa.session_amount_cents === orderCents)
      // A newer charge of the session is the one its order is paid with: this one is refunded.
      if (medusa.superseded) {
        if (completes) return capture(true, "paid after a new charge replaced it: capturing it")
        const detail =
          "Paid after a new charge replaced it for the same order, which was paid otherwise or cannot take it; refund it in the Vorexy panel."
        return flagged("late_payment", detail, "paid after it was replaced: flagged, not captured")
      }
      const closedBy =
        medusa.order?.status === "canceled"
          ? "the order was cancelled"
          : (charge.status === "cancelled" || charge.status === "failed") && !completes
            ? "the charge was closed"
            : medusa.session_exists === false
              ? "its payment session was replaced or deleted (nothing to capture into)"
              : null
      if (closedBy) {
        const detail = `Paid after ${closedBy}; refund it in the Vorexy panel.`
        return flagged("late_payment", detail, "paid too late: flagged for a refund, not captured")
      }
      return capture(
        false,
        charge.status === "pending" ? "paid: capturing" : "paid after it was closed here: capturing"
      )
    }
    case "refunded": {
      // A payment its order did not take (a second one, flagged): nothing of it is in Medusa.
      const paidBy = medusa.payment?.transaction_id
      if (paidBy && charge.transaction_id && paidBy !== charge.transaction_id)
        return {
          ...base,
          status: move("refunded"),
          summary: "refunded: a payment its order did not take",
        }
      // A chargeback recorded all of it, whatever the gateway now says it refunded.
      const beyond = charge.status === "disputed" ? null : refundsBeyond()
      if (beyond) return { ...beyond, status: move("refunded") }
      if (captured > 0) {
        const recorded = recordRefund(refunded ?? captured)
        return { ...base, status: move("refunded"), ...(recorded ?? { summary: "refunded" }) }
      }
      // Paid and given back before the store captured it: nothing to capture; close the order,
      // unless the order never took this payment (another amount, paid late, a newer charge
      // stands for it, or it was paid otherwise): refunded as its flag asked, the order waits on.
      const standsForOrder =
        !medusa.superseded &&
        !medusa.replaced &&
        !medusa.paid_otherwise &&
        charge.flag !== "amount_mismatch" &&
        charge.flag !== "late_payment"
      if (!orderOpen) return { ...base, status: move("refunded"), summary: "refunded" }
      if (!standsForOrder)
        return {
          ...base,
          status: move("refunded"),
          summary: "refunded: a payment its order did not take; the order is left as it is",
        }
      return {
        ...base,
        status: move("refunded"),
        flag: {
          flag: "refund_before_capture",
          detail:
            "Vorexy reports this charge refunded before the store captured it; the order was cancelled.",
        },
        action: { type: "cancel_order", order_id: medusa.order!.id },
        summary: "refunded before capture: cancelling the order",
      }
    }
    case "disputed": {
      // A chargeback or a protest: never counts as paid; what was captured is given back.
      // A protest (MED) may still be decided for the store: the money is only held, so no refund
      // is recorded until the gateway says refunded. A chargeback takes the money back.
      const protest = isProtest(gateway.raw)
      const payment = medusa.payment
      const captured = payment ? payment.captured_cents - payment.refunded_cents : 0
      // Still disputed: nothing new, unless a protest (money held) became a chargeback.
      if (charge.status === "disputed" && (protest || captured <= 0))
        return { ...base, status: null, summary: "still disputed" }
      const remaining = protest ? 0 : captured
      const outcome = protest
        ? `: ${brl(captured)} held; recorded as refunded only if Vorexy refunds it`
        : remaining > 0
          ? `: ${brl(remaining)} recorded as refunded`
          : "; nothing was captured"
      const flag = {
        flag: "disputed" as const,
        detail: `Vorexy reports a dispute (${gateway.raw ?? "chargeback"})${outcome}. Answer it in the Vorexy panel.`,
      }
      return {
        ...base,
        status: move("disputed"),
        flag,
        action:
          payment && remaining > 0 && medusa.order !== null
            ? { type: "record_refund", payment_id: payment.id, amount: centsToMajor(remaining) }
            : { type: "none" },
        summary: `disputed${remaining > 0 ? ": recording the captured amount as refunded" : ""}`,
      }
    }
    case "cancelled":
    case "failed": {
      // Cancelled by the gateway's own expiry: a payment of its last moments may still be
      // confirmed (a PIX's minutes, a boleto's business days later). Awaited through its grace,
      // as one the gateway still offers, and closed then (read again at its end).
      // (A card has no expiry of its kind; the cancel's own time, when the gateway says it.) A
      // boleto is payable all its due day: a gateway may expire it at that day's start.
      const cancelledAt = Date.parse(gateway.updated_at ?? "")
      const at = Number.isFinite(cancelledAt) ? cancelledAt : now.getTime()
      // (A due instant at the next day's first moment ends the day before.)
      const slackFrom = expiresAt === null ? null : expiresAt - EXPIRY_CANCEL_SLACK_MS
      const expiryFrom =
        expiresAt === null || slackFrom === null
          ? null
          : charge.method === "boleto"
            ? Math.min(slackFrom, startOfBrasiliaDay(brasiliaDateOf(expiresAt - 1)).getTime())
            : slackFrom
      const byExpiry =
        gateway.status === "cancelled" &&
        charge.method !== "credit_card" &&
        expiryFrom !== null &&
        at >= expiryFrom &&
        now.getTime() <= closesAt!
      if (byExpiry && charge.status === "pending" && !charge.closed_here)
        return {
          ...base,
          status: null,
          summary: `cancelled by Vorexy at its expiry: awaited through its grace, until ${new Date(closesAt!).toISOString()}`,
        }
      return closeUnpaid(gateway.status, "")
    }
    case "pending": {
      if (closesAt !== null && now.getTime() > closesAt) {
        return closeUnpaid(
          "cancelled",
          " (expired: past expires_at, the gateway still says awaiting)"
        )
      }
      const watched = medusa.order?.status === "canceled" ? " (order cancelled: watched)" : ""
      return { ...base, status: null, summary: `still awaiting payment${watched}` }
    }
  }

  /**
   * Medusa records more refunded than the gateway gave back (`givenBack`; when this read says):
   * two refunds recorded at the same moment for one made in the panel each passed the provider's
   * check. Flagged for the admin; nothing else is recorded from it.
   */
  function refundsBeyond(): ChargeSyncPlan | null {
    const recorded = medusa.payment?.refunded_cents ?? 0
    if (givenBack === null || recorded <= givenBack) return null
    const detail = `Medusa records ${brl(recorded)} refunded, but Vorexy reports ${brl(givenBack)} given back: a refund was recorded that Vorexy did not make (two recorded at once for one, or a refund the gateway reversed); check the order's refunds against the Vorexy panel.`
    return flagged("refund_mismatch", detail, "refunds recorded beyond the gateway's: flagged")
  }

  /** A refund the gateway reports beyond what Medusa recorded, on the captured payment. */
  function recordRefund(totalRefunded: number | null) {
    const payment = medusa.payment
    // Medusa records a refund through its order (its refund flow needs one): none for a payment
    // whose cart never became an order.
    if (!payment || totalRefunded === null || medusa.order === null) return null
    const missing = Math.min(totalRefunded, payment.captured_cents) - payment.refunded_cents
    if (missing <= 0) return null
    return {
      action: {
        type: "record_refund" as const,
        payment_id: payment.id,
        amount: centsToMajor(missing),
      },
      summary: `refunded in the panel (${brl(totalRefunded)} in all): recording ${brl(missing)}`,
    }
  }

  /**
   * The charge lapsed (or is read again once lapsed). Its order is cancelled, unless the charge was
   * replaced or the shopper may still ask for a new one: the order then waits for that window's
   * end, when the charge is looked at again and the order cancelled if no new charge came.
   */
  function closeUnpaid(to: "cancelled" | "failed", note: string): ChargeSyncPlan {
    const standing = orderOpen && captured === 0 && !medusa.replaced && !medusa.paid_otherwise
    const cancellable = options.cancelOrderOnExpiry && standing
    const until = options.renewalUntil ? new Date(options.renewalUntil) : null
    const waiting = until !== null && now.getTime() < until.getTime()
    // The shopper may still ask for a new charge (the e-mail says until when).
    const renewable = standing && waiting ? { renewable_until: until.toISOString() } : {}
    if (cancellable && waiting) {
      return {
        ...base,
        status: move(to),
        recheck_at: until.toISOString(),
        ...renewable,
        summary: `${to}${note}: its order waits for a new charge until ${until.toISOString()}`,
      }
    }
    // Read again once closed (the window's end): an order still open is cancelled then.
    const cancel = cancellable
    return {
      ...base,
      status: move(to),
      action: cancel ? { type: "cancel_order", order_id: medusa.order!.id } : { type: "none" },
      ...renewable,
      summary: `${to}${note}${cancel ? ": cancelling the order" : ""}`,
    }
  }
}
