import {
  classifyDocument,
  isValidCnpj,
  isValidCpf,
  normaliseDocument,
  normalisePixKey,
  PIX_KEY_TYPES,
  pixKeyProblem,
  readPixKey,
} from "../documents"

/**
 * Alphanumeric CNPJs with real check digits. 12ABC34501DE35 is the Receita Federal's example: values
 * 1 2 17 18 19 3 4 5 0 1 20 21 (A = 65 - 48 = 17) times weights 5 4 3 2 9 8 7 6 5 4 3 2 sum to 459,
 * 459 % 11 = 8, first DV 11 - 8 = 3; with that 3 appended, weights 6 5 4 3 2 9 8 7 6 5 4 3 2 sum to
 * 424, 424 % 11 = 6, second DV 11 - 6 = 5. 12ABC345000188 is the same root's head office (0001).
 */
const ALPHA_CNPJ = "12ABC34501DE35"
const ALPHA_CNPJ_HEAD_OFFICE = "12ABC345000188"

describe("documents", () => {
  it("checks CPF check digits", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true)
    expect(isValidCpf("52998224725")).toBe(true)
    expect(isValidCpf("52998224724")).toBe(false)
    expect(isValidCpf("11111111111")).toBe(false)
    expect(isValidCpf("5299822472")).toBe(false)
  })

  it("refuses a CPF with a stray character instead of stripping it", () => {
    // Stripping the "a" used to leave 52998224725, a valid CPF that is not what was typed.
    expect(isValidCpf("5299822472a5")).toBe(false)
    expect(isValidCpf("529.982.247-2S")).toBe(false)
  })

  it("checks numeric CNPJ check digits", () => {
    expect(isValidCnpj("11.222.333/0001-81")).toBe(true)
    expect(isValidCnpj("11222333000181")).toBe(true)
    expect(isValidCnpj("11222333000182")).toBe(false)
    expect(isValidCnpj("00000000000000")).toBe(false)
    expect(isValidCnpj("1122233300018")).toBe(false)
  })

  it("checks alphanumeric CNPJ check digits (letters count as ASCII code - 48)", () => {
    expect(isValidCnpj(ALPHA_CNPJ)).toBe(true)
    expect(isValidCnpj(ALPHA_CNPJ_HEAD_OFFICE)).toBe(true)
    expect(isValidCnpj("12.ABC.345/01DE-35")).toBe(true)
    expect(isValidCnpj("12abc34501de35")).toBe(true)
    expect(isValidCnpj("12ABC34501DE36")).toBe(false)
    expect(isValidCnpj("12ABC34501DE45")).toBe(false)
    // Letters only in the first 12 characters; the check digits are numeric.
    expect(isValidCnpj("12ABC34501DEA5")).toBe(false)
    expect(isValidCnpj("AAAAAAAAAAAAAA")).toBe(false)
    expect(isValidCnpj("12ABC34501D#35")).toBe(false)
  })

  it("normalises a document keeping the CNPJ's letters, upper-cased", () => {
    expect(normaliseDocument(" 529.982.247-25 ")).toBe("52998224725")
    expect(normaliseDocument("12.abc.345/01de-35")).toBe(ALPHA_CNPJ)
    expect(normaliseDocument("5299822472a5")).toBe("5299822472A5")
  })

  it("classifies a document by length and returns it normalised", () => {
    expect(classifyDocument("529.982.247-25")).toEqual({ type: "CPF", number: "52998224725" })
    expect(classifyDocument("11222333000181")).toEqual({ type: "CNPJ", number: "11222333000181" })
    expect(classifyDocument(ALPHA_CNPJ)).toEqual({ type: "CNPJ", number: ALPHA_CNPJ })
    expect(classifyDocument("12.abc.345/01de-35")).toEqual({ type: "CNPJ", number: ALPHA_CNPJ })
    expect(classifyDocument("12ABC34501DE36")).toBeNull()
    expect(classifyDocument("5299822472a5")).toBeNull()
    expect(classifyDocument("CPF 529.982.247-25")).toBeNull()
    expect(classifyDocument("123")).toBeNull()
  })
})

/**
 * The Receita Federal's rule, written out as the oracle the check digits (from
 * `@brazilian-utils`) are held to: each character is its ASCII code minus 48, weights from the
 * right 2, 3, 4… (a CPF: up to 11; a CNPJ: back to 2 after 9), remainder of 11 below 2 gives 0.
 */
function receitaDigits(body: string, cycle: number): string {
  let digits = body
  for (let round = 0; round < 2; round++) {
    let sum = 0
    for (let i = 0; i < digits.length; i++) {
      const fromRight = digits.length - 1 - i
      sum += (digits.charCodeAt(i) - 48) * ((fromRight % cycle) + 2)
    }
    const rest = sum % 11
    digits += rest < 2 ? 0 : 11 - rest
  }
  return digits.slice(body.length)
}
const cpfOf = (body: string) => body + receitaDigits(body, 99)
const cnpjOf = (body: string) => body + receitaDigits(body, 8)

/** What the rule says of a normalised candidate (a repeated character is reserved, not valid). */
const oracle = (candidate: string) =>
  !/^(.)\1*$/.test(candidate) &&
  ((/^\d{11}$/.test(candidate) && cpfOf(candidate.slice(0, 9)) === candidate) ||
    (/^[0-9A-Z]{12}\d{2}$/.test(candidate) && cnpjOf(candidate.slice(0, 12)) === candidate))

/** A seeded generator, so a failing sample is the same on every run. */
function seeded(seed: number) {
  let state = seed
  return (below: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    return (state >>> 8) % below
  }
}
const DIGITS = "0123456789"
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

describe("check digits held to the Receita Federal's rule", () => {
  const random = seeded(41)
  const draw = (alphabet: string, length: number) =>
    Array.from({ length }, () => alphabet[random(alphabet.length)]).join("")
  const samples = Array.from({ length: 1500 }, () => [
    cpfOf(draw(DIGITS, 9)),
    cnpjOf(draw(DIGITS, 12)),
    cnpjOf(draw(ALPHANUMERIC, 12)),
  ]).flat()

  it("computes the published alphanumeric example's check digits", () => {
    expect(cnpjOf("12ABC34501DE")).toBe(ALPHA_CNPJ)
    expect(cnpjOf("12ABC3450001")).toBe(ALPHA_CNPJ_HEAD_OFFICE)
    expect(cpfOf("529982247")).toBe("52998224725")
    expect(cnpjOf("112223330001")).toBe("11222333000181")
  })

  it("accepts every generated document, written plain, masked or in lower case", () => {
    for (const document of samples) {
      const masked =
        document.length === 11
          ? document.replace(/^(.{3})(.{3})(.{3})(.{2})$/, "$1.$2.$3-$4")
          : document.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, "$1.$2.$3/$4-$5")
      const valid = document.length === 11 ? isValidCpf : isValidCnpj
      expect([document, valid(document), valid(masked), valid(masked.toLowerCase())]).toEqual([
        document,
        true,
        true,
        true,
      ])
      expect(classifyDocument(masked)).toEqual({
        type: document.length === 11 ? "CPF" : "CNPJ",
        number: document,
      })
    }
  })

  it("refuses every generated document with a check digit changed", () => {
    for (const document of samples) {
      for (const at of [document.length - 2, document.length - 1]) {
        const wrong = String((Number(document[at]) + 1 + random(9)) % 10)
        const changed = document.slice(0, at) + wrong + document.slice(at + 1)
        expect([changed, classifyDocument(changed)]).toEqual([changed, null])
      }
    }
  })

  it("agrees with the rule on documents with any one character changed, added or dropped", () => {
    const answers = { valid: 0, invalid: 0 }
    for (const document of samples) {
      const at = random(document.length)
      const character = ALPHANUMERIC[random(ALPHANUMERIC.length)]
      for (const candidate of [
        document.slice(0, at) + character + document.slice(at + 1),
        document.slice(0, at) + character + document.slice(at),
        document.slice(0, at) + document.slice(at + 1),
      ]) {
        const expected = oracle(candidate)
        answers[expected ? "valid" : "invalid"]++
        expect([candidate, isValidCpf(candidate) || isValidCnpj(candidate)]).toEqual([
          candidate,
          expected,
        ])
      }
    }
    // Some changes keep a document valid (a character replaced by itself), so both answers count.
    expect(answers.valid).toBeGreaterThan(0)
    expect(answers.invalid).toBeGreaterThan(1000)
  })

  it("refuses a repeated digit, which the rule's arithmetic alone would let through", () => {
    for (const digit of DIGITS) {
      expect(isValidCpf(digit.repeat(11))).toBe(false)
      expect(isValidCnpj(digit.repeat(14))).toBe(false)
    }
    expect(cpfOf("000000000")).toBe("00000000000")
  })
})

describe("PIX keys", () => {
  it.each([
    ["CPF", "52998224725", "52998224725"],
    ["CPF", "529.982.247-25", "52998224725"],
    ["CPF", "  529.982.247-25  ", "52998224725"],
    ["CNPJ", "11222333000181", "11222333000181"],
    ["CNPJ", "11.222.333/0001-81", "11222333000181"],
    ["CNPJ", ALPHA_CNPJ, ALPHA_CNPJ],
    ["CNPJ", "12.ABC.345/01DE-35", ALPHA_CNPJ],
    ["CNPJ", "12.abc.345/01de-35", ALPHA_CNPJ],
    ["CNPJ", "12abc345000188", ALPHA_CNPJ_HEAD_OFFICE],
    ["PHONE", "+5511987654321", "+5511987654321"],
    ["PHONE", "+55 (11) 98765-4321", "+5511987654321"],
    ["PHONE", "+55 11 98765-4321", "+5511987654321"],
    ["PHONE", "+55 11 9 8765-4321", "+5511987654321"],
    ["PHONE", "5511987654321", "+5511987654321"],
    ["PHONE", "(11) 98765-4321", "+5511987654321"],
    ["PHONE", "11987654321", "+5511987654321"],
    ["PHONE", "(21) 3333-4444", "+552133334444"],
    // Area code 55 (Santa Maria, RS): the length tells it from the country code.
    ["PHONE", "(55) 99876-5432", "+5555998765432"],
    ["EMAIL", " Ana@Example.com ", "ana@example.com"],
    ["EVP", "123E4567-E89B-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-426614174000"],
  ] as const)("accepts %s %p as %p", (type, key, normalised) => {
    expect(pixKeyProblem(type, key)).toBeNull()
    expect(normalisePixKey(type, key)).toBe(normalised)
    // The normalised key passes again unchanged (the gateway schema checks it a second time).
    expect(normalisePixKey(type, normalised)).toBe(normalised)
  })

  it.each([
    ["PHONE", "1198765432l", /^contains "l", which is not allowed: a phone key may only have/],
    ["PHONE", "+55 11 98765-432O", /^contains "O", which is not allowed/],
    ["PHONE", "11.98765.4321", /^contains "\.", which is not allowed/],
    ["PHONE", "11\u00a098765-4321", /^contains U\+00A0, which is not allowed/],
    ["CPF", "5299822472a5", /^contains "a", which is not allowed: a CPF key may only have/],
    ["CPF", "529 982 247 25", /^contains a space, which is not allowed/],
    ["CPF", "529/982/247-25", /^contains "\/", which is not allowed/],
    ["CNPJ", "12ABC34501D#35", /^contains "#", which is not allowed: a CNPJ key may only have/],
    ["CNPJ", "11 222 333 0001 81", /^contains a space, which is not allowed/],
  ] as const)("refuses %s %p naming the stray character", (type, key, message) => {
    expect(pixKeyProblem(type, key)).toMatch(message)
    expect(() => normalisePixKey(type, key)).toThrow(RangeError)
  })

  it.each([
    ["CPF", "52998224724", "is not a valid CPF (check digits do not match)"],
    ["CPF", "111.111.111-11", "is not a valid CPF (check digits do not match)"],
    ["CPF", "5299822472", "is not a valid CPF: expected 11 digits, as in 000.000.000-00"],
    ["CPF", "52.998.224-725", "is not a valid CPF: expected 11 digits, as in 000.000.000-00"],
    ["CPF", "529..982.247-25", "is not a valid CPF: expected 11 digits, as in 000.000.000-00"],
    ["CNPJ", "11222333000182", "is not a valid CNPJ (check digits do not match)"],
    ["CNPJ", "12ABC34501DE36", "is not a valid CNPJ (check digits do not match)"],
    ["CNPJ", "12.abc.345/01de-36", "is not a valid CNPJ (check digits do not match)"],
    ["CNPJ", "12ABC34501DEA5", expect.stringMatching(/^is not a valid CNPJ: expected 12 letters/)],
    ["CNPJ", "112.22.333/0001-81", expect.stringMatching(/^is not a valid CNPJ: expected/)],
    ["PHONE", "98765-4321", expect.stringMatching(/^is not a valid Brazilian phone key/)],
    ["PHONE", "+1 555 123 4567", expect.stringMatching(/^is not a valid Brazilian phone key/)],
    ["PHONE", "+11987654321", expect.stringMatching(/^is not a valid Brazilian phone key/)],
    // Mobile numbers have 9 digits starting with 9; area codes do not start with 0.
    ["PHONE", "(11) 88765-4321", expect.stringMatching(/^is not a valid Brazilian phone key/)],
    ["PHONE", "(01) 3333-4444", expect.stringMatching(/^is not a valid Brazilian phone key/)],
    ["PHONE", "11--98765-4321", expect.stringMatching(/^is not a valid Brazilian phone key/)],
    ["EMAIL", "ana@", "is not a valid e-mail address"],
    ["EMAIL", `${"a".repeat(70)}@example.com`, "is not a valid e-mail address"],
    ["EVP", "not-a-uuid", "is not a valid random (EVP) key: expected a UUID"],
  ] as const)("refuses %s %p", (type, key, problem) => {
    expect(readPixKey(type, key)).toEqual({ key: null, problem })
  })

  it("never normalises an invalid key into a valid one", () => {
    for (const type of PIX_KEY_TYPES) {
      expect(() => normalisePixKey(type, "")).toThrow(RangeError)
    }
  })
})

describe("e-mail PIX keys", () => {
  it.each([
    ["ana@example.com\u200b", "a zero-width space"],
    ["ana;x@example.com", "a semicolon"],
    ["ána@example.com", "a non-ASCII letter"],
    ["ana@example.com ", "nothing: trailing spaces are trimmed"],
  ])("%p: %s", (key, what) => {
    const accepted = pixKeyProblem("EMAIL", key) === null
    expect(accepted).toBe(what.startsWith("nothing"))
  })
})
