import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { maskPixKey, pixDestinationId, toCents } from "../../../../gateway"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import type VorexyModuleService from "../../../../modules/vorexy/service"

/**
 * GET /admin/vorexy/withdrawal-destinations — where the form may send money: the keys the store
 * listed (masked, each by the id the form sends), the company's bank key always, and the limit.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { withdrawalPixKeys, withdrawalDailyLimit } =
    req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).options
  res.json({
    destinations: (withdrawalPixKeys ?? []).map((destination) => ({
      id: pixDestinationId(destination),
      type: destination.type,
      key_masked: maskPixKey(destination.type, destination.key),
    })),
    daily_limit_cents: withdrawalDailyLimit === undefined ? null : toCents(withdrawalDailyLimit),
  })
}
