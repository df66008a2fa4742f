/**
 * `/order/:id`: the confirmation and payment page. Right after checkout and whenever the shopper
 * comes back by its link, it shows the live PIX / boleto (or the card's result) and flips to paid
 * by itself (the storefront package follows the charge's status).
 */
import { useEffect, useState } from "react"
import {
  takeOrderToken,
  viewState,
  VorexyPayment,
  type VorexyPaymentStatus,
} from "../../../src/storefront/index"
import { Link } from "./router"
import { useShop } from "./shop"
import { SimulatePayment } from "./SimulatePayment"
import { brl, Order } from "./store-api"

/** The page's title and line for each state of the payment. */
function headline(state: string, total: string, renewable: boolean, method?: string) {
  if (state === "paid")
    return ["Pagamento confirmado!", `Obrigado! Recebemos o seu pagamento de ${total}.`]
  if (state === "pending" || state === "analysis")
    return [
      "Pedido recebido",
      `Seu pedido de ${total} está reservado. Pague abaixo para confirmá-lo.`,
    ]
  // The gateway does not know the charge (the payment view stops following it).
  if (state === "unconfirmed")
    return [
      "Pagamento não confirmado",
      "Não conseguimos confirmar este pagamento. Fale com a loja.",
    ]
  // The store keeps the order for a new PIX or boleto ("Gerar novo PIX" / "2ª via", below).
  if (renewable)
    return [
      method === "boleto" ? "Boleto vencido" : "PIX expirado",
      `Seu pedido de ${total} continua reservado: gere ${method === "boleto" ? "a 2ª via do boleto" : "um novo PIX"} abaixo para pagá-lo.`,
    ]
  return ["Pedido não pago", "O pagamento não foi concluído. Faça um novo pedido quando quiser."]
}

export function OrderPage({ orderId }: { orderId: string }) {
  const { api, client } = useShop()
  const [order, setOrder] = useState<Order | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [paid, setPaid] = useState(false)
  // The payment view's own follow-up, passed up: the title and the demo's button read it.
  const [status, setStatus] = useState<VorexyPaymentStatus | null>(null)
  const state = paid ? "paid" : status ? viewState(status) : "pending"
  // The order's token, from the e-mail's link: it lets this page ask for a new PIX or boleto
  // (taken out of the address bar once read, kept for this tab).
  const [orderToken] = useState(() => takeOrderToken(orderId))

  useEffect(() => {
    let live = true
    api
      .order(orderId)
      .then((loaded) => live && setOrder(loaded))
      .catch((e: Error) => live && setError(e.message))
    return () => {
      live = false
    }
  }, [api, orderId])

  if (error)
    return (
      <p className="shop-error">
        Pedido não encontrado ({error}). <Link to="/">Voltar à loja</Link>
      </p>
    )
  if (!order) return <p className="shop-notice">Carregando o pedido…</p>

  const link = `${window.location.origin}/order/${order.id}`

  const renewable =
    state === "expired" && Boolean(status?.renewable_until) && (status?.renewals_left ?? 0) > 0
  const [title, line] = headline(state, brl(order.total), renewable, status?.method)
  return (
    <div className="shop-order" data-testid="order-page" data-state={state}>
      <section className="shop-order__head">
        <h1>
          {title} <span className="shop-order__number">#{order.display_id}</span>
        </h1>
        <p>
          {line} Enviamos os detalhes para <strong>{order.email}</strong>.
        </p>
        <p className="shop-order__link">
          Link deste pedido (volte a ele quando quiser):{" "}
          <a href={link} data-testid="order-link">
            {link}
          </a>
        </p>
      </section>

      <div className="shop-panel">
        <VorexyPayment
          client={client}
          target={{ orderId: order.id }}
          locale="pt-BR"
          shareUrl={link}
          orderToken={orderToken}
          onPaid={() => setPaid(true)}
          onStatus={setStatus}
        />
      </div>

      {/* A new charge (after "Gerar novo PIX") gets its own buttons. */}
      {!paid && <SimulatePayment key={status?.transaction_id} status={status} />}

      <section className="shop-summary">
        <h2>Itens</h2>
        <ul>
          {order.items.map((item) => (
            <li key={item.id}>
              <span>
                {item.quantity}× {item.title}
                {item.variant_title ? ` (${item.variant_title})` : ""}
              </span>
              <span>{brl(item.total)}</span>
            </li>
          ))}
        </ul>
        <p>
          <Link to="/">Continuar comprando</Link>
        </p>
      </section>
    </div>
  )
}
