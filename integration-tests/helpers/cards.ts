/**
 * A card as a storefront pays with it: tokenised in the browser by the gateway's tokeniser (here the
 * sandbox's, over HTTP, with the public key /store/vorexy/config gives), never sent to the store.
 */
import type { AxiosInstance } from "axios"
import type { SandboxRef } from "./sandbox"
import type { Store } from "./store"

export const TEST_CARDS = {
  approved: "4111 1111 1111 1111",
  refused: "4000 0000 0000 0002",
  expired: "4000 0000 0000 0119",
  analysis: "4000 0000 0000 9995",
}

/** The token for `number`, made with the public key and script URL the store publishes. */
export async function cardToken(
  api: AxiosInstance,
  store: Store,
  gateway: SandboxRef,
  number: string
): Promise<string> {
  const {
    data: { vorexy },
  } = await api.get("/store/vorexy/config", store.storeHeaders)
  const tokeniser = new URL("/api/v1/card-tokens", vorexy.card.token_script_url)
  expect(tokeniser.origin).toBe(new URL(gateway.sandbox.url).origin)
  const response = await fetch(tokeniser, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://shop.example" },
    body: JSON.stringify({
      publicKey: vorexy.card.public_key,
      number,
      holderName: "ANA SOUZA",
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      cvv: "123",
    }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { token: string }).token
}
