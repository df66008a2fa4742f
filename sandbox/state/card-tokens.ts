/**
 * The card tokeniser behind `POST /api/v1/card-tokens` (what the gateway's browser script calls):
 * a raw card in, a single-use token out, valid 15 minutes, bound to the company whose public key
 * was used. The card number is read once and dropped: a token keeps its brand, last 4 digits and
 * the outcome it stands for (sandbox/card.ts), so no request, log or state dump can show it.
 */
import { randomBytes } from "node:crypto"
import { CardOutcome, cardBrand, cardDigits, cardOutcome, luhnValid } from "../card"
import { ApiError, Company } from "./types"
import { fieldErrors, isRecord } from "./validation"

export const CARD_TOKEN_TTL_MS = 15 * 60_000

export type CardToken = {
  token: string
  companyId: number
  brand: string
  lastDigits: string
  outcome: CardOutcome
  expiresAt: number
  used: boolean
}

/** An integer given as a number or as a string of digits (card forms send either). */
const intOf = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value)
    ? value
    : typeof value === "string" && /^\d{1,4}$/.test(value.trim())
      ? Number(value.trim())
      : null

type ParsedCard = { companyId: number; number: string }

/** Every field checked at once; messages never repeat the number. */
function parseCard(input: unknown, companies: Iterable<Company>, at: Date): ParsedCard {
  if (!isRecord(input)) throw new ApiError(400, "Request body must be a JSON object")
  const { fail, check } = fieldErrors()
  const company = [...companies].find((c) => c.publicKey === input.publicKey)
  if (!company) fail("publicKey", "publicKey is not a known public key")
  const number = typeof input.number === "string" ? cardDigits(input.number) : ""
  if (!luhnValid(number)) fail("number", "number is not a valid card number (Luhn check failed)")
  if (typeof input.holderName !== "string" || !input.holderName.trim()) {
    fail("holderName", "holderName is required")
  }
  const month = intOf(input.expMonth)
  const rawYear = intOf(input.expYear)
  const year = rawYear !== null && rawYear < 100 ? 2000 + rawYear : rawYear
  if (month === null || month < 1 || month > 12) fail("expMonth", "expMonth must be 1 to 12")
  else if (year === null || year < 2000) fail("expYear", "expYear must be a year (YY or YYYY)")
  // A card is valid through the last day of its expiry month.
  else if (year * 12 + month < at.getUTCFullYear() * 12 + at.getUTCMonth() + 1) {
    fail("expYear", "the card has expired (expMonth/expYear is in the past)")
  }
  const cvv = typeof input.cvv === "number" ? String(input.cvv) : input.cvv
  if (typeof cvv !== "string" || !/^\d{3,4}$/.test(cvv)) fail("cvv", "cvv must be 3 or 4 digits")
  check()
  return { companyId: (company as Company).companyId, number }
}

export class CardTokenVault {
  private tokens = new Map<string, CardToken>()
  /** The vault's clock, replaceable so tests need not wait 15 minutes. */
  clock: () => number = () => Date.now()

  constructor(private readonly companies: () => Iterable<Company>) {}

  reset() {
    this.tokens.clear()
    this.clock = () => Date.now()
  }

  /** The tokens issued (no card number: brand, last digits, outcome), for the state file. */
  saved(): CardToken[] {
    return [...this.tokens.values()]
  }

  restore(tokens: CardToken[]) {
    this.tokens = new Map(tokens.map((token) => [token.token, token]))
  }

  /** Tokenises a raw card (the tokeniser's body) for the company owning the public key. */
  issue(input: unknown): CardToken {
    const issuedAt = this.clock()
    const { companyId, number } = parseCard(input, this.companies(), new Date(issuedAt))
    const token: CardToken = {
      token: `tok_${randomBytes(16).toString("hex")}`,
      companyId,
      brand: cardBrand(number),
      lastDigits: number.slice(-4),
      outcome: cardOutcome(number),
      expiresAt: issuedAt + CARD_TOKEN_TTL_MS,
      used: false,
    }
    this.tokens.set(token.token, token)
    return token
  }

  /** The token a charge may use: issued for this company, unused, not expired; else null. */
  usable(hash: unknown, companyId: number): CardToken | null {
    const token = typeof hash === "string" ? this.tokens.get(hash) : undefined
    if (!token || token.used || token.companyId !== companyId) return null
    return this.clock() < token.expiresAt ? token : null
  }

  /** Single use: a charge that took the token spends it. */
  consume(token: CardToken) {
    token.used = true
  }

  /** Expires every token issued so far (POST /__sandbox/card-tokens/expire). */
  expireAll() {
    const at = this.clock()
    for (const token of this.tokens.values()) token.expiresAt = Math.min(token.expiresAt, at)
    return this.tokens.size
  }
}
