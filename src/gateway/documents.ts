/** Brazilian document and PIX key checks (pure functions, shared by the client and the plugin). */

export const onlyDigits = (value: string) => value.replace(/\D/g, "")

const allSame = (digits: string) => /^(\d)\1*$/.test(digits)

function checkDigit(digits: string, weights: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + Number(digits[i]) * w, 0)
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

/** CPF: 11 digits, two mod-11 check digits, not all the same digit. Punctuation is ignored. */
export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value)
  if (d.length !== 11 || allSame(d)) return false
  const first = checkDigit(d, [10, 9, 8, 7, 6, 5, 4, 3, 2])
  const second = checkDigit(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2])
  return first === Number(d[9]) && second === Number(d[10])
}

/** CNPJ: 14 digits, two mod-11 check digits, not all the same digit. Punctuation is ignored. */
export function isValidCnpj(value: string): boolean {
  const d = onlyDigits(value)
  if (d.length !== 14 || allSame(d)) return false
  const first = checkDigit(d, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
  const second = checkDigit(d, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])
  return first === Number(d[12]) && second === Number(d[13])
}

export type DocumentType = "CPF" | "CNPJ"

/** Tells CPF from CNPJ by length and checks it; null when neither is valid. */
export function classifyDocument(value: string): { type: DocumentType; number: string } | null {
  const number = onlyDigits(value)
  if (number.length === 11 && isValidCpf(number)) return { type: "CPF", number }
  if (number.length === 14 && isValidCnpj(number)) return { type: "CNPJ", number }
  return null
}

export const PIX_KEY_TYPES = ["CPF", "CNPJ", "EMAIL", "PHONE", "EVP"] as const
export type PixKeyType = (typeof PIX_KEY_TYPES)[number]

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** PIX phone keys are E.164: +55, a two-digit area code and an 8- or 9-digit number. */
const PHONE = /^\+55[1-9][0-9]9?[0-9]{8}$/

/** Returns null when the key is valid for its type, or a message saying what is wrong. */
export function pixKeyProblem(type: PixKeyType, key: string): string | null {
  switch (type) {
    case "CPF":
      return isValidCpf(key) ? null : "is not a valid CPF (check digits do not match)"
    case "CNPJ":
      return isValidCnpj(key) ? null : "is not a valid CNPJ (check digits do not match)"
    case "EMAIL":
      return EMAIL.test(key) && key.length <= 77 ? null : "is not a valid e-mail address"
    case "PHONE":
      return PHONE.test(key)
        ? null
        : "is not a valid Brazilian phone key in E.164 form (+55DDXXXXXXXXX)"
    case "EVP":
      return EVP.test(key) ? null : "is not a valid random (EVP) key: expected a UUID"
  }
}

/** Canonical form the gateway expects: digits for CPF/CNPJ, lower-case e-mail/EVP, E.164 phone. */
export function normalisePixKey(type: PixKeyType, key: string): string {
  const trimmed = key.trim()
  switch (type) {
    case "CPF":
    case "CNPJ":
      return onlyDigits(trimmed)
    case "EMAIL":
    case "EVP":
      return trimmed.toLowerCase()
    case "PHONE": {
      const digits = onlyDigits(trimmed)
      return digits.startsWith("55") && digits.length >= 12 ? `+${digits}` : `+55${digits}`
    }
  }
}
