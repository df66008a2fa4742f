/**
 * The plugin's errors as the shopper reads them. The store answers in English, worded for both the
 * shopper and the developer ("Vorexy Boleto: a boleto needs the payer's …"); the ones a shopper
 * meets at checkout or asking for a new PIX or boleto are recognised here and said again in the
 * shopper's language. Anything else is
 * shown as the store sent it.
 */
import { textsFor, type VorexyTexts } from "./texts.js"
import type { VorexyLocale } from "./types.js"

/** The parts of an address or payer the store names, as a shopper says them in Portuguese. */
const PT_PARTS: Array<[string, string]> = [
  ["billing address: ", ""],
  ["the whole billing address", "o endereço de cobrança"],
  ['number (address_1, e.g. "Rua Augusta, 100")', "número (no endereço, ex.: Rua Augusta, 100)"],
  ["street (address_1)", "rua"],
  ["neighbourhood (address_2)", "bairro"],
  ["state (province, e.g. SP)", "estado (UF)"],
  ["CEP (postal_code, 8 digits)", "CEP (8 dígitos)"],
  ["CPF or CNPJ (data.document)", "CPF ou CNPJ"],
  ["city", "cidade"],
]

/** The store's refusals of a new charge, by the words that tell them apart. */
const RENEWAL_REFUSALS: Array<[string, keyof VorexyTexts["server"]["renewal"]]> = [
  ["does not issue a new charge for an order", "off"],
  ["Only a PIX or a boleto can be issued again", "method"],
  ["was paid: there is nothing more to pay", "paid"],
  ["is already paid: there is nothing more to pay", "paid"],
  ["needs the store's attention", "flagged"],
  ["is no longer offered", "closed"],
  ["can still be paid", "stillPayable"],
  ["The time to issue a new", "windowOver"],
  ["the most this store issues", "limit"],
  ["payment was replaced: a new charge cannot be issued", "closed"],
  ["This order was cancelled", "cancelled"],
  ["A new charge is being made for this order", "busy"],
  ["payment details can no longer be read by the store", "unreadable"],
]

/** The longest server message read; anything longer is cut (it is shown, never parsed further). */
const MAX_MESSAGE = 2_000

const between = (text: string, start: string, end: string) => {
  const from = text.indexOf(start)
  if (from < 0) return null
  const rest = text.slice(from + start.length)
  const to = rest.indexOf(end)
  return to < 0 ? rest : rest.slice(0, to)
}

const inPortuguese = (parts: string) =>
  PT_PARTS.reduce((text, [en, pt]) => text.split(en).join(pt), parts)

/** The store's error message in the shopper's words (pt-BR by default). */
export function shopperMessage(message: string, locale?: VorexyLocale): string {
  const text = message.slice(0, MAX_MESSAGE)
  const t = textsFor(locale).server
  const pt = locale !== "en"
  if (text.includes("Your card was declined")) {
    const reason = text.includes("declined: ")
      ? (between(text, "declined: ", ". Nothing was charged") ?? "")
      : ""
    return t.declined(reason.trim())
  }
  if (text.includes("could not confirm your card payment")) return t.cardUnconfirmed
  if (text.includes("credentials were refused") || text.includes("Vorexy is unavailable right now"))
    return t.unavailable
  const missing = between(text, "a boleto needs the payer's ", ". Complete them")
  if (missing !== null) return t.boletoNeeds(pt ? inPortuguese(missing) : missing)
  const problems = between(text, "invalid payer data: ", "\u0000")
  if (problems !== null) return t.invalidPayer(problems.trim().replace(/\.$/, ""))
  if (text.includes("must never be sent to the store")) return t.rawCard
  if (text.includes("holds what reads as card details")) return t.cardInAddress
  if (text.includes("needs the link in its latest payment e-mail")) return t.needsOrderLink
  if (text.includes("Too many requests for a new PIX or boleto")) return t.tooManyRenewals
  if (text.includes("payment session data is too large")) return t.tooLarge
  if (text.includes("required to create the charge")) return t.payerRequired
  if (text.includes("start the payment again")) return t.restart
  // Why a new PIX or boleto was not made (the renewal route and its workflow).
  for (const [words, said] of RENEWAL_REFUSALS) if (text.includes(words)) return t.renewal[said]
  if (text.startsWith("Could not reach the store")) return t.unreachable
  return text
}
