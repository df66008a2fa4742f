import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122045607 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_health_mark" drop constraint if exists "vorexy_health_mark_key_unique";`
    )
    this.addSql(
      `create table if not exists "vorexy_health_mark" ("id" text not null, "key" text not null, "count" integer not null default 0, "last_at" timestamptz null, "data" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "vorexy_health_mark_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_vorexy_health_mark_key_unique" ON "vorexy_health_mark" ("key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_health_mark_deleted_at" ON "vorexy_health_mark" ("deleted_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "vorexy_health_mark" cascade;`)
  }
}
