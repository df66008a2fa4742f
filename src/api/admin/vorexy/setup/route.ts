/**
 * GET /admin/vorexy/setup — is the plugin wired up: the credentials checked now (a live call: ok,
 * refused, unreachable, with the gateway's reason), the company id in use and where it came from,
 * the gateway's base URL and whether it is a sandbox, and the webhook route to paste into the
 * Vorexy panel (the secret masked; POST setup/webhook-token gives it whole, to copy).
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import { probeConnection } from "../../../../modules/vorexy/connection-probe"
import type VorexyModuleService from "../../../../modules/vorexy/service"

const SANDBOX_HOST = /^(localhost|127\.|\[::1\]|0\.0\.0\.0)|sandbox|staging|homolog/i

/** "…6789": enough to tell two secrets apart, never enough to guess one. */
export const maskSecret = (secret: string) => `…${secret.slice(-4)}`

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const vorexy = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const options = vorexy.options
  const companyId = await vorexy.companyId()
  const secret = vorexy.webhookSecret()
  const host = new URL(options.baseUrl).host
  res.json({
    setup: {
      connection: await probeConnection(options, companyId),
      company: {
        id: companyId,
        source: options.companyId ? "option" : companyId ? "learned" : null,
      },
      gateway: {
        base_url: options.baseUrl,
        environment: SANDBOX_HOST.test(host) ? "sandbox" : "production",
      },
      webhook: {
        path: "/hooks/vorexy",
        secret_configured: Boolean(secret),
        token_masked: secret ? maskSecret(secret) : null,
        built_in_route: !secret || Boolean(options.allowBuiltInWebhookRoute),
      },
    },
  })
}
