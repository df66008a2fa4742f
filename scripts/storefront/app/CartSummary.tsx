/** The cart's lines, shipping, discounts and total. */
import { brl, Cart, toCents } from "./store-api"

/** A line as priced, before discounts (its discount is shown on its own line). */
const linePrice = (item: Cart["items"][number]) =>
  item.original_total ?? item.unit_price * item.quantity

export function CartSummary({ cart }: { cart: Cart }) {
  // Medusa keeps a percent discount's fractions of a centavo (R$ 3,995): the discount shown is
  // what makes the lines shown add up to the total shown (and charged), R$ 3,99.
  const shownCents =
    cart.items.reduce((sum, item) => sum + toCents(linePrice(item)), 0) +
    toCents(cart.shipping_total ?? 0)
  const discountCents = shownCents - toCents(cart.total)
  return (
    <aside className="shop-summary" aria-label="Resumo do pedido">
      <h2>Seu pedido</h2>
      <ul>
        {cart.items.map((item) => (
          <li key={item.id}>
            <span>
              {item.quantity}× {item.title}
              {item.variant_title ? ` (${item.variant_title})` : ""}
            </span>
            <span>{brl(linePrice(item))}</span>
          </li>
        ))}
        <li>
          <span>Frete</span>
          <span>{brl(cart.shipping_total ?? 0)}</span>
        </li>
        {cart.discount_total > 0 && (
          <li className="shop-summary__discount" data-testid="cart-discount">
            <span>
              Desconto
              {cart.promotions?.length
                ? ` (${cart.promotions.map((promotion) => promotion.code).join(", ")})`
                : ""}
            </span>
            <span>−{brl(discountCents / 100)}</span>
          </li>
        )}
      </ul>
      <p className="shop-summary__total">
        <span>Total</span>
        <strong data-testid="cart-total">{brl(cart.total)}</strong>
      </p>
    </aside>
  )
}
