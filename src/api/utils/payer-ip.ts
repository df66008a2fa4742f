import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/**
 * Vorexy takes the payer's IPv4. The storefront cannot be trusted to say it, so the IP Medusa sees
 * on session creation is put into the session data (overriding anything sent under that name).
 */
export function attachPayerIp(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  for (const body of [req.body, (req as any).validatedBody] as Array<Record<string, any> | undefined>) {
    if (body && typeof body === "object" && typeof body.provider_id === "string" && body.provider_id.startsWith("pp_vorexy-")) {
      body.data = { ...(body.data ?? {}), payer_ip: req.ip ?? null }
    }
  }
  next()
}
