/**
 * The session data before the charge exists: the payer the storefront sent (validated, sealed and
 * masked), the amount, and what the plugin attached server-side (IP, items).
 */
import type { PaymentCustomerDTO } from "@medusajs/framework/types"
import { centsToMajor } from "../../../gateway"
import { errors } from "./errors"
import { maskPayer, PayerSeal, readPayer } from "./payer"
import {
  checkoutItems,
  clearedInputKeys,
  ipv4,
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
  const sessionData: VorexySessionData = {
    session_id: typeof data?.session_id === "string" ? data.session_id : "",
    amount: centsToMajor(cents),
    amount_cents: cents,
    currency_code: "brl",
    payment_method: method,
    payer_display: maskPayer(partial),
    payer_sealed: seal.seal(partial),
    payer_ip: ipv4(data?.payer_ip),
    items: checkoutItems(data?.items),
  }
  return { ...clearedInputKeys(data), ...sessionData }
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
): Partial<VorexySessionData> | null {
  const current = readSessionData(data)
  const payerGiven = Object.keys(clearedInputKeys(data)).some(
    (k) => data?.[k] !== null && data?.[k] !== undefined
  )
  const amountChanged = cents !== current.amount_cents

  if (current.transaction_id && !amountChanged) {
    if (payerGiven) throw errors.payerLocked()
    return null
  }
  let payerFields: Partial<VorexySessionData> = {}
  if (payerGiven || !current.transaction_id) {
    const previous = seal.open(current.payer_sealed) ?? {}
    const { partial, problems } = readPayer(payerGiven ? data : undefined, customer)
    if (problems.length) throw errors.invalidPayer(problems)
    const merged = { ...previous, ...definedOnly(partial) }
    payerFields = { payer_display: maskPayer(merged), payer_sealed: seal.seal(merged) }
  }
  const forgetCharge: Partial<VorexySessionData> = {
    transaction_id: undefined,
    status: undefined,
    qr_code: undefined,
    qr_code_image: undefined,
    expires_at: undefined,
  }
  return {
    ...current,
    ...clearedInputKeys(data),
    ...payerFields,
    amount: centsToMajor(cents),
    amount_cents: cents,
    ...(amountChanged ? forgetCharge : {}),
  }
}

const definedOnly = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
