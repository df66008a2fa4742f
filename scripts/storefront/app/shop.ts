/** What every page of the demo shop shares: the Store API, the Vorexy client, the cart id. */
import { createContext, useContext } from "react"
import type { VorexyClient } from "../../../src/storefront/index"
import type { ShopConfig, StoreApi } from "./store-api"

export type Shop = { config: ShopConfig; api: StoreApi; client: VorexyClient }

export const ShopContext = createContext<Shop | null>(null)

export function useShop(): Shop {
  const shop = useContext(ShopContext)
  if (!shop) throw new Error("useShop outside <ShopContext.Provider>")
  return shop
}

const CART_KEY = "vorexy-demo:cart"

export const cartId = {
  get: () => window.localStorage.getItem(CART_KEY),
  set: (id: string) => window.localStorage.setItem(CART_KEY, id),
  clear: () => window.localStorage.removeItem(CART_KEY),
}

/** A sample delivery address, so a demo order takes a minute (every field stays editable). */
export const SAMPLE_ADDRESS = {
  address_1: "Rua Augusta, 1500",
  address_2: "ap 12 - Consolação",
  city: "São Paulo",
  province: "SP",
  postal_code: "01304-001",
  country_code: "br",
}
