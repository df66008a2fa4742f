import { model } from "@medusajs/framework/utils"

/**
 * Every webhook delivery, stored before anything else happens: dedupe (one row per event key,
 * repeated deliveries only counted), the outcome of processing, and orphans (events for charges or
 * withdrawals we do not know, kept and never acted on).
 */
export const VorexyWebhookEvent = model
  .define("vorexy_webhook_event", {
    id: model.id({ prefix: "vxwh" }).primaryKey(),
    /** x-webhook-event-id when sent, else a hash of the event. */
    event_key: model.text().unique(),
    header_event_id: model.text().nullable(),
    kind: model.enum(["cash_in", "cash_out"]),
    /** Transaction id (cash-in) or withdrawal id (cash-out) the body names. */
    reference_id: model.text().index(),
    /** The status the body claims: a hint only, never applied without a re-fetch. */
    status_hint: model.text().nullable(),
    body: model.json(),
    /** Arrived with the configured secret as its token (false when no secret is configured). */
    trusted: model.boolean().default(false),
    deliveries: model.number().default(1),
    processing_attempts: model.number().default(0),
    outcome: model
      .enum(["received", "processed", "orphan", "ignored", "failed", "abandoned"])
      .default("received"),
    outcome_detail: model.text().nullable(),
    processed_at: model.dateTime().nullable(),
    /**
     * A failed event is retried by the reconcile job from this time (backoff), until abandoned. A
     * received one: with a detail, it waits for its charge's row until the checkout that made the
     * charge is over (its recording wakes it sooner); without, a handed-back run may still be
     * under way until then (subscribers/vorexy-webhook-received.ts).
     */
    next_attempt_at: model.dateTime().nullable(),
    /** Raw bodies hold personal data: dropped after the retention period, the outcome kept. */
    body_dropped_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["outcome"] },
    { on: ["created_at"] },
    // The clean-up's: the events whose body is still to drop, oldest first (service.ts).
    {
      name: "IDX_vorexy_webhook_event_body_kept",
      on: ["created_at"],
      where: "body_dropped_at IS NULL",
    },
  ])
