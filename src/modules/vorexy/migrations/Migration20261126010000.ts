import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261126010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" add column if not exists "captured_at" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "vorexy_charge" drop column if exists "captured_at";`)
  }
}
