/**
 * The webhook secret can reach /hooks/vorexy three ways, whichever the gateway can send:
 *   - HTTP Basic credentials in the URL: https://vorexy:<secret>@store.example/hooks/vorexy
 *     (most HTTP clients turn them into an Authorization header; the secret is the password);
 *   - a header: X-Vorexy-Token: <secret>;
 *   - the query: /hooks/vorexy?token=<secret>.
 * Medusa's request logger writes the URL of every request, so a query token is replaced in the
 * URL it logs (`req.originalUrl`) before anything is logged.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createHash, timingSafeEqual } from "node:crypto"

const TOKEN_IN_QUERY = /([?&]token=)[^&#]*/gi

/** Middleware: hides a query token from every log line that prints the request's URL. */
export function redactWebhookToken(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  req.originalUrl = req.originalUrl.replace(TOKEN_IN_QUERY, "$1[REDACTED]")
  next()
}

/** The token a delivery carries, from whichever place it came in (see above). */
export function webhookToken(req: MedusaRequest): string | null {
  const basic = /^Basic\s+(\S+)$/i.exec(String(req.headers.authorization ?? ""))
  if (basic) {
    const decoded = Buffer.from(basic[1], "base64").toString("utf8")
    const separator = decoded.indexOf(":")
    if (separator >= 0) return decoded.slice(separator + 1)
  }
  const header = req.headers["x-vorexy-token"]
  if (typeof header === "string" && header) return header
  const query = req.query.token
  return typeof query === "string" ? query : null
}

const digest = (value: string) => createHash("sha256").update(value).digest()

/** Constant-time comparison (hashing first makes lengths equal, so length leaks nothing either). */
export function tokenMatches(given: string | null, secret: string) {
  return given !== null && timingSafeEqual(digest(given), digest(secret))
}
