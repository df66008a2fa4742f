/**
 * "Gerar novo PIX" and a boleto's "2ª via": a new charge for the same order after its PIX or
 * boleto lapsed unpaid, within `renewalHours` of the charge closing (its expiry and grace), at
 * most `maxRenewals` times per order. Meanwhile the order stays open (its stock reserved); the
 * order is cancelled only when the window ends without a new charge. Pure: the store route, the
 * status route, the sync and the e-mails all ask the same rule.
 */
import { closesAt, GraceOptions } from "./watch-schedule"

export type RenewalOptions = GraceOptions & { renewalHours: number; maxRenewals: number }

export type RenewableCharge = {
  method: string
  status: string
  expires_at: Date | string | null
  offer_closed_at?: Date | string | null
  flag?: string | null
}

export type RenewalRefusal =
  "off" | "method" | "paid" | "flagged" | "closed" | "still_payable" | "window_over" | "limit"

export type RenewalCheck =
  | { ok: true; until: Date; renewal: number }
  | { ok: false; reason: RenewalRefusal; message: string }

/** When a charge's window for a new one ends (null: it gets none: off, or not a PIX or boleto). */
export function renewalWindowEnd(charge: RenewableCharge, options: RenewalOptions): Date | null {
  if (!options.renewalHours || (charge.method !== "pix" && charge.method !== "boleto")) return null
  const closes = closesAt(charge, options)
  return closes ? new Date(closes.getTime() + options.renewalHours * 3_600_000) : null
}

const what = (charge: RenewableCharge) => (charge.method === "boleto" ? "boleto" : "PIX")

/**
 * Whether the order whose newest charge is `charge` may get a new one now, `used` renewals in.
 * Its order's own state (cancelled, captured) is the caller's to check.
 */
export function renewalCheck(
  charge: RenewableCharge,
  used: number,
  options: RenewalOptions,
  now = new Date()
): RenewalCheck {
  const refuse = (reason: RenewalRefusal, message: string): RenewalCheck => ({
    ok: false,
    reason,
    message,
  })
  const kind = what(charge)
  if (!options.renewalHours)
    return refuse("off", "This store does not issue a new charge for an order.")
  if (charge.method !== "pix" && charge.method !== "boleto")
    return refuse("method", "Only a PIX or a boleto can be issued again.")
  if (charge.status === "paid" || charge.status === "refunded" || charge.status === "disputed")
    return refuse("paid", `This order's ${kind} was paid: there is nothing more to pay.`)
  if (charge.flag)
    return refuse(
      "flagged",
      `This order's ${kind} needs the store's attention (a payment may have arrived): please contact the store.`
    )
  if (charge.offer_closed_at)
    return refuse("closed", `This order's ${kind} is no longer offered: please contact the store.`)
  // A PIX from its expiry (the shopper's countdown ended; the route reads it first). A boleto only
  // once its grace is over: one paid at a bank on its due date settles business days later.
  const lapses =
    charge.method === "boleto"
      ? closesAt(charge, options)
      : charge.expires_at && new Date(charge.expires_at)
  if (charge.status === "pending" && (!lapses || now.getTime() < lapses.getTime()))
    return refuse("still_payable", `This order's ${kind} can still be paid.`)
  const until = renewalWindowEnd(charge, options)
  if (!until || now.getTime() > until.getTime())
    return refuse(
      "window_over",
      `The time to issue a new ${kind} for this order has ended: please place a new order.`
    )
  if (used >= options.maxRenewals)
    return refuse(
      "limit",
      `This order already had ${used} new ${kind === "PIX" ? "PIX codes" : "boletos"}, the most this store issues: please place a new order.`
    )
  return { ok: true, until, renewal: used + 1 }
}

/**
 * What the storefront is told: until when a new charge may be asked for once this one lapses, and
 * how many are left (null: none can be). Told while the charge is still payable too, so a page
 * whose countdown reached zero offers it at once. `used`: the renewals its order already had.
 */
export function renewalOffer(
  charge: RenewableCharge,
  used: number,
  options: RenewalOptions,
  now = new Date()
): { until: string; left: number } | null {
  const check = renewalCheck(charge, used, options, now)
  const until = check.ok
    ? check.until
    : check.reason === "still_payable"
      ? renewalWindowEnd(charge, options)
      : null
  if (!until || used >= options.maxRenewals) return null
  return { until: until.toISOString(), left: options.maxRenewals - used }
}

/** New charges a charge's order already had: its session's PIX and boleto rows past the first. */
export function renewalsUsed(
  charge: { payment_session_id: string },
  rows: Array<{ payment_session_id: string; method: string }>
) {
  const same = rows.filter(
    (row) =>
      row.payment_session_id === charge.payment_session_id &&
      (row.method === "pix" || row.method === "boleto")
  )
  return Math.max(0, same.length - 1)
}

/**
 * Renewals a session's order had, from its data: one asked for whose create never answered is not
 * counted (asking again makes that same charge, under its number).
 */
export function renewalsDone(data: Record<string, unknown> | null | undefined) {
  const asked = Number(data?.renewals ?? 0)
  if (!Number.isInteger(asked) || asked <= 0) return 0
  return data?.transaction_id ? asked : asked - 1
}
