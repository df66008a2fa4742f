/**
 * The payer as the storefront collects it: masks while typing, the checks the plugin will make
 * (same CPF/CNPJ check digits: the gateway module's own functions), and the session `data`.
 */
import { formatCnpj } from "@brazilian-utils/brazilian-utils/format-cnpj"
import { formatCpf } from "@brazilian-utils/brazilian-utils/format-cpf"
import { classifyDocument, normaliseDocument, onlyDigits } from "../gateway/documents.js"
import { textsFor } from "./texts.js"
import type { VorexyCardPayment, VorexyLocale, VorexyPayer } from "./types.js"

/** Fills `#` slots with the characters; a separator appears only once the next group starts. */
function mask(characters: string, pattern: string): string {
  let out = ""
  let i = 0
  for (const slot of pattern) {
    if (i >= characters.length) break
    out += slot === "#" ? characters[i++] : slot
  }
  return out
}

/**
 * CPF (000.000.000-00) while it can still be one, else CNPJ (00.000.000/0000-00, letters allowed:
 * the alphanumeric CNPJ). The library's masks add a separator only once the next group starts.
 */
export function formatDocument(value: string): string {
  const characters = normaliseDocument(value)
    .replace(/[^0-9A-Z]/g, "")
    .slice(0, 14)
  return /^\d{0,11}$/.test(characters)
    ? formatCpf(characters)
    : formatCnpj(characters, { version: 2 })
}

/** The national number: digits, a leading +55 dropped when what follows is a full number. */
const phoneDigits = (value: string) => onlyDigits(value).replace(/^55(?=\d{10,11}$)/, "")

/** A Brazilian phone without the country code: (11) 98765-4321 or (11) 3456-7890. */
export function formatPhone(value: string): string {
  const digits = phoneDigits(value).slice(0, 11)
  return digits.length > 10 ? mask(digits, "(##) #####-####") : mask(digits, "(##) ####-####")
}

/** Null when the CPF/CNPJ is valid; else what to fix, in the shopper's language. */
export function documentProblem(value: string, locale?: VorexyLocale): string | null {
  const t = textsFor(locale).payer
  const characters = normaliseDocument(value)
  if (!characters) return t.documentRequired
  if (classifyDocument(characters)) return null
  if (characters.length === 11 && /^\d+$/.test(characters)) return t.cpfInvalid
  if (characters.length === 14) return t.cnpjInvalid
  return t.documentLength
}

/** As the plugin reads it: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

/** What is wrong with each field (absent when it is fine); an empty object means valid. */
export function payerProblems(
  payer: VorexyPayer,
  locale?: VorexyLocale
): Partial<Record<keyof VorexyPayer, string>> {
  const t = textsFor(locale).payer
  const problems: Partial<Record<keyof VorexyPayer, string>> = {}
  const name = payer.name.trim()
  if (name.length < 2 || name.length > 200) problems.name = t.nameRequired
  if (!EMAIL.test(payer.email.trim())) problems.email = t.emailInvalid
  const document = documentProblem(payer.document, locale)
  if (document) problems.document = document
  const phone = phoneDigits(payer.phone)
  if (phone.length < 10 || phone.length > 11 || phone.startsWith("0"))
    problems.phone = t.phoneInvalid
  return problems
}

export const isPayerValid = (payer: VorexyPayer) => Object.keys(payerProblems(payer)).length === 0

/**
 * The payment session `data`: the payer as the plugin takes it (document and phone as bare
 * characters), plus the card token and installments for a card.
 */
export function sessionData(
  payer: VorexyPayer,
  card?: VorexyCardPayment
): Record<string, string | number> {
  return {
    name: payer.name.trim().replace(/\s+/g, " "),
    email: payer.email.trim(),
    document: normaliseDocument(payer.document),
    phone: phoneDigits(payer.phone),
    ...(card ? { card_token: card.card_token, installments: card.installments } : {}),
  }
}
