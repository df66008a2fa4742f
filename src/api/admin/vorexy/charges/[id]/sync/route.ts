import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../../../../../../modules/vorexy"
import type VorexyModuleService from "../../../../../../modules/vorexy/service"
import { runChargeSync } from "../../../../../../workflows/charge-sync/workflow"
import { sendGatewayError } from "../../../gateway-errors"
import { chargeView } from "../../view"

/**
 * POST /admin/vorexy/charges/:id/sync — re-fetch the charge now and apply what the gateway says.
 * Always reads, even a charge marked unknown at the gateway (an answer clears the mark).
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const vorexy = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [charge] = await vorexy.listVorexyCharges({ id: req.params.id })
  if (!charge)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Charge ${req.params.id} not found`)
  try {
    const result = await runChargeSync(req.scope, {
      by: "admin",
      transaction_id: charge.transaction_id,
    })
    const [after] = await vorexy.listVorexyCharges({ id: charge.id })
    res.json({ charge: chargeView(after), result: result.plan.summary })
  } catch (error) {
    sendGatewayError(res, error)
  }
}
