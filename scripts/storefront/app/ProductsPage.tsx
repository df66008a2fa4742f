/** The catalogue: the seeded shirt, a size and a quantity, "Comprar" → a cart → the checkout. */
import { useEffect, useState } from "react"
import { navigate } from "./router"
import { cartId, useShop } from "./shop"
import { brl, Product } from "./store-api"

export function ProductsPage() {
  const { api } = useShop()
  const [regionId, setRegionId] = useState<string | null>(null)
  const [products, setProducts] = useState<Product[] | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    api
      .region()
      .then(async (region) => {
        const list = await api.products(region.id)
        if (!live) return
        setRegionId(region.id)
        setProducts(list)
      })
      .catch((e: Error) => live && setError(e.message))
    return () => {
      live = false
    }
  }, [api])

  if (error) return <p className="shop-error">Não foi possível carregar os produtos: {error}</p>
  if (!products || !regionId) return <p className="shop-notice">Carregando produtos…</p>
  return (
    <section>
      <h1>Produtos</h1>
      <div className="shop-products">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} regionId={regionId} />
        ))}
      </div>
    </section>
  )
}

function ProductCard({ product, regionId }: { product: Product; regionId: string }) {
  const { api } = useShop()
  const [variantId, setVariantId] = useState(product.variants[0]?.id ?? "")
  const [quantity, setQuantity] = useState(1)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const variant = product.variants.find((v) => v.id === variantId)
  const price = variant?.calculated_price?.calculated_amount

  const buy = async () => {
    setBusy(true)
    setError(null)
    try {
      cartId.set(await api.createCart(regionId, variantId, quantity))
      navigate("/checkout")
    } catch (e) {
      setError((e as Error).message)
      setBusy(false)
    }
  }

  return (
    <article className="shop-card" data-testid="product">
      <div className="shop-card__image" aria-hidden="true">
        👕
      </div>
      <h2>{product.title}</h2>
      {product.description && <p>{product.description}</p>}
      {price !== undefined && <p className="shop-price">{brl(price)}</p>}
      <label>
        Tamanho
        <select name="variant" value={variantId} onChange={(e) => setVariantId(e.target.value)}>
          {product.variants.map((v) => (
            <option key={v.id} value={v.id}>
              {v.title}
            </option>
          ))}
        </select>
      </label>
      <label>
        Quantidade
        <input
          name="quantity"
          type="number"
          min={1}
          max={10}
          value={quantity}
          onChange={(e) => setQuantity(Math.max(1, Math.min(10, Number(e.target.value) || 1)))}
        />
      </label>
      <button className="shop-button" onClick={buy} disabled={busy || !variantId}>
        {busy ? "Criando o carrinho…" : "Comprar"}
      </button>
      {error && (
        <p role="alert" className="shop-error">
          {error}
        </p>
      )}
    </article>
  )
}
