/**
 * Card details in a storefront's payment-session data: the names they come under (English and
 * Portuguese, any spelling), and anything that reads as a card number (15 to 19 digits passing
 * Luhn, after width-folding: a CPF, a CNPJ or a phone number is shorter), whether a whole value
 * (its digits however separated), a number, a key, digits split over an array, or written inside
 * longer text the way card numbers are written (one block, or groups of four). Checked before Medusa stores the data: the only card data accepted is a token
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

/**
 * How people write a card number inside text: one block of 15 to 19 digits, or groups of four (the
 * last group shorter), or American Express's 4-6-5. Digits grouped any other way are sizes, codes,
 * dates, phones or barcodes ("Grade 34 35 36 ... 44", "6 7 8 ... 15 mm", a boleto's line).
 */
const CARD_GROUPINGS = new Set([
  "4,4,4,4",
  "4,4,4,3",
  "4,4,4,4,1",
  "4,4,4,4,2",
  "4,4,4,4,3",
  "4,6,5",
  "4,6,4",
])
const SEPARATORS = new Set([" ", "\t", "\n", "\r", ".", "/", "_", "-", "\u00a0"])
/** At most this many separator characters between two groups of one number ("4111 - 1111"). */
const MAX_GAP = 3

/** Runs of digit groups in the text, in one linear pass (no pattern that could backtrack). */
function digitRuns(text: string): string[][] {
  const runs: string[][] = []
  let groups: string[] = []
  let digits = ""
  let gap = 0
  const endGroup = () => {
    if (digits) groups.push(digits)
    digits = ""
  }
  const endRun = () => {
    endGroup()
    if (groups.length) runs.push(groups)
    groups = []
  }
  for (const char of text) {
    if (char >= "0" && char <= "9") {
      if (gap > MAX_GAP) endRun()
      else if (gap > 0) endGroup()
      digits += char
      gap = 0
    } else if (SEPARATORS.has(char) && (digits || groups.length)) {
      gap++
    } else {
      endRun()
      gap = 0
    }
  }
  endRun()
  return runs
}

/**
 * A run of groups holds a card number written the way card numbers are written: a block, groups
 * of four (4-6-5), or one digit at a time ("4 1 1 1 …", 15 to 19 of them).
 */
function runHoldsCard(groups: string[]): boolean {
  for (let i = 0; i < groups.length; i++) {
    if (isCardNumber(groups[i])) return true
    for (let j = i + 1; j < Math.min(groups.length, i + 5); j++) {
      const part = groups.slice(i, j + 1)
      if (CARD_GROUPINGS.has(part.map((g) => g.length).join(",")) && isCardNumber(part.join("")))
        return true
    }
    for (let length = 15; length <= 19 && i + length <= groups.length; length++) {
      const singles = groups.slice(i, i + length)
      if (singles.every((g) => g.length === 1) && isCardNumber(singles.join(""))) return true
    }
  }
  return false
}

/**
 * True when the text is a card number (its digits alone, however separated), or, unless `whole`,
 * holds one written as card numbers are written.
 */
function holdsCardNumber(text: string, whole = false): boolean {
  const folded = fold(text)
  if (isCardNumber(folded.replace(/[\s./_-]/g, ""))) return true
  if (whole) return false
  return digitRuns(folded).some(runHoldsCard)
}

/** Longer than a card number written whole, however separated: such a value is not read. */
const MAX_WHOLE_CARD = 200

/**
 * The text is a card number and nothing else: its digits however separated (spaces, dashes,
 * brackets, commas, invisible characters) and padded. Bounded, linear.
 */
function isWholeCardNumber(text: string): boolean {
  if (text.length > MAX_WHOLE_CARD) return false
  const digits = fold(text).replace(/[^\p{L}\p{N}]/gu, "")
  return /^\d+$/.test(digits) && isCardNumber(digits)
}

/**
 * Card details in an address the store attaches to a session (the cart's billing or shipping
 * address, `path` naming which): a key naming a card field, or a value that is wholly a card
 * number. Digits inside a longer value are not read: an address line is the shopper's free text
 * ("Grade 34 35 36 … 44", "Bloco 4, apto 1111"), and a card typed into the wrong box is a whole value.
 */
export function cardFieldsInAddress(address: unknown, path: string, depth = 0): string[] {
  if (address === null || typeof address !== "object" || depth > MAX_DEPTH) return []
  const found: string[] = []
  for (const [key, value] of Object.entries(address as Record<string, unknown>)) {
    const here = `${path}.${key}`
    if (value === null || value === undefined || value === "") continue
    if (namesCardField(key, false)) found.push(here)
    else if (typeof value === "object") found.push(...cardFieldsInAddress(value, here, depth + 1))
    else if (isWholeCardNumber(scalarText(value) ?? "")) found.push(here)
  }
  return found
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
    // Digits split over an array: all of them one number, or its elements groups of one.
    const parts = data.map((v) => fold(scalarText(v)!).replace(/[\s./_-]/g, ""))
    if (
      holdsCardNumber(parts.join("")) ||
      (parts.every((p) => /^\d+$/.test(p)) && runHoldsCard(parts))
    )
      return [path || "data"]
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
