/**
 * The create-transaction body, validated field by field (one 400 naming every bad field): the
 * spec's common fields, and the white-label template's for addresses, shipping, items
 * adding up to the amount, boleto expiry, card token and installments.
 */
import type { CardToken } from "./card-tokens"
import { ApiError, Customer } from "./types"
import { fieldErrors, isInt, isRecord, oneOf, prop } from "./validation"

export const MAX_TRANSACTION_CENTS = 100_000_000
export const PIX_EXPIRY_DAYS = { min: 1, max: 30, default: 1 }
export const BOLETO_EXPIRY_DAYS = { min: 1, max: 30, default: 3 }
export const MAX_CARD_INSTALLMENTS = 12

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PAYMENT_METHODS = ["PIX", "BOLETO", "CREDIT_CARD"] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

// prettier-ignore
const UFS = [
  "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA",
  "PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
]

/** A create body once validated (unchecked fields keep whatever was sent). */
export type CreateBody = {
  amount: number
  paymentMethod: PaymentMethod
  customer: Customer
  items?: unknown
  shipping?: Record<string, unknown>
  ip?: unknown
}

export type ParsedCreate = {
  body: CreateBody
  pixDays: number
  boletoDays: number
  installments: number
  /** The token a card charge spends (checked, not yet consumed). */
  cardToken: CardToken | null
}

type Fail = (field: string, message: string) => void

const filled = (value: unknown) => typeof value === "string" && value.trim().length > 0

/** The template's address: street, streetNumber, complement?, zipCode, neighborhood, city, state, country. */
function checkAddress(address: unknown, path: string, fail: Fail) {
  if (!isRecord(address)) return fail(path, `${path} must be an object`)
  for (const key of ["street", "streetNumber", "neighborhood", "city"]) {
    if (!filled(address[key])) fail(`${path}.${key}`, `${path}.${key} is required`)
  }
  if (address.complement !== undefined && typeof address.complement !== "string") {
    fail(`${path}.complement`, `${path}.complement must be a string`)
  }
  if (typeof address.zipCode !== "string" || !/^\d{8}$/.test(address.zipCode)) {
    fail(`${path}.zipCode`, `${path}.zipCode must be 8 digits (CEP)`)
  }
  if (!oneOf(address.state, UFS)) fail(`${path}.state`, `${path}.state must be a UF such as SP`)
  if (typeof address.country !== "string" || !/^[A-Za-z]{2}$/.test(address.country)) {
    fail(`${path}.country`, `${path}.country must be a two-letter country code`)
  }
}

/** Items, when given, plus shipping.fee must add up to the amount (the template requires it). */
function checkItems(body: Record<string, unknown>, fail: Fail) {
  if (body.items === undefined) return
  if (!Array.isArray(body.items)) return fail("items", "items must be an array")
  if (!body.items.length) return
  let total = 0
  body.items.forEach((item, i) => {
    const { unitPrice, quantity } = isRecord(item) ? item : { unitPrice: null, quantity: null }
    if (!isInt(unitPrice) || unitPrice < 0 || !isInt(quantity) || quantity < 1) {
      fail("items", `items[${i}] needs an integer unitPrice (cents) and a quantity of at least 1`)
      total = NaN
    } else total += unitPrice * quantity
  })
  const fee = prop(body.shipping, "fee") ?? 0
  if (Number.isNaN(total) || !isInt(fee) || !isInt(body.amount)) return
  if (total + fee !== body.amount) {
    fail(
      "items",
      `items (${total}) plus shipping.fee (${fee}) must add up to amount (${body.amount})`
    )
  }
}

function checkCustomer(body: Record<string, unknown>, fail: Fail) {
  const customer = body.customer
  if (!isRecord(customer)) return fail("customer", "customer is required")
  if (!filled(customer.name)) fail("customer.name", "customer.name is required")
  if (typeof customer.email !== "string" || !EMAIL.test(customer.email))
    fail("customer.email", "customer.email must be a valid e-mail")
  if (customer.address !== undefined) checkAddress(customer.address, "customer.address", fail)
  if (body.paymentMethod !== "BOLETO") return
  const number = prop(customer.document, "number")
  if (typeof number !== "string" || !/^(\d{11}|\d{14})$/.test(number)) {
    fail("customer.document", "a boleto needs customer.document with a CPF or CNPJ number")
  }
  if (customer.address === undefined) {
    fail("customer.address", "a boleto needs customer.address (the payer's address)")
  }
}

function days(value: unknown, range: typeof PIX_EXPIRY_DAYS, field: string, fail: Fail) {
  const resolved = value ?? range.default
  if (!isInt(resolved) || resolved < range.min || resolved > range.max) {
    fail(field, `${field} must be an integer from ${range.min} to ${range.max}`)
  }
  return resolved as number
}

/**
 * Validates a create body; `cardToken` looks up a card.hash for this company (null when unknown,
 * used, expired or another company's).
 */
export function parseCreate(
  body: unknown,
  cardToken: (hash: unknown) => CardToken | null
): ParsedCreate {
  const { fail, check } = fieldErrors()
  if (!isRecord(body)) throw new ApiError(400, "Request body must be a JSON object")
  if (!isInt(body.amount) || body.amount <= 0)
    fail("amount", "amount must be a positive integer number of cents")
  else if (body.amount > MAX_TRANSACTION_CENTS)
    fail("amount", `amount must be at most ${MAX_TRANSACTION_CENTS} cents`)
  if (body.currency !== "BRL") fail("currency", "currency must be BRL")
  if (!oneOf(body.paymentMethod, PAYMENT_METHODS)) {
    fail("paymentMethod", "paymentMethod must be one of PIX, BOLETO, CREDIT_CARD")
  }
  checkCustomer(body, fail)
  const pixDays = days(prop(body.pix, "expiresInDays"), PIX_EXPIRY_DAYS, "pix.expiresInDays", fail)
  const boletoDays =
    body.paymentMethod === "BOLETO"
      ? days(prop(body.boleto, "expiresInDays"), BOLETO_EXPIRY_DAYS, "boleto.expiresInDays", fail)
      : BOLETO_EXPIRY_DAYS.default
  if (body.shipping !== undefined) {
    if (!isRecord(body.shipping)) fail("shipping", "shipping must be an object")
    else {
      const fee = body.shipping.fee
      if (!isInt(fee) || fee < 0)
        fail("shipping.fee", "shipping.fee must be a non-negative integer (cents)")
      if (body.shipping.address !== undefined)
        checkAddress(body.shipping.address, "shipping.address", fail)
    }
  }
  checkItems(body, fail)

  const card = body.paymentMethod === "CREDIT_CARD"
  const installments = body.installments ?? 1
  const maxInstallments = card ? MAX_CARD_INSTALLMENTS : 1
  if (!isInt(installments) || installments < 1 || installments > maxInstallments) {
    fail(
      "installments",
      card
        ? `installments must be an integer from 1 to ${MAX_CARD_INSTALLMENTS}`
        : `installments must be 1 for ${String(body.paymentMethod)}`
    )
  }
  const token = card ? cardToken(prop(body.card, "hash")) : null
  if (card && !token) {
    fail("card.hash", "card.hash is not a valid card token (unknown, used or expired)")
  }
  check()
  // Every field CreateBody types was checked above.
  return {
    body: body as CreateBody,
    pixDays,
    boletoDays,
    installments: installments as number,
    cardToken: token,
  }
}
