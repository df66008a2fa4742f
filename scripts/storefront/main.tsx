/**
 * The demo shop (`npm run demo` serves it): products → checkout (payer, address, PIX / boleto /
 * card) → the order's payment page, which follows the charge live and is reachable again by its
 * link (`/order/:id`). Built on the storefront package (src/storefront) as a store would use it.
 */
import { StrictMode, useEffect, useMemo, useState } from "react"
import { createRoot } from "react-dom/client"
import { createVorexyClient } from "../../src/storefront/index"
import "../../src/storefront/styles.css"
import "./app.css"
import { CheckoutPage } from "./app/CheckoutPage"
import { OrderPage } from "./app/OrderPage"
import { ProductsPage } from "./app/ProductsPage"
import { Link, usePath } from "./app/router"
import { Shop, ShopContext } from "./app/shop"
import { ShopConfig, storeApi } from "./app/store-api"

function Routes() {
  const path = usePath()
  const order = /^\/order\/([^/]+)\/?$/.exec(path)
  if (order) return <OrderPage key={order[1]} orderId={decodeURIComponent(order[1])} />
  if (/^\/checkout\/?$/.test(path)) return <CheckoutPage />
  if (path === "/") return <ProductsPage />
  return (
    <p className="shop-notice">
      Página não encontrada. <Link to="/">Voltar à loja</Link>
    </p>
  )
}

function App({ config }: { config: ShopConfig }) {
  const shop = useMemo<Shop>(
    () => ({
      config,
      api: storeApi(config),
      client: createVorexyClient({
        baseUrl: config.backendUrl,
        publishableKey: config.publishableKey,
      }),
    }),
    [config]
  )
  return (
    <ShopContext.Provider value={shop}>
      <header className="shop-header">
        <Link to="/" className="shop-brand">
          Loja Vorexy <small>demo</small>
        </Link>
        <span className="shop-sandbox">Ambiente de testes: nenhum pagamento é real</span>
      </header>
      <main className="shop-main">
        <Routes />
      </main>
    </ShopContext.Provider>
  )
}

function Boot() {
  const [config, setConfig] = useState<ShopConfig | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    fetch("/config.json")
      .then((response) => response.json() as Promise<ShopConfig>)
      .then(setConfig)
      .catch((e: Error) => setError(e.message))
  }, [])
  if (error) return <p className="shop-error">Não foi possível carregar a loja: {error}</p>
  if (!config) return <p className="shop-notice">Carregando…</p>
  return <App config={config} />
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Boot />
  </StrictMode>
)
