/**
 * Exact money conversion between major units (reais, as Medusa stores them and as the gateway returns
 * `value`/`accBalance`) and integer cents (what the gateway takes in requests).
 *
 * Everything goes through decimal strings and BigInt: no float multiplication, so 19.99 is 1999 and
 * 0.1 + 0.2 is 30, never 30.000000000000004 or 29.
 *
 * This module knows nothing of Medusa, but it accepts Medusa's BigNumber and its raw form
 * `{ value: "12.5", precision: 20 }` structurally.
 */

/** Anything that carries a decimal amount in major units. */
export type MajorAmountInput =
  | number
  | string
  | bigint
  | { raw?: { value?: unknown } | null; value?: unknown; numeric?: unknown; toFixed?: () => string }

export class MoneyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "MoneyError"
  }
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

type Decimal = { negative: boolean; digits: bigint; scale: number }

/** Parses a decimal string (optionally in exponent notation) into an exact integer and a scale. */
function parseDecimal(text: string): Decimal {
  const match = DECIMAL.exec(text.trim())
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) {
    throw new MoneyError(`Not a decimal amount: "${text}"`)
  }
  const [, sign, intPart, fracPart = "", exp = "0"] = match
  let digits = BigInt((intPart || "0") + fracPart)
  let scale = fracPart.length - Number(exp)
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { negative: sign === "-" && digits !== 0n, digits, scale }
}

function toDecimalString(input: MajorAmountInput): string {
  if (typeof input === "number") {
    if (!Number.isFinite(input)) throw new MoneyError(`Not a finite amount: ${input}`)
    // String() of a double is the shortest decimal that round-trips, so 19.99 stays "19.99".
    return String(input)
  }
  if (typeof input === "bigint") return input.toString()
  if (typeof input === "string") return input
  if (input && typeof input === "object") {
    const raw = input.raw?.value
    if (typeof raw === "string" || typeof raw === "number") return String(raw)
    if (typeof input.value === "string" || typeof input.value === "number")
      return String(input.value)
    if (typeof input.toFixed === "function") return input.toFixed()
    if (typeof input.numeric === "number") return String(input.numeric)
  }
  throw new MoneyError(`Unsupported amount: ${JSON.stringify(input)}`)
}

/** Rounds a decimal to `scale` digits, half away from zero. */
function rescale({ digits, scale }: Decimal, target: number): bigint {
  if (scale <= target) return digits * 10n ** BigInt(target - scale)
  const divisor = 10n ** BigInt(scale - target)
  const quotient = digits / divisor
  const remainder = digits % divisor
  return remainder * 2n >= divisor ? quotient + 1n : quotient
}

function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new MoneyError(`${what} is too large to be represented exactly: ${value}`)
  }
  return Number(value)
}

export type ToCentsOptions = {
  /** Refuse amounts with more than two decimals instead of rounding them half-up. */
  strict?: boolean
}

/**
 * Major units (reais) -> integer cents. "19.99" -> 1999, 0.1 + 0.2 -> 30, "1e3" -> 100000.
 * More than two decimals are rounded half away from zero unless `strict` is set.
 */
export function toCents(amount: MajorAmountInput, options: ToCentsOptions = {}): number {
  const decimal = parseDecimal(toDecimalString(amount))
  if (options.strict && decimal.scale > 2) {
    const exact = rescale(decimal, 2) * 10n ** BigInt(decimal.scale - 2) === decimal.digits
    if (!exact)
      throw new MoneyError(`Amount has more than two decimal places: ${toDecimalString(amount)}`)
  }
  const cents = rescale(decimal, 2)
  return toSafeNumber(decimal.negative ? -cents : cents, "Amount in cents")
}

/** Gateway reais decimals (`value`, `accBalance`) -> integer cents. Same rules as `toCents`. */
export const reaisToCents = toCents

/** Integer cents -> major units as an exact decimal string: 1999 -> "19.99", -5 -> "-0.05". */
export function centsToMajor(cents: number | bigint | string): string {
  const text = typeof cents === "string" ? cents.trim() : String(cents)
  if (!/^-?\d+$/.test(text)) throw new MoneyError(`Cents must be an integer, got ${text}`)
  const value = BigInt(text)
  const negative = value < 0n
  const abs = negative ? -value : value
  const whole = abs / 100n
  const frac = (abs % 100n).toString().padStart(2, "0")
  return `${negative ? "-" : ""}${whole}.${frac}`
}

/** Formats cents for people: 123456 -> "R$ 1.234,56". */
export function formatBRL(cents: number): string {
  const [whole, frac] = centsToMajor(Math.abs(cents)).split(".")
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".")
  return `${cents < 0 ? "-" : ""}R$ ${grouped},${frac}`
}
