/**
 * What a card payment in N installments costs the shopper, under the store's options: the order's
 * amount up to `interestFreeInstallments`, and above it the amount with interest. The gateway is
 * charged the total; Medusa's order keeps the cart's total (the interest is the financing of the
 * payment, not a price of the goods), and the payment's data says what was charged and why.
 *
 * Pure and exact: every number is whole cents, the total is always N times the installment (what
 * the shopper reads: "6× de R$ 17,86 = R$ 107,16"), and never less than the order.
 */
import { maxInstallmentsFor, type VorexyOptions } from "./options"

export type InstallmentOptions = Pick<
  VorexyOptions,
  | "maxInstallments"
  | "minInstallmentCents"
  | "interestFreeInstallments"
  | "installmentInterestPercent"
  | "installmentInterestTable"
>

export type InstallmentTerms = {
  installments: number
  /** Each installment; for an interest-free split, the order divided and rounded (shown only). */
  installment_cents: number
  /** What the gateway charges. */
  total_cents: number
  /** total_cents less the order's amount: 0 when free. */
  interest_cents: number
}

/** Whether an installment count bears interest under these options. */
export function bearsInterest(installments: number, options: InstallmentOptions) {
  const free = options.interestFreeInstallments ?? options.maxInstallments
  return (
    installments > free &&
    (options.installmentInterestPercent !== undefined ||
      options.installmentInterestTable !== undefined)
  )
}

/** The terms of one split of `orderCents` (the count is checked by the caller). */
export function installmentTerms(
  orderCents: number,
  installments: number,
  options: InstallmentOptions
): InstallmentTerms {
  if (!bearsInterest(installments, options)) {
    return {
      installments,
      installment_cents: Math.round(orderCents / installments),
      total_cents: orderCents,
      interest_cents: 0,
    }
  }
  const rate = options.installmentInterestPercent
  const surcharge = options.installmentInterestTable?.[String(installments)] ?? 0
  // The Price table (a fixed installment that pays the amount and the monthly interest), or the
  // table's total surcharge split evenly.
  const each =
    rate !== undefined
      ? (orderCents * (rate / 100)) / (1 - Math.pow(1 + rate / 100, -installments))
      : (orderCents * (1 + surcharge / 100)) / installments
  // Up to the cent above (never a total below what the options say); the rounding to 1e-6 first
  // keeps float noise (x.0000000001) from adding a cent.
  const installment_cents = Math.ceil(Math.round(each * 1e6) / 1e6)
  const total_cents = installment_cents * installments
  return { installments, installment_cents, total_cents, interest_cents: total_cents - orderCents }
}

/** Every split an order of this amount may use, 1 to the most it allows. */
export function installmentPlan(orderCents: number, options: InstallmentOptions) {
  return Array.from({ length: maxInstallmentsFor(orderCents, options) }, (_, i) =>
    installmentTerms(orderCents, i + 1, options)
  )
}
