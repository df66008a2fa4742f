/**
 * The Store API calls the demo shop makes (plain fetch with the publishable key): products, the
 * cart with its shipping, the payment session and completion, the order. The payment itself (QR,
 * boleto, card status, status follow-up) is the storefront package's.
 */

export type ShopConfig = { backendUrl: string; publishableKey: string }

export type Price = { calculated_amount: number; currency_code: string }
export type Variant = { id: string; title: string; calculated_price?: Price }
export type Product = {
  id: string
  title: string
  description: string | null
  thumbnail: string | null
  variants: Variant[]
}
export type LineItem = {
  id: string
  title: string
  variant_title?: string | null
  quantity: number
  unit_price: number
  total: number
  /** Before discounts. */
  original_total?: number
}
export type Cart = {
  id: string
  region_id: string
  email: string | null
  items: LineItem[]
  item_total: number
  shipping_total: number
  discount_total: number
  total: number
  currency_code: string
  shipping_methods?: { id: string; name: string; amount: number }[]
  promotions?: { code: string }[]
}
export type Order = {
  id: string
  display_id: number
  email: string
  total: number
  currency_code: string
  items: LineItem[]
}
export type Address = {
  first_name: string
  last_name: string
  address_1: string
  address_2: string
  city: string
  province: string
  postal_code: string
  country_code: string
  phone?: string
}

/** The shape of `POST /store/carts/:id/complete`: an order, or the cart with Medusa's error. */
export type Completion =
  | { type: "order"; order: { id: string } }
  | { type: "cart"; cart: Cart; error?: { message?: string; type?: string } }

export const PROVIDERS = {
  pix: "pp_vorexy-pix_vorexy",
  boleto: "pp_vorexy-boleto_vorexy",
  card: "pp_vorexy-card_vorexy",
} as const
export type ShopMethod = keyof typeof PROVIDERS

export class StoreApiError extends Error {
  constructor(
    message: string,
    readonly status: number
  ) {
    super(message)
  }
}

const CART_FIELDS =
  "*items,+item_total,+shipping_total,+discount_total,+total,*shipping_methods,*promotions"

/** `medusa develop` restarts on every file change: a read waits for it (up to ~30 s). */
async function fetchRetrying(url: string, init: RequestInit, retries: number): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (error) {
    if (init.method !== "GET" || retries <= 0) throw error
    await new Promise((resolve) => setTimeout(resolve, 1500))
    return fetchRetrying(url, init, retries - 1)
  }
}

export function storeApi(config: ShopConfig) {
  async function call<T>(path: string, body?: unknown): Promise<T> {
    const init: RequestInit = {
      method: body === undefined ? "GET" : "POST",
      headers: {
        "content-type": "application/json",
        "x-publishable-api-key": config.publishableKey,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }
    const response = await fetchRetrying(`${config.backendUrl}${path}`, init, 20)
    const data = await response.json().catch(() => ({}))
    if (!response.ok)
      throw new StoreApiError(data?.message ?? `Erro ${response.status}`, response.status)
    return data as T
  }

  return {
    async region() {
      const { regions } = await call<{ regions: { id: string }[] }>("/store/regions")
      return regions[0]
    },
    async products(regionId: string) {
      const { products } = await call<{ products: Product[] }>(
        `/store/products?region_id=${regionId}&fields=*variants,*variants.calculated_price`
      )
      return products
    },
    /** A cart with the item and the first shipping option to Brazil (the address comes later). */
    async createCart(regionId: string, variantId: string, quantity: number) {
      const { cart } = await call<{ cart: Cart }>("/store/carts", {
        region_id: regionId,
        items: [{ variant_id: variantId, quantity }],
        shipping_address: { country_code: "br" },
      })
      const { shipping_options } = await call<{ shipping_options: { id: string }[] }>(
        `/store/shipping-options?cart_id=${cart.id}`
      )
      if (shipping_options[0])
        await call(`/store/carts/${cart.id}/shipping-methods`, {
          option_id: shipping_options[0].id,
        })
      return cart.id
    },
    async cart(id: string) {
      const { cart } = await call<{ cart: Cart }>(`/store/carts/${id}?fields=${CART_FIELDS}`)
      return cart
    },
    async setContact(cartId: string, email: string, address: Address) {
      await call(`/store/carts/${cartId}`, {
        email,
        shipping_address: address,
        billing_address: address,
      })
    },
    /** The cart's payment collection (Medusa reuses it) and a new session, replacing any other. */
    async startPayment(cartId: string, method: ShopMethod, data: Record<string, unknown>) {
      const { payment_collection } = await call<{ payment_collection: { id: string } }>(
        "/store/payment-collections",
        { cart_id: cartId }
      )
      await call(`/store/payment-collections/${payment_collection.id}/payment-sessions`, {
        provider_id: PROVIDERS[method],
        data,
      })
    },
    complete: (cartId: string) => call<Completion>(`/store/carts/${cartId}/complete`, {}),
    async order(id: string) {
      const { order } = await call<{ order: Order }>(
        `/store/orders/${id}?fields=id,display_id,email,total,currency_code,*items`
      )
      return order
    },
  }
}

export type StoreApi = ReturnType<typeof storeApi>

export const brl = (amount: number) =>
  new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(amount)

/**
 * Cart totals are in reais (79.9); the payment components work in cents. Shifted in decimal, not
 * multiplied: 90.905 × 100 is 9090.4999… in binary, but the store charges 9091 (half up).
 */
export const toCents = (amount: number) => Math.round(Number(`${amount}e2`))
