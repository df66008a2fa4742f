import { model } from "@medusajs/framework/utils"

/**
 * One row per gateway transaction (a PIX charge): the bridge between the gateway and Medusa's
 * payment session and order, read by the storefront status route, webhooks, jobs and the admin.
 */
export const VorexyCharge = model
  .define("vorexy_charge", {
    id: model.id({ prefix: "vxch" }).primaryKey(),
    transaction_id: model.text().unique(),
    payment_session_id: model.text().index(),
    payment_collection_id: model.text().nullable(),
    order_id: model.text().index().nullable(),
    provider_id: model.text(),
    method: model.enum(["pix", "boleto", "credit_card"]).default("pix"),
    amount_cents: model.number(),
    currency_code: model.text().default("brl"),
    status: model.enum(["pending", "paid", "cancelled", "failed", "refunded"]).default("pending"),
    gateway_status: model.text().nullable(),
    paid_amount_cents: model.number().nullable(),
    qr_code: model.text().nullable(),
    qr_code_image: model.text().nullable(),
    expires_at: model.dateTime().nullable(),
    paid_at: model.dateTime().nullable(),
    company_id: model.text().nullable(),
    /** Needs the admin: paid for another amount, or paid after the order was cancelled. */
    flag: model.enum(["amount_mismatch", "late_payment"]).nullable(),
    flag_detail: model.text().nullable(),
    last_synced_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["status", "expires_at"] }])
