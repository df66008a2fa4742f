import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, generateJwtToken } from "@medusajs/framework/utils"
import { isAxiosError, type AxiosInstance } from "axios"
import { seedVorexyStore } from "../../scripts/seed-demo"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { nextWatch } from "../../src/workflows/utils/watch-schedule"
import type { SandboxRef } from "./sandbox"

export const VALID_PAYER = {
  name: "Ana Souza",
  email: "ana@example.com",
  document: "529.982.247-25",
  phone: "(11) 98765-4321",
}

/** The demo store's seed (BRL region with Vorexy PIX, shipping, product, key) plus request headers. */
export async function seedStore(container: MedusaContainer) {
  const seeded = await seedVorexyStore(container)
  return {
    ...seeded,
    storeHeaders: { headers: { "x-publishable-api-key": seeded.publishableKey } },
  }
}

/** An admin user and a bearer token for the Admin API (as Medusa's own tests mint them). */
export async function adminHeaders(container: MedusaContainer) {
  const email = `admin-${Date.now()}-${Math.round(Math.random() * 1e6)}@vorexy.test`
  const user = await container.resolve(Modules.USER).createUsers({ email })
  const identity = await container.resolve(Modules.AUTH).createAuthIdentities({
    provider_identities: [
      { provider: "emailpass", entity_id: email, provider_metadata: { password: "secret" } },
    ],
    app_metadata: { user_id: user.id },
  })
  const { jwtSecret } = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
    .projectConfig.http
  const token = generateJwtToken(
    { actor_id: user.id, actor_type: "user", auth_identity_id: identity.id },
    { secret: jwtSecret, expiresIn: "1d" }
  )
  return { headers: { authorization: `Bearer ${token}` } }
}

/** What the Store API helpers need of a store: seedStore()'s result, or loadStore()'s. */
export type Store = {
  region: { id: string }
  product: { variants: { id: string }[] }
  storeHeaders: { headers: Record<string, string> }
}

/** The store a running Medusa serves (its first region and product), for scripts outside jest. */
export async function loadStore(api: AxiosInstance, publishableKey: string): Promise<Store> {
  const storeHeaders = { headers: { "x-publishable-api-key": publishableKey } }
  const {
    data: { regions },
  } = await api.get("/store/regions", storeHeaders)
  const {
    data: { products },
  } = await api.get("/store/products?fields=*variants", storeHeaders)
  return { region: regions[0], product: products[0], storeHeaders }
}

/** The response of a request axios rejected for its status (4xx, 5xx): `.catch(errorResponse)`. */
export function errorResponse(error: unknown) {
  if (isAxiosError(error) && error.response) return error.response
  throw error
}

/** A cart with one shirt and standard shipping, through the Store API. */
export async function createCart(api: AxiosInstance, store: Store, quantity = 1) {
  const {
    data: { cart },
  } = await api.post(
    "/store/carts",
    {
      region_id: store.region.id,
      email: "ana@example.com",
      items: [{ variant_id: store.product.variants[0].id, quantity }],
      shipping_address: {
        first_name: "Ana",
        last_name: "Souza",
        address_1: "Rua Augusta, 100",
        city: "São Paulo",
        country_code: "br",
        postal_code: "01305-000",
      },
    },
    store.storeHeaders
  )
  const {
    data: { shipping_options },
  } = await api.get(`/store/shipping-options?cart_id=${cart.id}`, store.storeHeaders)
  await api.post(
    `/store/carts/${cart.id}/shipping-methods`,
    { option_id: shipping_options[0].id },
    store.storeHeaders
  )
  return cart.id as string
}

/** Before each test: the sandbox reset (no data, no faults, no webhook URL) and the store seeded. */
export async function resetAndSeed(gateway: SandboxRef, container: MedusaContainer) {
  gateway.sandbox.reset()
  return seedStore(container)
}

export const PROVIDERS = {
  pix: "pp_vorexy-pix_vorexy",
  boleto: "pp_vorexy-boleto_vorexy",
  card: "pp_vorexy-card_vorexy",
} as const

/** Payment collection + a Vorexy session of `method` with the given data; the raw response. */
export async function startSession(
  api: AxiosInstance,
  store: Store,
  cartId: string,
  method: keyof typeof PROVIDERS,
  data: Record<string, unknown>
) {
  const {
    data: { payment_collection },
  } = await api.post("/store/payment-collections", { cart_id: cartId }, store.storeHeaders)
  return api
    .post(
      `/store/payment-collections/${payment_collection.id}/payment-sessions`,
      { provider_id: PROVIDERS[method], data },
      store.storeHeaders
    )
    .catch(errorResponse)
}

/** Payment collection + a Vorexy PIX session with the given data; returns the raw response. */
export const startPix = (
  api: AxiosInstance,
  store: Store,
  cartId: string,
  data: Record<string, unknown> = VALID_PAYER
) => startSession(api, store, cartId, "pix", data)

/** A full Brazilian billing address (a boleto needs one), as a storefront's checkout sends it. */
export const BILLING_ADDRESS = {
  first_name: "Ana",
  last_name: "Souza",
  address_1: "Rua Augusta, 1500",
  address_2: "ap 12 - Consolação",
  city: "São Paulo",
  province: "SP",
  country_code: "br",
  postal_code: "01304-001",
}

export const setBillingAddress = (
  api: AxiosInstance,
  store: Store,
  cartId: string,
  address: Record<string, unknown> = BILLING_ADDRESS
) => api.post(`/store/carts/${cartId}`, { billing_address: address }, store.storeHeaders)

export const complete = (api: AxiosInstance, store: Store, cartId: string) =>
  api.post(`/store/carts/${cartId}/complete`, {}, store.storeHeaders).catch(errorResponse)

export async function storeOrder(api: AxiosInstance, store: Store, orderId: string) {
  const {
    data: { order },
  } = await api.get(
    `/store/orders/${orderId}?fields=+payment_status,*payment_collections,*payment_collections.payment_sessions`,
    store.storeHeaders
  )
  return order
}

/** Cart -> PIX session -> completed order; returns the ids a test needs. */
export async function placePixOrder(api: AxiosInstance, store: Store) {
  const cartId = await createCart(api, store)
  await startPix(api, store, cartId)
  const { data } = await complete(api, store, cartId)
  const order = await storeOrder(api, store, data.order.id)
  const session = order.payment_collections[0].payment_sessions[0]
  return {
    cartId,
    orderId: order.id as string,
    sessionId: session.id as string,
    transactionId: session.data.transaction_id as string,
  }
}

/** Polls until `check` returns a truthy value (or throws after `timeoutMs`). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
  everyMs = 25
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  while (Date.now() < deadline) {
    try {
      const value = await check()
      if (value) return value
    } catch (error) {
      last = error
    }
    await new Promise((r) => setTimeout(r, everyMs))
  }
  throw new Error(
    `condition not met within ${timeoutMs} ms${last ? ` (last error: ${(last as Error).message})` : ""}`
  )
}

/**
 * Moves a charge's expiry to `at`, as if it had been created earlier: its due date moves with it,
 * as the plugin schedules it (at the expiry and its grace).
 */
export async function moveChargeExpiry(
  container: MedusaContainer,
  transactionId: string,
  at: Date
) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const [charge] = await vorexy.listVorexyCharges({ transaction_id: transactionId })
  await vorexy.updateVorexyCharges({
    id: charge.id,
    expires_at: at,
    next_sync_at: nextWatch({ ...charge, expires_at: at }, vorexy.options),
  })
}
