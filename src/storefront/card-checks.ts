/** The card form's own checks (before the tokeniser sees the card) and its installments. */
import { textsFor } from "./texts.js"
import type { VorexyCardConfig, VorexyCardInput, VorexyLocale } from "./types.js"

const digits = (value: string) => value.replace(/\D/g, "")

/** The Luhn checksum every card number carries; 13 to 19 digits. */
export function luhnValid(number: string): boolean {
  const d = digits(number)
  if (d.length < 13 || d.length > 19) return false
  let sum = 0
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i])
    if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2
    sum += n
  }
  return sum % 10 === 0
}

/** 4111 1111 1111 1111 while typing (at most 19 digits). */
export const formatCardNumber = (value: string) =>
  digits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ")

/** What is wrong with each field; a card is valid through the last day of its expiry month. */
export function cardProblems(
  card: VorexyCardInput,
  locale?: VorexyLocale,
  now: Date = new Date()
): Partial<Record<keyof VorexyCardInput, string>> {
  const t = textsFor(locale).card
  const problems: Partial<Record<keyof VorexyCardInput, string>> = {}
  if (!luhnValid(card.number)) problems.number = t.numberInvalid
  if (card.holderName.trim().length < 2) problems.holderName = t.holderRequired
  const month = /^\d{1,2}$/.test(card.expMonth.trim()) ? Number(card.expMonth) : NaN
  const yearText = card.expYear.trim()
  const year = /^\d{2}$/.test(yearText)
    ? 2000 + Number(yearText)
    : /^\d{4}$/.test(yearText)
      ? Number(yearText)
      : NaN
  if (!(month >= 1 && month <= 12)) problems.expMonth = t.monthInvalid
  if (!(year >= 2000)) problems.expYear = t.yearInvalid
  else if (!problems.expMonth && year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1)
    problems.expYear = t.expired
  if (!/^\d{3,4}$/.test(card.cvv.trim())) problems.cvv = t.cvvInvalid
  return problems
}

/**
 * How many installments this amount may use: the store's answer for the amount when it gave one,
 * else the maximum within the minimum installment.
 */
export function installmentLimit(config: VorexyCardConfig, amountCents: number): number {
  if (config.installments_for_amount) return Math.max(1, config.installments_for_amount)
  const byMinimum = config.min_installment_cents
    ? Math.floor(amountCents / config.min_installment_cents)
    : config.max_installments
  return Math.max(1, Math.min(config.max_installments, byMinimum))
}

export type InstallmentOption = {
  count: number
  eachCents: number
  /** What the card is charged in all: the amount, or more with interest. */
  totalCents: number
  interestCents: number
}

/**
 * Each choice as the store charges it: its plan for this amount when it sent one. Without a plan
 * (a config asked without the amount, or for another), only the interest-free choices: a price
 * the store did not state is never shown.
 */
export function installmentOptions(
  config: VorexyCardConfig,
  amountCents: number
): InstallmentOption[] {
  const plan = config.installment_plan
  // The single payment is always the amount itself: a plan for another amount does not start so.
  if (Array.isArray(plan) && plan.length && plan[0].total_cents === amountCents) {
    return plan.map((terms) => ({
      count: terms.installments,
      eachCents: terms.installment_cents,
      totalCents: terms.total_cents,
      interestCents: terms.interest_cents,
    }))
  }
  const free = config.interest_free_installments ?? config.max_installments
  return Array.from(
    { length: Math.max(1, Math.min(free, installmentLimit(config, amountCents))) },
    (_, i) => ({
      count: i + 1,
      eachCents: Math.round(amountCents / (i + 1)),
      totalCents: amountCents,
      interestCents: 0,
    })
  )
}

/**
 * Free text (a name, a neighbourhood) holding what may be a card number: 13 digits or more in all.
 * No name or neighbourhood has that many; a card typed in the wrong field must never be sent.
 */
export function holdsCardDigits(text: string): boolean {
  let digits = 0
  for (const char of text) if (char >= "0" && char <= "9" && ++digits >= 13) return true
  return false
}
