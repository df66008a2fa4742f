import type { MedusaResponse } from "@medusajs/framework/http"
import { isVorexyError, VorexyErrorKind } from "../../../gateway"

/**
 * Gateway failures in admin routes, with a status that says whose problem it is: a refusal is the
 * request's (422), the gateway being down or rejecting the store's credentials is upstream (503/502).
 */
const STATUS: Record<VorexyErrorKind, number> = {
  request_invalid: 400,
  validation: 422,
  refused: 422,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
  authentication: 502,
  protocol: 502,
}

const PREFIX: Partial<Record<VorexyErrorKind, string>> = {
  authentication:
    "Vorexy rejected the store's credentials (check VOREXY_CLIENT_ID / VOREXY_API_KEY)",
  unavailable: "Vorexy is unavailable right now; try again in a moment",
  rate_limited: "Vorexy is rate limiting requests; try again in a moment",
  protocol: "Vorexy sent a response that could not be understood",
}

/** Answers a gateway error; rethrows anything else for Medusa's error handler. */
export function sendGatewayError(
  res: MedusaResponse,
  error: unknown,
  extra: Record<string, unknown> = {}
) {
  if (!isVorexyError(error)) throw error
  const detail = error.gatewayMessage ? `: ${error.gatewayMessage}` : ""
  const message = PREFIX[error.kind]
    ? `${PREFIX[error.kind]}${detail}`
    : `Vorexy refused the request${detail}`
  res
    .status(STATUS[error.kind])
    .json({ type: `vorexy_${error.kind}`, message, gateway_status: error.status ?? null, ...extra })
}
