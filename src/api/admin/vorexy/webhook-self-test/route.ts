/**
 * POST /admin/vorexy/webhook-self-test — Vorexy's panel has no "send a test", so the server posts a
 * harmless delivery to its own /hooks/vorexy, with the configured secret, on the address and port
 * this request arrived on (never a host named by a header), and says whether it arrived and was
 * authenticated. The delivery is recognised as a test there; nothing is stored or processed.
 */
import { randomBytes } from "node:crypto"
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { VOREXY_MODULE } from "../../../../modules/vorexy"
import type VorexyModuleService from "../../../../modules/vorexy/service"
import { SELF_TEST_OBJECT } from "../../../utils/webhook-self-test"

const TIMEOUT_MS = 5_000

export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const secret = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE).webhookSecret()
  const nonce = randomBytes(12).toString("hex")
  const address = (req.socket.localAddress ?? "127.0.0.1").replace(/^::ffff:/, "")
  const host = address.includes(":") ? `[${address}]` : address
  // The token as the pasted URL carries it (the route hides it from the logs).
  const query = secret ? `?token=${encodeURIComponent(secret)}` : ""
  const url = `http://${host}:${req.socket.localPort}/hooks/vorexy${query}`
  const started = Date.now()
  let status: number | null = null
  let answer: Record<string, unknown> = {}
  let problem: string | null = null
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ object: SELF_TEST_OBJECT, nonce }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    status = response.status
    answer = (await response.json().catch(() => ({}))) as Record<string, unknown>
  } catch (error) {
    problem = (error as Error).name === "TimeoutError" ? "no answer in 5 s" : "unreachable"
  }
  const arrived = answer.self_test === nonce
  const result = arrived
    ? answer.authenticated
      ? "authenticated"
      : "no_secret"
    : status === 401
      ? "refused"
      : "unreachable"
  res.json({
    self_test: {
      result,
      arrived,
      authenticated: arrived && answer.authenticated === true,
      secret_configured: Boolean(secret),
      status,
      ms: Date.now() - started,
      message: arrived
        ? answer.authenticated
          ? "The webhook route received the test and accepted the secret."
          : "The webhook route received the test, but no secret is configured: anyone can post to it."
        : status === 401
          ? "The webhook route refused the configured secret."
          : `The test did not reach the webhook route${problem ? ` (${problem})` : status ? ` (HTTP ${status})` : ""}.`,
    },
  })
}
