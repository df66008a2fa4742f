import { centsToMajor, maskPixKey } from "../../../../gateway"
import type { VorexyWithdrawalRow } from "../../../../modules/vorexy/types"

/** A local withdrawal as the admin API shows it; `names` say who asked (requesters.ts). */
export function withdrawalView(w: VorexyWithdrawalRow, names?: Map<string, string>) {
  return {
    id: w.id,
    gateway_id: w.gateway_id,
    status: w.status,
    gateway_status: w.gateway_status,
    amount_cents: w.amount_cents,
    amount: centsToMajor(w.amount_cents),
    pix_key: w.pix_key,
    pix_key_type: w.pix_key_type,
    pix_key_masked: maskPixKey(w.pix_key_type, w.pix_key),
    description: w.description,
    metadata: w.metadata,
    failure_reason: w.failure_reason,
    end_to_end_id: w.end_to_end_id,
    requested_by: w.requested_by,
    requested_by_name: (w.requested_by && names?.get(w.requested_by)) ?? null,
    created_at: w.created_at,
    updated_at: w.updated_at,
  }
}
