import { model } from "@medusajs/framework/utils"

/**
 * What the admin's health card reads and nothing else records: the reconcile job's last run (what
 * it looked at and what failed), webhook deliveries refused for a bad token, counted per hour
 * (they are never stored as events), and the renewal route's per-client hourly counters. One row
 * per key, written atomically.
 */
export const VorexyHealthMark = model.define("vorexy_health_mark", {
  id: model.id({ prefix: "vxhm" }).primaryKey(),
  /** "reconcile", or "webhook_refused:<UTC hour>" (e.g. webhook_refused:2026-11-22T04). */
  key: model.text().unique(),
  count: model.number().default(0),
  last_at: model.dateTime().nullable(),
  data: model.json().nullable(),
})
