/** Brazilian document and PIX key checks (pure functions, shared by the client and the plugin). */
import { isValidCnpj as cnpjCheckDigitsHold } from "@brazilian-utils/brazilian-utils/is-valid-cnpj"
import { isValidCpf as cpfCheckDigitsHold } from "@brazilian-utils/brazilian-utils/is-valid-cpf"

export const onlyDigits = (value: string) => value.replace(/\D/g, "")

/**
 * A CPF or CNPJ as the gateway takes it: separators (. / - and spaces) dropped, letters upper-cased
 * (the alphanumeric CNPJ has them). Any other character stays, so the checks below refuse it
 * instead of a different number being sent.
 */
export const normaliseDocument = (value: string) => value.replace(/[\s./-]/g, "").toUpperCase()

const CPF = /^\d{11}$/
/** 12 letters or digits (root and branch; letters from July 2026), then 2 numeric check digits. */
const CNPJ = /^[0-9A-Z]{12}\d{2}$/

/**
 * CPF: 11 digits, two mod-11 check digits, not all the same digit. Separators are ignored, any
 * other character refuses it. The check digits are the library's (`@brazilian-utils`).
 */
export function isValidCpf(value: string): boolean {
  const d = normaliseDocument(value)
  return CPF.test(d) && cpfCheckDigitsHold(d)
}

/**
 * CNPJ, numeric or alphanumeric (Receita Federal, IN 2.229/2024): 14 characters, two mod-11 check
 * digits (each character counts as its ASCII code minus 48), not all the same character.
 * Separators are ignored, letters may be lower-case. The check digits are the library's, in its
 * version 2 (numeric and alphanumeric).
 */
export function isValidCnpj(value: string): boolean {
  const c = normaliseDocument(value)
  return CNPJ.test(c) && cnpjCheckDigitsHold(c, { version: 2 })
}

export type DocumentType = "CPF" | "CNPJ"

/** Tells CPF from CNPJ by length and checks it; the number comes back normalised, or null. */
export function classifyDocument(value: string): { type: DocumentType; number: string } | null {
  const number = normaliseDocument(value)
  if (number.length === 11 && isValidCpf(number)) return { type: "CPF", number }
  if (number.length === 14 && isValidCnpj(number)) return { type: "CNPJ", number }
  return null
}

export const PIX_KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"] as const
export type PixKeyType = (typeof PIX_KEY_TYPES)[number]

/**
 * An e-mail key: printable ASCII only (RFC 5322 atext and dots, then domain labels), so an
 * invisible or look-alike character is refused rather than sent as a different key.
 */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** PIX phone keys are E.164: +55, a two-digit area code and an 8- or 9-digit number. */
const E164 = /^\+55[1-9][0-9]9?[0-9]{8}$/

/** The usual written forms of each key: the digits with their punctuation in the usual places. */
const CPF_KEY = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/
const CNPJ_KEY = /^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}$/i
const PHONE_KEY = /^(?:\+?55[ -]?)?(?:\(\d{2}\)|\d{2})[ -]?(?:9[ -]?)?\d{4}[ -]?\d{4}$/

/** Characters each key may be written with; the first other one is named in the refusal. */
const KEY_CHARACTERS: Partial<Record<PixKeyType, { allowed: RegExp; say: string }>> = {
  CPF: { allowed: /[0-9.-]/, say: "a CPF key may only have digits, . and -" },
  CNPJ: { allowed: /[0-9A-Za-z./-]/, say: "a CNPJ key may only have letters, digits, . / and -" },
  PHONE: { allowed: /[0-9+() -]/, say: "a phone key may only have digits, +, spaces, ( ) and -" },
}

const CPF_SHAPE = "is not a valid CPF: expected 11 digits, as in 000.000.000-00"
const CNPJ_SHAPE =
  "is not a valid CNPJ: expected 12 letters or digits and 2 check digits, as in 00.000.000/0000-00"
const PHONE_SHAPE =
  "is not a valid Brazilian phone key: expected +55, a 2-digit area code and an 8- or 9-digit number, as in +55 (11) 98765-4321"

/** Names a character so it can be seen: invisible ones (a pasted no-break space) by code point. */
const quoted = (char: string) =>
  char === " "
    ? "a space"
    : /[\s\p{C}]/u.test(char)
      ? `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`
      : JSON.stringify(char)

/** The key as the gateway expects it, or what is wrong with it (e.g. "contains \"l\", which …"). */
export type PixKeyReading = { key: string; problem: null } | { key: null; problem: string }

/**
 * Checks a PIX key as typed (surrounding spaces aside) and only then normalises it: digits for CPF,
 * upper-case for CNPJ, lower-case for e-mail and EVP, E.164 for phone. A stray character is
 * refused rather than stripped, so the key sent is the key the user meant.
 */
export function readPixKey(type: PixKeyType, raw: string): PixKeyReading {
  const key = raw.trim()
  const refuse = (problem: string): PixKeyReading => ({ key: null, problem })
  const accept = (normalised: string): PixKeyReading => ({ key: normalised, problem: null })

  const characters = KEY_CHARACTERS[type]
  const stray = characters && [...key].find((char) => !characters.allowed.test(char))
  if (characters && stray !== undefined)
    return refuse(`contains ${quoted(stray)}, which is not allowed: ${characters.say}`)

  switch (type) {
    case "CPF":
      if (!CPF_KEY.test(key)) return refuse(CPF_SHAPE)
      return isValidCpf(key)
        ? accept(normaliseDocument(key))
        : refuse("is not a valid CPF (check digits do not match)")
    case "CNPJ":
      if (!CNPJ_KEY.test(key)) return refuse(CNPJ_SHAPE)
      return isValidCnpj(key)
        ? accept(normaliseDocument(key))
        : refuse("is not a valid CNPJ (check digits do not match)")
    case "EMAIL":
      return EMAIL.test(key) && key.length <= 77
        ? accept(key.toLowerCase())
        : refuse("is not a valid e-mail address")
    case "PHONE": {
      if (!PHONE_KEY.test(key)) return refuse(PHONE_SHAPE)
      // 12-13 digits carry the country code (a local number has at most 11).
      const digits = onlyDigits(key)
      const e164 = digits.length >= 12 ? `+${digits}` : `+55${digits}`
      return E164.test(e164) ? accept(e164) : refuse(PHONE_SHAPE)
    }
    case "EVP":
      return EVP.test(key)
        ? accept(key.toLowerCase())
        : refuse("is not a valid random (EVP) key: expected a UUID")
  }
}

/** Returns null when the key is valid for its type, or a message saying what is wrong. */
export function pixKeyProblem(type: PixKeyType, key: string): string | null {
  return readPixKey(type, key).problem
}

/** Canonical form the gateway expects, for a key already checked; throws on an invalid one. */
export function normalisePixKey(type: PixKeyType, key: string): string {
  const reading = readPixKey(type, key)
  if (reading.problem !== null) throw new RangeError(`PIX key ${reading.problem}`)
  return reading.key
}
