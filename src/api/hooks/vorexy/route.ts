/**
 * POST /hooks/vorexy — the URL to set in the Vorexy panel, with the webhook secret as Basic
 * credentials, a header or ?token= (utils/webhook-token.ts).
 *
 * Vorexy's webhooks are unsigned, so: the secret (constant-time compare) when one is configured,
 * every delivery stored and deduplicated, and nothing applied from the body: the subscriber
 * re-fetches the record from the gateway. Answers at once; never says whether an id
 * exists; a malformed body is a 4xx, never a 5xx.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { WebhookBodyError } from "../../../gateway"
import { VOREXY_MODULE } from "../../../modules/vorexy"
import type VorexyModuleService from "../../../modules/vorexy/service"
import { receiveWebhook } from "../../../webhooks/receive-delivery"
import { tokenMatches, webhookToken } from "../../utils/webhook-token"
import { countRefusedDelivery } from "../../../modules/vorexy/refused-counter"
import { selfTestNonce } from "../../utils/webhook-self-test"

export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const vorexy = req.scope.resolve<VorexyModuleService>(VOREXY_MODULE)
  const secret = vorexy.webhookSecret()
  if (secret && !tokenMatches(webhookToken(req), secret)) {
    // Counted for the admin's health card (never stored as an event, never awaited).
    countRefusedDelivery(vorexy)
    res.status(401).json({ message: "Invalid or missing webhook token" })
    return
  }
  const selfTest = selfTestNonce(req.rawBody)
  if (selfTest) {
    // The admin's self-test (POST /admin/vorexy/webhook-self-test): it arrived, and whether the
    // secret authenticated it. Nothing is stored or processed.
    res.status(200).json({ ok: true, self_test: selfTest, authenticated: Boolean(secret) })
    return
  }
  const header = req.headers["x-webhook-event-id"]
  try {
    const result = await receiveWebhook(req.scope, {
      raw: req.rawBody,
      headerEventId: typeof header === "string" ? header : null,
      trusted: Boolean(secret),
    })
    res.status(200).json({ ok: true, ...result })
  } catch (error) {
    if (error instanceof WebhookBodyError) {
      res.status(400).json({ message: `Invalid webhook: ${error.message}` })
      return
    }
    throw error
  }
}
