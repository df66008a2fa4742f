import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../../../../../modules/vorexy"
import type VorexyModuleService from "../../../../../modules/vorexy/service"
import { withdrawalView } from "../view"

/** GET /admin/vorexy/withdrawals/:id */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const [row] = await req.scope
    .resolve<VorexyModuleService>(VOREXY_MODULE)
    .listVorexyWithdrawals({ id: req.params.id })
  if (!row)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Withdrawal ${req.params.id} not found`)
  res.json({ withdrawal: withdrawalView(row) })
}
