import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261123090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" drop constraint if exists "vorexy_charge_flag_check";`
    )

    this.addSql(
      `alter table if exists "vorexy_charge" add column if not exists "not_found_reads" integer not null default 0, add column if not exists "not_found_since" timestamptz null, add column if not exists "not_found_last_at" timestamptz null, add column if not exists "gateway_unknown_at" timestamptz null;`
    )
    this.addSql(
      `alter table if exists "vorexy_charge" add constraint "vorexy_charge_flag_check" check("flag" in ('amount_mismatch', 'late_payment', 'refund_before_capture', 'sync_failing', 'disputed', 'unknown_at_gateway'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" drop constraint if exists "vorexy_charge_flag_check";`
    )
    this.addSql(`update "vorexy_charge" set "flag" = null where "flag" = 'unknown_at_gateway';`)

    this.addSql(
      `alter table if exists "vorexy_charge" drop column if exists "not_found_reads", drop column if exists "not_found_since", drop column if exists "not_found_last_at", drop column if exists "gateway_unknown_at";`
    )

    this.addSql(
      `alter table if exists "vorexy_charge" add constraint "vorexy_charge_flag_check" check("flag" in ('amount_mismatch', 'late_payment', 'refund_before_capture', 'sync_failing', 'disputed'));`
    )
  }
}
