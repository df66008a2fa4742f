import { Migration } from "@medusajs/framework/mikro-orm/migrations"

const FLAGS = [
  "amount_mismatch",
  "late_payment",
  "refund_before_capture",
  "sync_failing",
  "disputed",
  "unknown_at_gateway",
]
const checkOf = (flags: string[]) =>
  `alter table if exists "vorexy_charge" add constraint "vorexy_charge_flag_check" check("flag" in (${flags.map((f) => `'${f}'`).join(", ")}));`
const dropCheck = `alter table if exists "vorexy_charge" drop constraint if exists "vorexy_charge_flag_check";`

/** When Medusa captured the charge (captured_at), and the paid_without_order flag. */
export class Migration20261126010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "vorexy_charge" add column if not exists "captured_at" timestamptz null;`
    )
    this.addSql(dropCheck)
    this.addSql(checkOf([...FLAGS, "paid_without_order"]))
  }

  override async down(): Promise<void> {
    this.addSql(dropCheck)
    this.addSql(`update "vorexy_charge" set "flag" = null where "flag" = 'paid_without_order';`)
    this.addSql(checkOf(FLAGS))
    this.addSql(`alter table if exists "vorexy_charge" drop column if exists "captured_at";`)
  }
}
