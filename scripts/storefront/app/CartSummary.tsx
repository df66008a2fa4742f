/** The cart's lines, shipping, discounts and total. */
import { brl, Cart } from "./store-api"

export function CartSummary({ cart }: { cart: Cart }) {
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
            <span>{brl(item.total ?? item.unit_price * item.quantity)}</span>
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
            <span>−{brl(cart.discount_total)}</span>
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
