/**
 * Card details in a storefront's payment-session data: the names they come under (English and
 * Portuguese, any spelling), and anything that reads as a card number (15 to 19 digits passing
 * Luhn, after width-folding and dropping spaces, dots, dashes and slashes: a CPF, a CNPJ or a phone
 * number is shorter), whether a string, a number, a key, digits split over an array, or a run
 * inside longer text. Checked before Medusa stores the data: the only card data accepted is a token
 * made in the browser. Data nested deeper than a form would send is refused as well.
 */
const CARD_NAMES = [
  "cardnumber",
  "numerocartao",
  "numerodocartao",
  "cvv",
  "cvc",
  "securitycode",
  "codigoseguranca",
  "codigodeseguranca",
  "expiry",
  "expiration",
  "expmonth",
  "expyear",
  "validade",
  "holdername",
  "nomeimpresso",
]
const CARD_KEYS = new Set(["pan", "exp", "cvv2", "cvc2", "number"])

export const MAX_DEPTH = 8
/** What a refusal names when the data is nested too deeply to be read through. */
export const TOO_DEEP = "data nested too deeply"

const fold = (value: string) => value.normalize("NFKC")
const squash = (key: string) =>
  fold(key)
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z0-9]/g, "")

/** A key that names a card field. `number` only inside a `card` object (a street has one too). */
function namesCardField(key: string, inCard: boolean) {
  const name = squash(key)
  if (CARD_KEYS.has(name)) return name !== "number" || inCard
  return CARD_NAMES.some((card) => name.includes(card))
}

function luhn(digits: string): boolean {
  let sum = 0
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let digit = Number(digits[i])
    if (double) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

const isCardNumber = (digits: string) => digits.length >= 15 && digits.length <= 19 && luhn(digits)

/** True when the text is, or (unless `whole`) holds, a card number. */
function holdsCardNumber(text: string, whole = false): boolean {
  const folded = fold(text)
  if (isCardNumber(folded.replace(/[\s./_-]/g, ""))) return true
  if (whole) return false
  for (const run of folded.match(/\d(?:[\s./_-]?\d){14,}/g) ?? []) {
    const digits = run.replace(/\D/g, "")
    for (let length = 15; length <= 19; length++) {
      for (let start = 0; start + length <= digits.length; start++) {
        if (isCardNumber(digits.slice(start, start + length))) return true
      }
    }
  }
  return false
}

const scalarText = (value: unknown) =>
  typeof value === "string" ? value : typeof value === "number" ? String(value) : null

/** The paths of card fields found (never their values), e.g. ["card.number", "cvv"]. */
export function cardFieldsIn(data: unknown, path = "", depth = 0, inCard = false): string[] {
  const text = scalarText(data)
  // A token is random text that may hold a digit run by chance: only a whole card number counts.
  const token = /token$/.test(squash(path.split(".").pop() ?? ""))
  if (text !== null) return holdsCardNumber(text, token) ? [path || "data"] : []
  if (data === null || typeof data !== "object") return []
  if (depth > MAX_DEPTH) return [TOO_DEEP]
  if (Array.isArray(data) && data.every((v) => scalarText(v) !== null) && data.length > 1) {
    if (holdsCardNumber(data.map(scalarText).join(""))) return [path || "data"]
  }
  const found: string[] = []
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const here = path ? `${path}.${key}` : key
    if (holdsCardNumber(key)) found.push(path ? `${path} (a key)` : "a key")
    else if (namesCardField(key, inCard) && value !== null && value !== undefined && value !== "")
      found.push(here)
    else found.push(...cardFieldsIn(value, here, depth + 1, /card|cartao/.test(squash(key))))
  }
  return [...new Set(found)]
}
