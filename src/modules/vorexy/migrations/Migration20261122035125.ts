import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261122035125 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" drop constraint if exists "vorexy_charge_status_check";`
    )
    this.addSql(
      `alter table if exists "vorexy_charge" drop constraint if exists "vorexy_charge_flag_check";`
    )

    this.addSql(
      `alter table if exists "vorexy_charge" add column if not exists "details" jsonb null;`
    )
    this.addSql(
      `alter table if exists "vorexy_charge" add constraint "vorexy_charge_status_check" check("status" in ('pending', 'paid', 'cancelled', 'failed', 'refunded', 'disputed'));`
    )
    this.addSql(
      `alter table if exists "vorexy_charge" add constraint "vorexy_charge_flag_check" check("flag" in ('amount_mismatch', 'late_payment', 'refund_before_capture', 'sync_failing', 'disputed'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" drop constraint if exists "vorexy_charge_status_check";`
    )
    this.addSql(
      `alter table if exists "vorexy_charge" drop constraint if exists "vorexy_charge_flag_check";`
    )

    this.addSql(`alter table if exists "vorexy_charge" drop column if exists "details";`)

    this.addSql(
      `alter table if exists "vorexy_charge" add constraint "vorexy_charge_status_check" check("status" in ('pending', 'paid', 'cancelled', 'failed', 'refunded'));`
    )
    this.addSql(
      `alter table if exists "vorexy_charge" add constraint "vorexy_charge_flag_check" check("flag" in ('amount_mismatch', 'late_payment', 'refund_before_capture', 'sync_failing'));`
    )
  }
}
