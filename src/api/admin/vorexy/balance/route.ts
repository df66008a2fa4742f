import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import type VorexyModuleService from "../../../../modules/vorexy/service"
import { sendGatewayError } from "../gateway-errors"

/** GET /admin/vorexy/balance — the gateway balance, reais exactly as the gateway sent them. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const vorexy = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const companyId = await vorexy.requireCompanyId()
  try {
    const b = await vorexy.gateway().getBalance(companyId)
    res.json({
      balance: {
        company_id: b.companyId ?? Number(companyId),
        currency: b.currency,
        status: b.balanceStatus ?? null,
        withdrawals_blocked: !b.released,
        available: b.available.reais,
        available_cents: b.available.cents,
        credit: b.credit.reais,
        credit_cents: b.credit.cents,
        credit_awaiting: b.creditAwaiting.reais,
        credit_awaiting_cents: b.creditAwaiting.cents,
      },
    })
  } catch (error) {
    sendGatewayError(res, error)
  }
}
