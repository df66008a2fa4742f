import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** When the shopper was reminded of a PIX or boleto about to lapse: a reminder goes out once. */
export class Migration20261126180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" add column if not exists "reminded_at" timestamptz null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "vorexy_charge" drop column if exists "reminded_at";`)
  }
}
