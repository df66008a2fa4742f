import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import type VorexyModuleService from "../../../../modules/vorexy/service"
import { chargeView } from "./view"

/** GET /admin/vorexy/charges?order_id= — the order's Vorexy charges, newest first. */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, { order_id: string }>,
  res: MedusaResponse
) => {
  const { order_id } = req.validatedQuery as unknown as { order_id: string }
  const charges = await req.scope
    .resolve<VorexyModuleService>(VOREXY_MODULE)
    .listVorexyCharges({ order_id }, { order: { created_at: "DESC" } })
  res.json({ charges: charges.map(chargeView) })
}
