/**
 * Who may ask for a withdrawal. `/admin` also takes secret API keys, which no person holds at the
 * moment of asking, skip MFA, and which a stolen session can mint: refused unless the store says
 * otherwise (`allowApiKeyWithdrawals`). An admin user who has MFA must have passed it within
 * `withdrawalMfaMaxAgeMinutes`: Medusa's own `authenticate` with `requireMfa` and a maximum age.
 */
import {
  authenticate,
  type AuthenticatedMedusaRequest,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"

export async function guardWithdrawalActor(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const options = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).options
  if ((req as AuthenticatedMedusaRequest).auth_context?.actor_type === "api-key") {
    if (options.allowApiKeyWithdrawals) return next()
    res.status(403).json({
      type: "not_allowed",
      message:
        "Withdrawals cannot be requested with a secret API key: an admin user must ask, from the admin. A store that needs it sets the plugin's allowApiKeyWithdrawals option (VOREXY_ALLOW_API_KEY_WITHDRAWALS).",
    })
    return
  }
  const maxAgeSeconds = options.withdrawalMfaMaxAgeMinutes * 60
  return authenticate("user", ["session", "bearer"], { requireMfa: { maxAgeSeconds } })(
    req,
    res,
    next
  )
}
