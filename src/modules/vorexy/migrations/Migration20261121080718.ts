import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261121080718 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_withdrawal" drop constraint if exists "vorexy_withdrawal_idempotency_key_unique";`
    )
    this.addSql(
      `alter table if exists "vorexy_webhook_event" drop constraint if exists "vorexy_webhook_event_event_key_unique";`
    )
    this.addSql(
      `create table if not exists "vorexy_webhook_event" ("id" text not null, "event_key" text not null, "header_event_id" text null, "kind" text check ("kind" in ('cash_in', 'cash_out')) not null, "reference_id" text not null, "status_hint" text null, "body" jsonb not null, "trusted" boolean not null default false, "deliveries" integer not null default 1, "processing_attempts" integer not null default 0, "outcome" text check ("outcome" in ('received', 'processed', 'orphan', 'ignored', 'failed')) not null default 'received', "outcome_detail" text null, "processed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "vorexy_webhook_event_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_vorexy_webhook_event_event_key_unique" ON "vorexy_webhook_event" ("event_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_webhook_event_reference_id" ON "vorexy_webhook_event" ("reference_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_webhook_event_deleted_at" ON "vorexy_webhook_event" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_webhook_event_outcome" ON "vorexy_webhook_event" ("outcome") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `create table if not exists "vorexy_withdrawal" ("id" text not null, "idempotency_key" text not null, "gateway_id" text null, "amount_cents" integer not null, "pix_key" text null, "pix_key_type" text null, "description" text null, "metadata" jsonb null, "status" text check ("status" in ('requested', 'pending', 'processing', 'successful', 'failed', 'refunded')) not null default 'requested', "gateway_status" text null, "failure_reason" text null, "end_to_end_id" text null, "requested_by" text null, "company_id" text null, "last_synced_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "vorexy_withdrawal_pkey" primary key ("id"));`
    )
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_vorexy_withdrawal_idempotency_key_unique" ON "vorexy_withdrawal" ("idempotency_key") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_withdrawal_deleted_at" ON "vorexy_withdrawal" ("deleted_at") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_withdrawal_gateway_id" ON "vorexy_withdrawal" ("gateway_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_vorexy_withdrawal_status" ON "vorexy_withdrawal" ("status") WHERE deleted_at IS NULL;`
    )

    this.addSql(
      `alter table if exists "vorexy_charge" add column if not exists "flag" text check ("flag" in ('amount_mismatch', 'late_payment')) null, add column if not exists "flag_detail" text null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "vorexy_webhook_event" cascade;`)

    this.addSql(`drop table if exists "vorexy_withdrawal" cascade;`)

    this.addSql(
      `alter table if exists "vorexy_charge" drop column if exists "flag", drop column if exists "flag_detail";`
    )
  }
}
