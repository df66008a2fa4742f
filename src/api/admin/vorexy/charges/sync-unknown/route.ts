import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { syncUnknownCharges } from "../../../../../reconciliation/sync-unknown"
import type { AdminSyncUnknownType } from "../../validators"

/**
 * POST /admin/vorexy/charges/sync-unknown — "Sync all unknown": syncs the next few charges marked
 * unknown at the gateway (from `after`, the previous answer's `next`; `limit` of them, at most
 * SYNC_UNKNOWN_BATCH) and says how many are left.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminSyncUnknownType>,
  res: MedusaResponse
) => {
  const { after, limit } = req.validatedBody
  const progress = await syncUnknownCharges(req.scope, after ?? null, limit)
  res.json(progress)
}
