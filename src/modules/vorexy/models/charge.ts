import { model } from "@medusajs/framework/utils"

/**
 * One row per gateway transaction (a PIX, boleto or card charge): the bridge between the gateway and Medusa's
 * payment session and order, read by the storefront status route, webhooks, jobs and the admin.
 */
export const VorexyCharge = model
  .define("vorexy_charge", {
    id: model.id({ prefix: "vxch" }).primaryKey(),
    transaction_id: model.text().unique(),
    /**
     * The gateway's own integer id for the transaction (its detail's `id`): the only key its list
     * gives, so the reconcile job's sweeps can tell which row a list item is (learnt from the
     * first read, or from the list by the payment session the charge names).
     */
    gateway_internal_id: model.text().index().nullable(),
    payment_session_id: model.text().index(),
    payment_collection_id: model.text().nullable(),
    order_id: model.text().index().nullable(),
    provider_id: model.text(),
    method: model.enum(["pix", "boleto", "credit_card"]).default("pix"),
    amount_cents: model.number(),
    currency_code: model.text().default("brl"),
    status: model
      .enum(["pending", "paid", "cancelled", "failed", "refunded", "disputed"])
      .default("pending"),
    gateway_status: model.text().nullable(),
    paid_amount_cents: model.number().nullable(),
    /** What the gateway reports refunded (partial refunds exist). */
    refunded_amount_cents: model.number().nullable(),
    qr_code: model.text().nullable(),
    qr_code_image: model.text().nullable(),
    /**
     * What the method adds for the shopper and the admin: a boleto's digitable line, barcode, PDF
     * and due date; a card's brand, last 4 digits, installments and refusal reason.
     */
    details: model.json().nullable(),
    expires_at: model.dateTime().nullable(),
    paid_at: model.dateTime().nullable(),
    /**
     * When the plugin saw Medusa's payment captured for this charge: the order is paid in the store
     * (the storefront's page can show the store's own paid state). Never cleared.
     */
    captured_at: model.dateTime().nullable(),
    company_id: model.text().nullable(),
    /**
     * Needs the admin: paid for another amount; paid after the order was cancelled (or with nothing
     * left to capture into); refunded before it was captured; its sync keeps failing; disputed
     * (a chargeback or a protest); unknown at the gateway, which answers 404 (unknown-charge.ts); or
     * paid and captured while its cart produced no order (stock or shipping gone meanwhile); or
     * refunded in Medusa beyond what the gateway gave back (two refunds recorded at once for one).
     */
    flag: model
      .enum([
        "amount_mismatch",
        "late_payment",
        "refund_before_capture",
        "sync_failing",
        "disputed",
        "unknown_at_gateway",
        "paid_without_order",
        "refund_mismatch",
      ])
      .nullable(),
    flag_detail: model.text().nullable(),
    /** When the last re-fetch started: a webhook received before it is already answered. */
    last_synced_at: model.dateTime().nullable(),
    /** Syncs that failed in a row, and when the reconcile job may try again (backoff). */
    sync_failures: model.number().default(0),
    next_sync_at: model.dateTime().nullable(),
    /**
     * Reads the gateway answered 404 in a row, the first and the latest, and when the charge was
     * marked unknown at the gateway (read no more unless an admin asks): unknown-charge.ts.
     */
    not_found_reads: model.number().default(0),
    not_found_since: model.dateTime().nullable(),
    not_found_last_at: model.dateTime().nullable(),
    gateway_unknown_at: model.dateTime().nullable(),
    /**
     * When the charge stopped being offered to the shopper while it could still be paid (its order
     * cancelled, its payment session replaced): still watched, a payment then flagged.
     */
    offer_closed_at: model.dateTime().nullable(),
    offer_closed_reason: model.enum(["order_canceled", "session_replaced"]).nullable(),
    /** When the shopper was e-mailed a reminder before the PIX or boleto lapsed (once). */
    reminded_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["status", "expires_at"] },
    { on: ["created_at"] },
    // What the job, the sweeps and the health card look for among a month of charges: partial
    // where they find a few rows (Migration20261129030000).
    { on: ["next_sync_at"], where: "next_sync_at IS NOT NULL" },
    { name: "IDX_vorexy_charge_flagged_updated_at", on: ["updated_at"], where: "flag IS NOT NULL" },
    { on: ["gateway_unknown_at"], where: "gateway_unknown_at IS NOT NULL" },
    // Its migration adds INCLUDE ("id"), which a model's index cannot say: the settled sweep's
    // oldest lapsed charge is then read from the index alone.
    {
      name: "IDX_vorexy_charge_status_created_at",
      on: ["status", "created_at", "method", "expires_at"],
    },
  ])
