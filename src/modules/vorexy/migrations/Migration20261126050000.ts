import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The gateway's integer id of a charge, the key its transaction list gives (sweeps). A charge
 * awaiting payment is now due for its own sync only at its expiry (watch-schedule.ts): rows made
 * before, left without a date, get one (their sync then applies the grace it needs).
 */
export class Migration20261126050000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" add column if not exists "gateway_internal_id" text null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_charge_gateway_internal_id" ON "vorexy_charge" ("gateway_internal_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `update "vorexy_charge" set "next_sync_at" = "expires_at" where "status" = 'pending' and "next_sync_at" is null and "expires_at" is not null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_vorexy_charge_gateway_internal_id";`)
    this.addSql(
      `alter table if exists "vorexy_charge" drop column if exists "gateway_internal_id";`
    )
  }
}
