/**
 * The session data before the charge exists: the payer the storefront sent (validated, sealed with
 * the IP Medusa saw; never shown, not even masked), the amount, and the cart's items the plugin attached.
 */
import type { PaymentCustomerDTO } from "@medusajs/framework/types"
import { forgottenFacts } from "../../../charge-facts"
import { centsToMajor } from "../../../gateway"
import type { VorexyOptions } from "../options"
import { gatewayAddress, MedusaAddress, withNeighbourhood } from "./address"
import { errorsFor, MethodLabel } from "./errors"
import type { ChargedAmount, ChargeMethod } from "./methods/types"
import { exceedsDataLimit } from "./data-size"
import { cardFieldsIn } from "./raw-card"
import { PAYER_INPUT_KEYS, PayerSeal, readPayer, SealedPayer } from "./payer"
import {
  checkoutItems,
  ipv4,
  ownedData,
  providerFields,
  readSessionData,
  storefrontSent,
  VorexySessionData,
} from "./session-data"

type Input = Record<string, unknown> | undefined

/**
 * What a new session's data says, checked as the provider checks it: its size, no card details,
 * the payer, and what the method needs (a boleto's document and address, a card's token and
 * split). Throws the shopper's message. The store route runs it before it changes anything on the
 * cart (a refused request leaves the cart as it was), and initiatePayment runs it again.
 */
export function readSessionInput(
  method: ChargeMethod,
  options: VorexyOptions,
  cents: number,
  data: Input,
  customer?: PaymentCustomerDTO
) {
  const label = method.label
  // Only what the storefront sent: titles and addresses from the catalogue and the cart are full of
  // digit runs ("Grade 34 35 36 ... 44") that are no card.
  const sent = storefrontSent(data)
  if (exceedsDataLimit(sent)) throw errorsFor(label).dataTooLarge()
  const card = cardFieldsIn(sent)
  if (card.length) throw errorsFor(label).rawCard(card)
  const { partial, problems } = readPayer(data, customer)
  if (problems.length) throw errorsFor(label).invalidPayer(problems)
  // A cart without a billing address bills its shipping address (what storefronts default to).
  const address = gatewayAddress(
    withNeighbourhood(
      (data?.billing_address ?? data?.shipping_address) as MedusaAddress | undefined,
      data?.neighborhood
    )
  )
  const shipping = gatewayAddress(data?.shipping_address as MedusaAddress | undefined)
  const extra = method.readInput({ data, amountCents: cents, options, payer: partial, address })
  return { partial, address, shipping, extra }
}

/** The data of a new session (initiatePayment): nothing leaves for the gateway yet. */
export function initialSessionData(
  seal: PayerSeal,
  method: ChargeMethod,
  options: VorexyOptions,
  cents: number,
  data: Input,
  customer?: PaymentCustomerDTO
) {
  const { partial, address, shipping, extra } = readSessionInput(
    method,
    options,
    cents,
    data,
    customer
  )
  // Set by Medusa after the storefront's data, so it is the real session id.
  const sessionId = typeof data?.session_id === "string" ? data.session_id : ""
  const sealed: SealedPayer = {
    ...partial,
    ip: ipv4(data?.payer_ip),
    ...("address" in address ? { address: address.address } : {}),
    ...("address" in shipping ? { shipping_address: shipping.address } : {}),
    ...extra.sealed,
  }
  const charged = extra.chargedCents ?? cents
  const sessionData: VorexySessionData = {
    session_id: sessionId,
    ...amountFields(cents, charged),
    currency_code: "brl",
    payment_method: method.paymentMethod.toLowerCase() as VorexySessionData["payment_method"],
    payer_sealed: seal.seal(sealed, sessionId),
    items: checkoutItems(data?.items) ?? null,
    shipping_fee_cents: nonNegativeInteger(data?.shipping_fee_cents),
    ...extra.shown,
  }
  return { sessionId, data: ownedData(data, sessionData) }
}

/** What the gateway charges, and Medusa's amount beside it when they differ. */
const amountFields = (orderCents: number, chargedCents: number) => ({
  amount: centsToMajor(chargedCents),
  amount_cents: chargedCents,
  order_amount_cents: chargedCents === orderCents ? null : orderCents,
})

const nonNegativeInteger = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 0 ? (value as number) : null

/**
 * The data after an update (updatePayment): the payer may change until the charge exists; a new
 * amount forgets the old charge so authorisation creates a new one. Null: nothing changes.
 */
export function updatedSessionData(
  seal: PayerSeal,
  label: MethodLabel,
  amounts: { orderCents: number; charged: ChargedAmount },
  data: Input,
  customer?: PaymentCustomerDTO
): Record<string, unknown> | null {
  const current = readSessionData(data)
  const sessionId = current.session_id ?? ""
  const payerGiven = PAYER_INPUT_KEYS.some((k) => data?.[k] !== null && data?.[k] !== undefined)
  const { orderCents, charged } = amounts
  const amountChanged = charged.cents !== current.amount_cents

  if (current.transaction_id && !amountChanged) {
    if (payerGiven) throw errorsFor(label).payerLocked()
    return null
  }
  let payerFields: Partial<VorexySessionData> = {}
  if (payerGiven || !current.transaction_id) {
    const previous = seal.open(current.payer_sealed, sessionId) ?? {}
    const { partial, problems } = readPayer(payerGiven ? data : undefined, customer)
    if (problems.length) throw errorsFor(label).invalidPayer(problems)
    const merged = { ...previous, ...definedOnly(partial) }
    payerFields = {
      payer_sealed: seal.seal(merged, sessionId),
    }
  }
  const forgetCharge: Partial<VorexySessionData> = {
    transaction_id: null,
    status: null,
    gateway_status: null,
    charge_binding: null,
    // Its facts; what the shopper chose (the installments) stays.
    ...forgottenFacts(),
    // The cart changed: the lines and shipping attached earlier may no longer be its own (the
    // charge then carries one summary item for the amount).
    items: null,
    shipping_fee_cents: null,
  }
  return ownedData(data, {
    ...providerFields(current),
    ...payerFields,
    ...amountFields(orderCents, charged.cents),
    ...(amountChanged ? { ...forgetCharge, ...charged.shown } : {}),
  })
}

const definedOnly = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
