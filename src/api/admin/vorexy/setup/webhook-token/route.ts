/**
 * POST /admin/vorexy/setup/webhook-token — the webhook secret whole, for the setup card's copy
 * button (the page itself only ever shows it masked). Never cached.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { VOREXY_MODULE } from "../../../../../modules/vorexy"
import type VorexyModuleService from "../../../../../modules/vorexy/service"

export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const secret = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).webhookSecret()
  res.setHeader("cache-control", "no-store")
  res.json({ token: secret })
}
