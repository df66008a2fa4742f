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

/**
 * Card options as Brazilian shops set them (and the demo does): up to 6 installments, 3
 * interest-free, 4 to 6 at 2.99% a month. A cart of R$ 94,90 in 6 is charged R$ 105,12.
 */
export const INSTALLMENTS_WITH_INTEREST = {
  VOREXY_MAX_INSTALLMENTS: "6",
  VOREXY_INTEREST_FREE_INSTALLMENTS: "3",
  VOREXY_INSTALLMENT_INTEREST_PERCENT: "2.99",
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
