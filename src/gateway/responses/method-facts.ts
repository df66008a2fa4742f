/**
 * What a boleto or a card charge adds to a transaction, under every alias the white-label template
 * behind Vorexy is seen to use in the field: url | bankSlipUrl | pdf | pdfUrl,
 * digitableLine | line, barcode | barCode, expirationDate | dueDate; card.brand, card.lastDigits;
 * refusedReason as a string or { description }.
 */
import { first, int, Json, str } from "./parse"

export type BoletoFacts = {
  url?: string
  digitableLine?: string
  barcode?: string
  dueDate?: string
}

export type CardFacts = {
  brand?: string
  lastDigits?: string
  installments?: number
  /** Why the issuer or the gateway refused it, when it says. */
  refusedReason?: string
}

const object = (value: unknown): Json | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined

const digits = (value: unknown) => {
  const text = str(value)
  return text === undefined ? undefined : text.replace(/\D/g, "")
}

/**
 * A link to show a shopper or an admin: an absolute http(s) URL of sane length, nothing else (a
 * `javascript:` or `data:` URL from a compromised or buggy gateway must never become a link).
 */
export function webUrl(value: unknown): string | undefined {
  const text = str(value)?.trim()
  if (!text || text.length > 2048) return undefined
  try {
    const url = new URL(text)
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined
  } catch {
    return undefined
  }
}

export function boletoFacts(record: Json): BoletoFacts | undefined {
  const boleto = object(first(record.boleto, record.bankSlip, record.bank_slip))
  if (!boleto) return undefined
  return {
    url: webUrl(first(boleto.url, boleto.bankSlipUrl, boleto.pdf, boleto.pdfUrl, boleto.boletoUrl)),
    digitableLine: digits(first(boleto.digitableLine, boleto.line, boleto.digitable_line)),
    barcode: digits(first(boleto.barcode, boleto.barCode, boleto.bar_code)),
    dueDate: str(first(boleto.expirationDate, boleto.dueDate, boleto.due_date)),
  }
}

export function cardFacts(record: Json): CardFacts | undefined {
  const card = object(record.card)
  const reason = refusedReason(
    first(record.refusedReason, record.refused_reason, record.refuseReason)
  )
  if (!card && !reason) return undefined
  return {
    brand: str(card?.brand),
    lastDigits: str(first(card?.lastDigits, card?.last4, card?.lastFourDigits, card?.last_digits)),
    installments: int(record.installments),
    refusedReason: reason,
  }
}

function refusedReason(value: unknown): string | undefined {
  const nested = object(value)
  return nested ? str(first(nested.description, nested.message, nested.reason)) : str(value)
}
