import { cardBrand, cardDigits, cardOutcome, luhnValid, TEST_CARDS } from "../card"
import { CARD_TOKEN_TTL_MS, CardTokenVault } from "../state/card-tokens"
import { ApiError, Company } from "../state/types"

const company = (companyId: number) =>
  ({ companyId, publicKey: `pk_sandbox_${companyId}` }) as Company

const CARD = {
  publicKey: "pk_sandbox_1001",
  number: "4111 1111 1111 1111",
  holderName: "ANA SOUZA",
  expMonth: 12,
  expYear: 2030,
  cvv: "123",
}

/** The ApiError a tokenisation fails with. */
const refusal = (vault: CardTokenVault, patch: object): ApiError => {
  try {
    vault.issue({ ...CARD, ...patch })
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error("expected the tokenisation to fail")
}

describe("card numbers", () => {
  it("checks Luhn on every test card and refuses a wrong last digit", () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number)).toBe(true)
    expect(luhnValid("79927398713")).toBe(false) // 11 digits: too short for a card
    expect(luhnValid("4111111111111112")).toBe(false)
    expect(luhnValid("5555555555554444")).toBe(true)
    expect(luhnValid("4111-1111-1111-1111")).toBe(false)
    expect(luhnValid(cardDigits("4111-1111 1111-1111"))).toBe(true)
  })

  it("names the brand by issuer prefix and the outcome by test card", () => {
    expect(cardBrand("4111111111111111")).toBe("visa")
    expect(cardBrand("5555555555554444")).toBe("mastercard")
    expect(cardBrand("2223000048400011")).toBe("mastercard")
    expect(cardBrand("378282246310005")).toBe("amex")
    expect(cardBrand("6362970000457013")).toBe("elo")
    expect(cardBrand("6062825624254001")).toBe("hipercard")
    expect(cardOutcome("4000000000000002")).toBe("refused")
    expect(cardOutcome("4000000000000119")).toBe("refusedExpired")
    expect(cardOutcome("4000000000009995")).toBe("analysis")
    expect(cardOutcome("5555555555554444")).toBe("approved")
  })
})

describe("card tokens", () => {
  let now = Date.parse("2026-03-10T12:00:00Z")
  const vault = new CardTokenVault(() => [company(1001), company(2002)])
  beforeEach(() => {
    vault.reset()
    now = Date.parse("2026-03-10T12:00:00Z")
    vault.clock = () => now
  })

  it("issues a token that keeps only brand, last digits and outcome", () => {
    const token = vault.issue({ ...CARD, number: "4000000000000002", expYear: "30" })
    expect(token).toEqual({
      token: expect.stringMatching(/^tok_[0-9a-f]{32}$/),
      companyId: 1001,
      brand: "visa",
      lastDigits: "0002",
      outcome: "refused",
      expiresAt: now + CARD_TOKEN_TTL_MS,
      used: false,
    })
    expect(JSON.stringify(token)).not.toContain("4000000000000002")
  })

  it("is usable once, by its company, for 15 minutes", () => {
    const token = vault.issue(CARD)
    expect(vault.usable(token.token, 2002)).toBeNull()
    expect(vault.usable(token.token, 1001)).toBe(token)
    now += CARD_TOKEN_TTL_MS - 1
    expect(vault.usable(token.token, 1001)).toBe(token)
    vault.consume(token)
    expect(vault.usable(token.token, 1001)).toBeNull()

    const late = vault.issue(CARD)
    now += CARD_TOKEN_TTL_MS
    expect(vault.usable(late.token, 1001)).toBeNull()
    const expired = vault.issue(CARD)
    expect(vault.expireAll()).toBe(3)
    expect(vault.usable(expired.token, 1001)).toBeNull()
    expect(vault.usable("tok_unknown", 1001)).toBeNull()
    expect(vault.usable(undefined, 1001)).toBeNull()
  })

  it("refuses bad cards with a message naming the field, never the number", () => {
    const cases: [object, string, RegExp][] = [
      [{ publicKey: "pk_nope" }, "publicKey", /not a known public key/],
      [{ number: "4111111111111112" }, "number", /Luhn/],
      [{ expMonth: 2, expYear: 2026 }, "expYear", /expired/],
      [{ expMonth: 13 }, "expMonth", /1 to 12/],
      [{ cvv: "12" }, "cvv", /3 or 4 digits/],
      [{ cvv: "12345" }, "cvv", /3 or 4 digits/],
      [{ holderName: " " }, "holderName", /required/],
    ]
    for (const [patch, field, message] of cases) {
      const error = refusal(vault, patch)
      expect(error.status).toBe(400)
      expect(error.fieldErrors?.[field]?.join()).toMatch(message)
      expect(error.message).not.toContain("411111111111111")
    }
    // A card is valid through the last day of its expiry month.
    expect(vault.issue({ ...CARD, expMonth: "03", expYear: "2026" }).lastDigits).toBe("1111")
  })
})
