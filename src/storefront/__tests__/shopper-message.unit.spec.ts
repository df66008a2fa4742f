import { shopperMessage } from "../shopper-message"

it("says a declined card again in Portuguese, with the issuer's reason", () => {
  const message =
    "Your card was declined: Saldo insuficiente. Nothing was charged: try another card or another payment method."
  expect(shopperMessage(message)).toBe(
    "Seu cartão foi recusado: Saldo insuficiente. Nada foi cobrado: tente outro cartão ou outra forma de pagamento."
  )
  expect(shopperMessage(message, "en")).toBe(message)
})

it("recognises the checkout errors a shopper meets", () => {
  expect(
    shopperMessage(
      "Vorexy card: we could not confirm your card payment: Vorexy did not answer. Do not enter your card again: place the order again to check it (this never charges the card twice)."
    )
  ).toMatch(/^Não conseguimos confirmar o pagamento com cartão/)
  expect(
    shopperMessage(
      "Vorexy PIX: invalid payer data: document 123 is not a valid CPF or CNPJ (e.g. 000.000.000-00).",
      "en"
    )
  ).toBe(
    "Check the payer's details: document 123 is not a valid CPF or CNPJ (e.g. 000.000.000-00)."
  )
  expect(
    shopperMessage(
      "Vorexy PIX is not available: the store's Vorexy credentials were refused (HTTP 401). Please try again later or choose another payment method."
    )
  ).toMatch(/^O pagamento está indisponível/)
  expect(
    shopperMessage(
      "Vorexy boleto: a boleto needs the payer's CPF or CNPJ (data.document); billing address: the whole billing address. Complete them and choose boleto again."
    )
  ).toBe(
    "Para gerar o boleto, complete o endereço de cobrança: CPF ou CNPJ; o endereço de cobrança."
  )
})

it("shows anything else as the store sent it, cut to a bounded length", () => {
  expect(shopperMessage("Cart not found")).toBe("Cart not found")
  expect(shopperMessage("x".repeat(50_000))).toHaveLength(2_000)
})

it("says the store's refusals of card data, size and a missing payer in the shopper's words", () => {
  expect(
    shopperMessage(
      "Vorexy PIX: card details (name) must never be sent to the store: tokenise the card in the browser with the gateway's script and send only data.card_token. Nothing was stored."
    )
  ).toMatch(/^Por segurança, o número do cartão não pode ser enviado/)
  expect(
    shopperMessage("Vorexy PIX: the payment session data is too large (at most 16 KB …).", "en")
  ).toBe("The payment details are too large. Reload the page and try again.")
  expect(
    shopperMessage(
      "Vorexy PIX: the payer's email is required to create the charge: send them in the payment session data (name, email, document, phone) or sign in."
    )
  ).toMatch(/^Informe os dados do pagador/)
})

it("says the store's refusals of a new PIX or boleto, and of a card in the address, in the shopper's words", () => {
  expect(
    shopperMessage(
      "Asking for a new payment for this order needs the link in its latest payment e-mail, or the account that placed it: open the order from the latest e-mail, or log in, and try again."
    )
  ).toMatch(/^Para gerar um novo pagamento, abra o pedido pelo link do último e-mail/)
  expect(
    shopperMessage(
      "Too many requests for a new PIX or boleto from this connection in the last hour: please try again later, or open the order from its latest payment e-mail.",
      "en"
    )
  ).toBe("Too many attempts in the last hour. Please try again later.")
  expect(
    shopperMessage(
      "Vorexy PIX: the cart's address (shipping_address.address_1) holds what reads as card details: a card never belongs in an address. Correct the address and choose the payment method again. Nothing was stored."
    )
  ).toMatch(/^O endereço parece conter dados de cartão/)
})

it("says each refusal of a new PIX or boleto in Portuguese, never the store's English", () => {
  const refusals = [
    "This store does not issue a new charge for an order.",
    "Only a PIX or a boleto can be issued again.",
    "This order's PIX was paid: there is nothing more to pay.",
    "This order's boleto needs the store's attention (a payment may have arrived): please contact the store.",
    "This order's PIX is no longer offered: please contact the store.",
    "This order's PIX can still be paid.",
    "The time to issue a new boleto for this order has ended: please place a new order.",
    "This order already had 2 new PIX codes, the most this store issues: please place a new order.",
    "This order's payment was replaced: a new charge cannot be issued for it.",
    "This order was cancelled: please place a new order.",
    "This order is already paid: there is nothing more to pay.",
    "A new charge is being made for this order: please try again in a moment.",
    "This order's payment details can no longer be read by the store: please place a new order.",
    "Could not reach the store: fetch failed",
  ]
  for (const message of refusals) {
    const said = shopperMessage(message)
    expect(said).not.toBe(message)
    expect(said).not.toMatch(/\b(the|this|order|please)\b/i)
  }
  expect(shopperMessage("The time to issue a new PIX for this order has ended", "en")).toBe(
    "The time to issue a new payment for this order has ended: please place a new order."
  )
})
