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
