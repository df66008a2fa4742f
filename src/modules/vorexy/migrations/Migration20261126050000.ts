import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** The gateway's integer id of a charge, the key its transaction list gives (sweeps). */
export class Migration20261126050000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" add column if not exists "gateway_internal_id" text null;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_charge_gateway_internal_id" ON "vorexy_charge" ("gateway_internal_id") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_vorexy_charge_gateway_internal_id";`)
    this.addSql(
      `alter table if exists "vorexy_charge" drop column if exists "gateway_internal_id";`
    )
  }
}
