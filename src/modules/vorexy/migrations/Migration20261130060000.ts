import { Migration } from "@medusajs/framework/mikro-orm/migrations"

const FLAGS = [
  "amount_mismatch",
  "late_payment",
  "refund_before_capture",
  "sync_failing",
  "disputed",
  "unknown_at_gateway",
  "paid_without_order",
]
const checkOf = (flags: string[]) =>
  `alter table if exists "vorexy_charge" add constraint "vorexy_charge_flag_check" check("flag" in (${flags.map((f) => `'${f}'`).join(", ")}));`
const dropCheck = `alter table if exists "vorexy_charge" drop constraint if exists "vorexy_charge_flag_check";`

/** The refund_mismatch flag: Medusa records more refunded than the gateway gave back. */
export class Migration20261130060000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(dropCheck)
    this.addSql(checkOf([...FLAGS, "refund_mismatch"]))
  }

  override async down(): Promise<void> {
    this.addSql(dropCheck)
    this.addSql(`update "vorexy_charge" set "flag" = null where "flag" = 'refund_mismatch';`)
    this.addSql(checkOf(FLAGS))
  }
}
