/**
 * The gateway requires items plus `shipping.fee` to add up to the charge amount exactly. The cart's
 * lines carry their prices before discounts and taxes, so they often do not: then one summary item
 * carries the amount less shipping. One rule, whatever the cart holds.
 */
import type { CheckoutItem } from "./session-data"

export type ChargeItem = { title: string; unitPrice: number; quantity: number; tangible: boolean }

export function chargeItems(
  lines: CheckoutItem[] | null | undefined,
  shippingFeeCents: number,
  amountCents: number
): { items: ChargeItem[]; fee: number } {
  // Items must carry some of the amount: shipping that is all of it is sent as an item instead.
  const fee = shippingFeeCents > 0 && shippingFeeCents < amountCents ? shippingFeeCents : 0
  // A free line (a gift) adds nothing and a gateway may refuse an item priced 0.
  const items = (lines ?? [])
    .filter((line) => line.unit_price_cents > 0)
    .map((line) => ({
      title: line.title,
      unitPrice: line.unit_price_cents,
      quantity: line.quantity,
      tangible: line.tangible,
    }))
  const sum = items.reduce((total, item) => total + item.unitPrice * item.quantity, 0)
  if (items.length && sum + fee === amountCents) return { items, fee }
  const count = items.reduce((total, item) => total + item.quantity, 0)
  return {
    items: [
      {
        title: count ? `Pedido (${count} ${count === 1 ? "item" : "itens"})` : "Pedido",
        unitPrice: amountCents - fee,
        quantity: 1,
        tangible: items.some((item) => item.tangible),
      },
    ],
    fee,
  }
}
