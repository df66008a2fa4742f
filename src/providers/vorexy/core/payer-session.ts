/**
 * The session data before the charge exists: the payer the storefront sent (validated, sealed with
 * the IP Medusa saw, and masked), the amount, and the cart's items the plugin attached.
 */
import type { PaymentCustomerDTO } from "@medusajs/framework/types"
import { centsToMajor } from "../../../gateway"
import { errors } from "./errors"
import { maskPayer, PAYER_INPUT_KEYS, PayerSeal, readPayer } from "./payer"
import {
  checkoutItems,
  ipv4,
  ownedData,
  providerFields,
  readSessionData,
  VorexySessionData,
} from "./session-data"

type Input = Record<string, unknown> | undefined

/** The data of a new session (initiatePayment). */
export function initialSessionData(
  seal: PayerSeal,
  method: VorexySessionData["payment_method"],
  cents: number,
  data: Input,
  customer?: PaymentCustomerDTO
) {
  const { partial, problems } = readPayer(data, customer)
  if (problems.length) throw errors.invalidPayer(problems)
  // Set by Medusa after the storefront's data, so it is the real session id.
  const sessionId = typeof data?.session_id === "string" ? data.session_id : ""
  const sessionData: VorexySessionData = {
    session_id: sessionId,
    amount: centsToMajor(cents),
    amount_cents: cents,
    currency_code: "brl",
    payment_method: method,
    payer_display: maskPayer(partial),
    payer_sealed: seal.seal({ ...partial, ip: ipv4(data?.payer_ip) }, sessionId),
    items: checkoutItems(data?.items) ?? null,
  }
  return { sessionId, data: ownedData(data, sessionData) }
}

/**
 * The data after an update (updatePayment): the payer may change until the charge exists; a new
 * amount forgets the old charge so authorisation creates a new one. Null: nothing changes.
 */
export function updatedSessionData(
  seal: PayerSeal,
  cents: number,
  data: Input,
  customer?: PaymentCustomerDTO
): Record<string, unknown> | null {
  const current = readSessionData(data)
  const sessionId = current.session_id ?? ""
  const payerGiven = PAYER_INPUT_KEYS.some((k) => data?.[k] !== null && data?.[k] !== undefined)
  const amountChanged = cents !== current.amount_cents

  if (current.transaction_id && !amountChanged) {
    if (payerGiven) throw errors.payerLocked()
    return null
  }
  let payerFields: Partial<VorexySessionData> = {}
  if (payerGiven || !current.transaction_id) {
    const previous = seal.open(current.payer_sealed, sessionId) ?? {}
    const { partial, problems } = readPayer(payerGiven ? data : undefined, customer)
    if (problems.length) throw errors.invalidPayer(problems)
    const merged = { ...previous, ...definedOnly(partial) }
    payerFields = {
      payer_display: maskPayer(merged),
      payer_sealed: seal.seal(merged, sessionId),
    }
  }
  const forgetCharge: Partial<VorexySessionData> = {
    transaction_id: null,
    status: null,
    gateway_status: null,
    qr_code: null,
    qr_code_image: null,
    expires_at: null,
    charge_binding: null,
  }
  return ownedData(data, {
    ...providerFields(current),
    ...payerFields,
    amount: centsToMajor(cents),
    amount_cents: cents,
    ...(amountChanged ? forgetCharge : {}),
  })
}

const definedOnly = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
