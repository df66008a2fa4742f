/** A charge row as the database gives it back, for the views. */
import type { VorexyChargeRow } from "../../modules/vorexy/types"
import type { chargeRow } from "../../workflows/utils/charge-record"

export const json = <T>(value: T): T => JSON.parse(JSON.stringify(value))

/** The plugin's default grace (how long past its expiry a charge is still awaited). */
export const GRACE = { expiryGraceMinutes: 10, boletoGraceDays: 3 }

export const link = {
  provider_id: "pp_vorexy-x_vorexy",
  payment_collection_id: null,
  order_id: "order_1",
}

/** The row as the database gives it back: `details` through JSON, every other column there. */
export function stored(row: ReturnType<typeof chargeRow>): VorexyChargeRow {
  const now = new Date()
  return {
    id: "vxch_1",
    currency_code: "brl",
    paid_amount_cents: null,
    refunded_amount_cents: null,
    paid_at: null,
    captured_at: null,
    flag: null,
    flag_detail: null,
    sync_failures: 0,
    not_found_reads: 0,
    not_found_since: null,
    not_found_last_at: null,
    gateway_unknown_at: null,
    gateway_internal_id: null,
    offer_closed_at: null,
    offer_closed_reason: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    ...row,
    details: json(row.details),
  } as unknown as VorexyChargeRow
}
