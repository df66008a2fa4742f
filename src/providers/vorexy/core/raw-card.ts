/**
 * Card details in a storefront's payment-session data: the names they come under, and any string
 * that is a card number (15 to 19 digits, with spaces or dashes, passing Luhn: a CPF, a CNPJ or a
 * phone number is shorter). Checked before Medusa stores the data: the only card data accepted is a
 * token made in the browser.
 */
const CARD_KEY =
  /^(card_?number|cardnumber|pan|cvv|cvc|cvv2|security_?code|exp(iry|iration)?(_?(month|year|date))?|exp_?(month|year)|holder_?name)$/i

const MAX_DEPTH = 8

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let digit = Number(digits[i])
    if (double) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

const looksLikeCardNumber = (value: string) => {
  if (!/^[\d\s-]{15,25}$/.test(value.trim())) return false
  const digits = value.replace(/\D/g, "")
  return digits.length >= 15 && digits.length <= 19 && luhn(digits)
}

/** The paths of card fields found (never their values), e.g. ["card.number", "cvv"]. */
export function cardFieldsIn(data: unknown, path = "", depth = 0): string[] {
  if (depth > MAX_DEPTH || data === null || typeof data !== "object") {
    return typeof data === "string" && looksLikeCardNumber(data) ? [path || "data"] : []
  }
  const found: string[] = []
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const here = path ? `${path}.${key}` : key
    if (CARD_KEY.test(key) && value !== null && value !== undefined && value !== "")
      found.push(here)
    else found.push(...cardFieldsIn(value, here, depth + 1))
  }
  return found
}
