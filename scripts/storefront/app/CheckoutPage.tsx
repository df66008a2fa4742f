/** The checkout: who pays (the payer form), where to, how (PIX, boleto, card), place the order. */
import { useEffect, useState } from "react"
import { methodDiscountText, VorexyCardForm, VorexyPayerForm } from "../../../src/storefront/index"
import type { VorexyPayer, VorexyStoreConfig } from "../../../src/storefront/types"
import { AddressFields, AddressValue } from "./AddressFields"
import { CartSummary } from "./CartSummary"
import { MethodPicker } from "./MethodPicker"
import { usePlaceOrder } from "./place-order"
import { Link } from "./router"
import { cartId as storedCart, SAMPLE_ADDRESS, useShop } from "./shop"
import { brl, Cart, PROVIDERS, ShopMethod, toCents } from "./store-api"

const EMPTY_PAYER: VorexyPayer = { name: "", email: "", document: "", phone: "" }

export function CheckoutPage() {
  const { api } = useShop()
  const id = storedCart.get()
  const [cart, setCart] = useState<Cart | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!id) return
    let live = true
    api
      .cart(id)
      .then((loaded) => live && setCart(loaded))
      .catch((e: Error) => live && setError(e.message))
    return () => {
      live = false
    }
  }, [api, id])

  if (!id || error)
    return (
      <p className="shop-notice">
        {error ? `Carrinho indisponível: ${error}. ` : "Seu carrinho está vazio. "}
        <Link to="/">Escolher um produto</Link>
      </p>
    )
  if (!cart) return <p className="shop-notice">Carregando o carrinho…</p>
  return <Checkout cart={cart} onCart={setCart} />
}

function Checkout({ cart, onCart }: { cart: Cart; onCart: (cart: Cart) => void }) {
  const { api, client } = useShop()
  const [payer, setPayer] = useState<VorexyPayer>(EMPTY_PAYER)
  const [payerValid, setPayerValid] = useState(false)
  const [showErrors, setShowErrors] = useState(false)
  const [address, setAddress] = useState<AddressValue>(SAMPLE_ADDRESS)
  const [method, setMethod] = useState<ShopMethod>("pix")
  const [config, setConfig] = useState<VorexyStoreConfig | null>(null)
  const { place, busy, error, clearError } = usePlaceOrder(cart.id)

  // The method whose discount the cart's totals include (null until the store has answered).
  const [chosen, setChosen] = useState<ShopMethod | null>(null)
  const choosing = chosen !== method
  const amountCents = toCents(cart.total)

  // The store applies (or removes) the method's discount as the shopper picks: the total they
  // see is the total they pay. A failed answer leaves the totals as they were (the payment
  // session applies the discount anyway).
  useEffect(() => {
    let live = true
    client
      .choosePaymentMethod(cart.id, PROVIDERS[method])
      .then(() => api.cart(cart.id))
      .then((loaded) => live && onCart(loaded))
      .catch(() => undefined)
      .finally(() => live && setChosen(method))
    return () => {
      live = false
    }
  }, [client, api, cart.id, method, onCart])
  useEffect(() => {
    let live = true
    client
      .config(amountCents)
      .then((loaded) => live && setConfig(loaded))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [client, amountCents])

  /** The payer comes first: with errors shown, nothing is sent until it is valid. */
  const ready = () => {
    if (payerValid) return true
    setShowErrors(true)
    return false
  }
  const pick = (next: ShopMethod) => {
    clearError()
    setMethod(next)
  }

  return (
    <div className="shop-checkout">
      <section className="shop-checkout__main">
        <h1>Finalizar compra</h1>
        <div className="shop-panel">
          <VorexyPayerForm
            value={payer}
            onChange={(next, valid) => {
              setPayer(next)
              setPayerValid(valid)
            }}
            locale="pt-BR"
            showErrors={showErrors}
            disabled={busy}
          />
        </div>
        <AddressFields value={address} onChange={setAddress} disabled={busy} />
        <MethodPicker
          value={method}
          onChange={pick}
          disabled={busy}
          offers={{
            pix: methodDiscountText(config?.pix.discount, "pix"),
            boleto: methodDiscountText(config?.boleto.discount, "boleto"),
          }}
        />

        {method === "card" ? (
          config?.card ? (
            <div className="shop-panel">
              <VorexyCardForm
                client={client}
                config={config.card}
                amountCents={amountCents}
                locale="pt-BR"
                disabled={busy || choosing}
                error={error?.method === "card" ? error.message : undefined}
                submitLabel={busy ? "Processando…" : `Pagar ${brl(cart.total)}`}
                onTokenized={async (card) => {
                  if (ready()) await place("card", payer, address, card)
                }}
              />
            </div>
          ) : (
            <p className="shop-notice">{config ? "Cartão indisponível." : "Carregando…"}</p>
          )
        ) : (
          <div className="shop-place">
            {error && error.method === method && (
              <p role="alert" className="shop-error">
                {error.message}
              </p>
            )}
            <button
              className="shop-button"
              disabled={busy || choosing}
              onClick={() => ready() && void place(method, payer, address)}
            >
              {busy ? "Gerando o pagamento…" : `Finalizar pedido (${brl(cart.total)})`}
            </button>
          </div>
        )}
      </section>
      <CartSummary cart={cart} />
    </div>
  )
}
