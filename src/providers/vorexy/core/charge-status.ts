/** How a re-fetched charge maps to Medusa's session status and to the session data. */
import type { PaymentSessionStatus as SessionStatus } from "@medusajs/framework/types"
import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { ChargeStatus, TransactionDetail } from "../../../gateway"
import { errors } from "./errors"
import { asRecord, VorexySessionData } from "./session-data"

const SESSION_STATUS: Record<ChargeStatus, SessionStatus> = {
  pending: PaymentSessionStatus.PENDING_AUTHORIZATION,
  paid: PaymentSessionStatus.CAPTURED,
  cancelled: PaymentSessionStatus.CANCELED,
  failed: PaymentSessionStatus.ERROR,
  // Paid and then given back (or disputed): nothing to capture.
  refunded: PaymentSessionStatus.ERROR,
  disputed: PaymentSessionStatus.ERROR,
}

/** The status fields the session data keeps from a re-fetch. */
export function statusFields(detail: TransactionDetail): Partial<VorexySessionData> {
  return {
    status: detail.status.status,
    gateway_status: detail.status.raw,
    ...(detail.status.status === "paid"
      ? { paid_at: detail.updatedAt ?? new Date().toISOString() }
      : {}),
  }
}

/** Medusa's status for a re-fetched charge; paid counts only for the session's exact amount. */
export function sessionStatusFromDetail(
  session: Partial<VorexySessionData>,
  detail: TransactionDetail
) {
  if (detail.status.status === "paid" && detail.amountCents !== session.amount_cents) {
    throw errors.amountMismatch(detail.transactionId, detail.amountCents, session.amount_cents!)
  }
  return {
    status: SESSION_STATUS[detail.status.status],
    data: asRecord({ ...session, ...statusFields(detail) }),
  }
}
