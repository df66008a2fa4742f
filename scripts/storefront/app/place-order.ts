/**
 * Placing the order: contact and address on the cart, a Vorexy payment session with the payer
 * (and the card token), then completion. An order → its payment page; Medusa's payment error (a
 * refused card) → the message, and the cart stays payable (a new card makes a new session).
 */
import { useState } from "react"
import { sessionData } from "../../../src/storefront/index"
import type { VorexyPayer } from "../../../src/storefront/types"
import type { AddressValue } from "./AddressFields"
import { navigate } from "./router"
import { cartId as storedCart, useShop } from "./shop"
import type { ShopMethod } from "./store-api"

export type CardData = { card_token: string; installments: number }

const DECLINED = /^Your card was declined:\s*(.*?)\.?\s*Nothing was charged/s

/** Medusa's messages are in English; the one a shopper acts on most is said in Portuguese. */
export function shopperMessage(message: string) {
  const declined = DECLINED.exec(message)
  if (declined)
    return `Cartão recusado: ${declined[1]}. Nada foi cobrado: tente outro cartão ou outra forma de pagamento.`
  return message
}

function splitName(name: string) {
  const [first, ...rest] = name.trim().split(/\s+/)
  return { first_name: first ?? "", last_name: rest.join(" ") || first || "" }
}

export function usePlaceOrder(cartId: string) {
  const { api } = useShop()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ method: ShopMethod; message: string } | null>(null)

  const place = async (
    method: ShopMethod,
    payer: VorexyPayer,
    address: AddressValue,
    card?: CardData
  ) => {
    setBusy(true)
    setError(null)
    try {
      await api.setContact(cartId, payer.email, {
        ...splitName(payer.name),
        ...address,
        phone: payer.phone,
      })
      await api.startPayment(cartId, method, sessionData(payer, card))
      const result = await api.complete(cartId)
      if (result.type === "order") {
        storedCart.clear()
        navigate(`/order/${result.order.id}`)
        return
      }
      setError({
        method,
        message: shopperMessage(result.error?.message ?? "Não foi possível concluir o pedido."),
      })
    } catch (e) {
      setError({ method, message: shopperMessage((e as Error).message) })
    }
    setBusy(false)
  }

  return { place, busy, error, clearError: () => setError(null) }
}
