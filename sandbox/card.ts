/**
 * Card numbers as the sandbox's tokeniser sees them: the Luhn check, the brand, and the outcome a
 * test card stands for. Only the brand, the last 4 digits and the outcome outlive a tokenisation.
 *
 * Test cards (any holder, any future expiry, any 3–4 digit CVV):
 *   4111 1111 1111 1111 (and any other Luhn-valid number)  approved: Paid at once
 *   4000 0000 0000 0002  refused, reason a string ("Transação negada pelo emissor: saldo insuficiente")
 *   4000 0000 0000 0119  refused, reason an object ({ description: "Cartão expirado" })
 *   4000 0000 0000 9995  in analysis (IN_ANALISYS) until a control endpoint pays, fails or cancels it
 */

export type CardOutcome = "approved" | "refused" | "refusedExpired" | "analysis"

export const TEST_CARDS: Record<string, CardOutcome> = {
  "4111111111111111": "approved",
  "4000000000000002": "refused",
  "4000000000000119": "refusedExpired",
  "4000000000009995": "analysis",
}

/** The refusal reason of each refusing outcome, in the two forms the template uses. */
export const REFUSED_REASONS = {
  refused: "Transação negada pelo emissor: saldo insuficiente",
  refusedExpired: { description: "Cartão expirado" },
} as const

export type RefusedReason = string | { description: string }

/** Digits only: card forms put spaces or dashes between the groups. */
export const cardDigits = (number: string) => number.replace(/[\s-]/g, "")

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false
  let sum = 0
  for (let i = number.length - 1, double = false; i >= 0; i--, double = !double) {
    let digit = Number(number[i])
    if (double) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

/** Brand by issuer prefix; Elo and Hipercard first, as some of their ranges start like Visa's. */
const BRANDS: [string, RegExp][] = [
  ["elo", /^(40117[89]|431274|438935|451416|457393|45763[12]|504175|5067|509|6277|636368|636297)/],
  ["elo", /^(650|6516|6550)/],
  ["hipercard", /^(606282|3841)/],
  ["amex", /^3[47]/],
  ["diners", /^(30[0-5]|36|38)/],
  ["discover", /^(6011|65)/],
  ["mastercard", /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/],
  ["visa", /^4/],
]

export function cardBrand(number: string): string {
  return BRANDS.find(([, prefix]) => prefix.test(number))?.[0] ?? "unknown"
}

export function cardOutcome(number: string): CardOutcome {
  return TEST_CARDS[number] ?? "approved"
}
