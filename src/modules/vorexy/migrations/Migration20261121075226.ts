import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121075226 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" drop constraint if exists "vorexy_charge_transaction_id_unique";`
    )
    this.addSql(
      `create table if not exists "vorexy_charge" ("id" text not null, "transaction_id" text not null, "payment_session_id" text not null, "payment_collection_id" text null, "order_id" text null, "provider_id" text not null, "method" text check ("method" in ('pix', 'boleto', 'credit_card')) not null default 'pix', "amount_cents" integer not null, "currency_code" text not null default 'brl', "status" text check ("status" in ('pending', 'paid', 'cancelled', 'failed', 'refunded')) not null default 'pending', "gateway_status" text null, "paid_amount_cents" integer null, "qr_code" text null, "qr_code_image" text null, "expires_at" timestamptz null, "paid_at" timestamptz null, "company_id" text null, "last_synced_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "vorexy_charge_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_vorexy_charge_transaction_id_unique" ON "vorexy_charge" ("transaction_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_charge_payment_session_id" ON "vorexy_charge" ("payment_session_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_charge_order_id" ON "vorexy_charge" ("order_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_charge_deleted_at" ON "vorexy_charge" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_charge_status_expires_at" ON "vorexy_charge" ("status", "expires_at") WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "vorexy_charge" cascade;`)
  }
}
