/**
 * One amount per cart: every session Medusa's completion may authorize is for the cart's total at
 * that moment. Medusa 2.21 does not compare them, and a session made while the cart was changing
 * (an item added, a method's discount applied or removed by another request at the same time)
 * keeps the total it was made for: a card would be charged another amount than the order's.
 */
import { centsToMajor, type MajorAmountInput, toCents } from "../../gateway"
import { PROCESSABLE } from "../../method-discounts/mismatch"

export type CartForAmount = {
  total?: unknown
  payment_collection?: {
    payment_sessions?: Array<{
      provider_id?: string | null
      status?: string | null
      amount?: unknown
    } | null> | null
  } | null
}

const brl = (cents: number) => `R$ ${centsToMajor(cents).replace(".", ",")}`

const cents = (value: unknown): number | null => {
  try {
    return toCents(value as MajorAmountInput)
  } catch {
    return null
  }
}

/** The shopper's message when a session is for another amount than the cart's; null when none. */
export function sessionAmountMismatch(cart: CartForAmount | undefined): string | null {
  const total = cents(cart?.total)
  if (total === null || total <= 0) return null
  for (const session of cart?.payment_collection?.payment_sessions ?? []) {
    if (!session || !PROCESSABLE.has(String(session.status))) continue
    const amount = cents(session.amount)
    if (amount === total) continue
    return `This cart's total is ${brl(total)}, but its payment was prepared for ${amount === null ? "another amount" : brl(amount)} (the cart changed while it was being prepared). Choose your payment method again to pay ${brl(total)}; nothing was charged.`
  }
  return null
}
