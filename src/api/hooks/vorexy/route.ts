/**
 * POST /hooks/vorexy — the URL to set in the Vorexy panel, with the webhook secret as Basic
 * credentials, a header or ?token= (utils/webhook-token.ts).
 *
 * Vorexy's webhooks are unsigned, so: the secret (constant-time compare) when one is configured,
 * every delivery stored and deduplicated, and nothing applied from the body: each stored event is
 * announced to its subscriber (a charge's: subscribers/vorexy-webhook-received.ts), which
 * re-fetches the record from the gateway. Answers at once; never says whether an id exists; a
 * malformed body is a 4xx, never a 5xx.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { IEventBusModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { parseWebhookBody, WebhookBodyError, webhookEventId } from "../../../gateway"
import { VOREXY_MODULE } from "../../../modules/vorexy"
import { webhookEventMessages } from "../../../modules/vorexy/events"
import type VorexyModuleService from "../../../modules/vorexy/service"
import { storeDeliveryEvents } from "../../../modules/vorexy/webhook-events"
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
  const headerEventId = webhookEventId(req.headers["x-webhook-event-id"])
  let events
  try {
    events = parseWebhookBody(req.rawBody, headerEventId)
  } catch (error) {
    if (!(error instanceof WebhookBodyError)) throw error
    res.status(400).json({ message: `Invalid webhook: ${error.message}` })
    return
  }
  const { stored, duplicates } = await storeDeliveryEvents(vorexy, events, {
    headerEventId,
    trusted: Boolean(secret),
  })
  // Announced once all are stored, so the first re-fetch already answers the whole batch.
  if (stored.length) {
    await req.scope
      .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
      .emit(webhookEventMessages(stored))
  }
  res.status(200).json({ ok: true, received: events.length, duplicates })
}
