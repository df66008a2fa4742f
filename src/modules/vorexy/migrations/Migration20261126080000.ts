import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Charges by creation time: the reconcile job counts the last day's charges (the sweeps' pace)
 * and finds the oldest charge each sweep watches, which without it scans the whole table.
 */
export class Migration20261126080000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_charge_created_at" ON "vorexy_charge" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_vorexy_charge_created_at";`)
  }
}
