import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122025754 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" drop constraint if exists "vorexy_charge_flag_check";`
    )

    this.addSql(
      `alter table if exists "vorexy_webhook_event" drop constraint if exists "vorexy_webhook_event_outcome_check";`
    )

    this.addSql(
      `alter table if exists "vorexy_withdrawal" drop constraint if exists "vorexy_withdrawal_status_check";`
    )

    this.addSql(
      `alter table if exists "vorexy_charge" add column if not exists "refunded_amount_cents" integer null, add column if not exists "sync_failures" integer not null default 0, add column if not exists "next_sync_at" timestamptz null, add column if not exists "offer_closed_at" timestamptz null, add column if not exists "offer_closed_reason" text check ("offer_closed_reason" in ('order_canceled', 'session_replaced')) null;`
    )
    this.addSql(
      `alter table if exists "vorexy_charge" add constraint "vorexy_charge_flag_check" check("flag" in ('amount_mismatch', 'late_payment', 'refund_before_capture', 'sync_failing'));`
    )

    this.addSql(
      `alter table if exists "vorexy_webhook_event" add column if not exists "next_attempt_at" timestamptz null, add column if not exists "body_dropped_at" timestamptz null;`
    )
    this.addSql(
      `alter table if exists "vorexy_webhook_event" add constraint "vorexy_webhook_event_outcome_check" check("outcome" in ('received', 'processed', 'orphan', 'ignored', 'failed', 'abandoned'));`
    )

    this.addSql(
      `alter table if exists "vorexy_withdrawal" add column if not exists "request_hash" text null, add column if not exists "sync_failures" integer not null default 0, add column if not exists "next_sync_at" timestamptz null;`
    )
    this.addSql(
      `alter table if exists "vorexy_withdrawal" add constraint "vorexy_withdrawal_status_check" check("status" in ('requested', 'unknown', 'pending', 'processing', 'successful', 'failed', 'refunded'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" drop constraint if exists "vorexy_charge_flag_check";`
    )

    this.addSql(
      `alter table if exists "vorexy_webhook_event" drop constraint if exists "vorexy_webhook_event_outcome_check";`
    )

    this.addSql(
      `alter table if exists "vorexy_withdrawal" drop constraint if exists "vorexy_withdrawal_status_check";`
    )

    this.addSql(
      `alter table if exists "vorexy_charge" drop column if exists "refunded_amount_cents", drop column if exists "sync_failures", drop column if exists "next_sync_at", drop column if exists "offer_closed_at", drop column if exists "offer_closed_reason";`
    )

    this.addSql(
      `alter table if exists "vorexy_charge" add constraint "vorexy_charge_flag_check" check("flag" in ('amount_mismatch', 'late_payment'));`
    )

    this.addSql(
      `alter table if exists "vorexy_webhook_event" drop column if exists "next_attempt_at", drop column if exists "body_dropped_at";`
    )

    this.addSql(
      `alter table if exists "vorexy_webhook_event" add constraint "vorexy_webhook_event_outcome_check" check("outcome" in ('received', 'processed', 'orphan', 'ignored', 'failed'));`
    )

    this.addSql(
      `alter table if exists "vorexy_withdrawal" drop column if exists "request_hash", drop column if exists "sync_failures", drop column if exists "next_sync_at";`
    )

    this.addSql(
      `alter table if exists "vorexy_withdrawal" add constraint "vorexy_withdrawal_status_check" check("status" in ('requested', 'pending', 'processing', 'successful', 'failed', 'refunded'));`
    )
  }
}
