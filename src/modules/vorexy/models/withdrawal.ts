import { model } from "@medusajs/framework/utils"

/**
 * The local ledger of withdrawals to PIX keys: who asked and when, the gateway's id and status
 * (kept current by webhooks and reconciliation, forward only), and why it failed.
 */
export const VorexyWithdrawal = model
  .define("vorexy_withdrawal", {
    id: model.id({ prefix: "vxwd" }).primaryKey(),
    idempotency_key: model.text().unique(),
    /** Null until the gateway has accepted it. */
    gateway_id: model.text().nullable(),
    amount_cents: model.number(),
    pix_key: model.text().nullable(),
    pix_key_type: model.text().nullable(),
    description: model.text().nullable(),
    metadata: model.json().nullable(),
    status: model
      .enum(["requested", "unknown", "pending", "processing", "successful", "failed", "refunded"])
      .default("requested"),
    gateway_status: model.text().nullable(),
    failure_reason: model.text().nullable(),
    end_to_end_id: model.text().nullable(),
    requested_by: model.text().nullable(),
    company_id: model.text().nullable(),
    last_synced_at: model.dateTime().nullable(),
    /** Hash of what was asked (amount, key, description, metadata): a key reused for other content is refused. */
    request_hash: model.text().nullable(),
    /** Syncs (or settle attempts of an "unknown" one) that failed in a row, and the next try. */
    sync_failures: model.number().default(0),
    next_sync_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["gateway_id"] }, { on: ["status"] }])
