import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122051729 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_webhook_event_created_at" ON "vorexy_webhook_event" ("created_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_vorexy_webhook_event_created_at";`)
  }
}
