/**
 * The admin routes that move money or reveal a secret take JSON only. A browser sends a
 * cross-site form (urlencoded, multipart, text/plain) without asking the server first, with the
 * admin's session cookie; a JSON request from another site needs a CORS preflight, which the
 * admin's CORS settings refuse. So a forged form can never request a withdrawal or read the
 * webhook secret. The admin (Medusa's js-sdk) always sends JSON.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

const isJson = (contentType: string | undefined) => {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase()
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"))
}

export function jsonOnly(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  if (isJson(req.headers["content-type"])) return next()
  res.status(415).json({
    type: "invalid_data",
    message: "This route takes JSON only: send Content-Type: application/json.",
  })
}
