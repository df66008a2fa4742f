import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * What a store at volume (a month at 10,000 orders a day) showed walking a whole table: the
 * reconcile job's charges due (next_sync_at), the health card's flagged charges (newest first)
 * and its charges unknown at the gateway (also the admin's "sync unknown" batch), the settled
 * sweep's oldest charge of a status (status, then creation; its method, expiry and id in the
 * index too, so the walk to the oldest lapsed charge reads the index alone), and the clean-up of
 * old webhook bodies (the events still holding theirs, by creation: without it each run reads
 * every event ever kept). All but the sweep's are partial: they hold only the rows they find.
 * Medusa runs a module's migrations in one transaction, so not CONCURRENTLY: each build holds the
 * table's writes for the time it takes (under a second each at this volume).
 */
export class Migration20261129030000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_charge_next_sync_at" ON "vorexy_charge" ("next_sync_at") WHERE next_sync_at IS NOT NULL AND deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_charge_flagged_updated_at" ON "vorexy_charge" ("updated_at") WHERE flag IS NOT NULL AND deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_charge_gateway_unknown_at" ON "vorexy_charge" ("gateway_unknown_at") WHERE gateway_unknown_at IS NOT NULL AND deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_charge_status_created_at" ON "vorexy_charge" ("status", "created_at", "method", "expires_at") INCLUDE ("id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_webhook_event_body_kept" ON "vorexy_webhook_event" ("created_at") WHERE body_dropped_at IS NULL AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_vorexy_charge_next_sync_at";`)
    this.addSql(`drop index if exists "IDX_vorexy_charge_flagged_updated_at";`)
    this.addSql(`drop index if exists "IDX_vorexy_charge_gateway_unknown_at";`)
    this.addSql(`drop index if exists "IDX_vorexy_charge_status_created_at";`)
    this.addSql(`drop index if exists "IDX_vorexy_webhook_event_body_kept";`)
  }
}
