/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react"
import { createRef } from "react"
import { VorexyStorefrontError } from "../errors"
import {
  VorexyPaymentFields,
  type VorexyPaymentFieldsHandle,
  type VorexyPaymentFieldsProps,
} from "../react/vorexy-payment-fields"
import { CARD_CONFIG } from "./fixtures"

const fill = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

const PIX_DISCOUNT = { code: "DESCONTO-PIX", percent: 5, amount: null, minimum_total: 0 }

function setup(over: Partial<VorexyPaymentFieldsProps> = {}, card = CARD_CONFIG) {
  const config = jest.fn().mockResolvedValue({
    pix: { expires_in_days: 1, discount: PIX_DISCOUNT },
    boleto: { expires_in_days: 3, discount: null },
    card,
  })
  const tokenizeCard = jest.fn().mockResolvedValue("tok_123")
  const ref = createRef<VorexyPaymentFieldsHandle>()
  const view = render(
    <VorexyPaymentFields
      ref={ref}
      client={{ config, tokenizeCard }}
      providerId="pp_vorexy-pix_vorexy"
      amountCents={9990}
      email="maria@example.com"
      name="Maria Silva"
      locale="en"
      {...over}
    />
  )
  const sessionData = async () => {
    let data: Record<string, unknown> | null | undefined
    await act(async () => {
      data = await ref.current!.sessionData()
    })
    return data
  }
  return { ...view, config, tokenizeCard, ref, sessionData }
}

it("says the method's discount before the shopper commits, and none for a method without one", async () => {
  const { container, rerender, config, tokenizeCard, ref } = setup()
  expect(await screen.findByText("5% off with PIX")).toBeTruthy()
  rerender(
    <VorexyPaymentFields
      ref={ref}
      client={{ config, tokenizeCard }}
      providerId="pp_vorexy-boleto_vorexy"
      amountCents={9990}
      email="maria@example.com"
      name="Maria Silva"
      locale="en"
    />
  )
  await act(async () => {
    await Promise.resolve()
  })
  expect(container.querySelector(".vorexy-offer")).toBeNull()
})

const labels = (container: HTMLElement) =>
  Array.from(container.querySelectorAll("label")).map((l) => l.textContent)

it("asks a PIX payer only for what the checkout lacks, and hands back the session data", async () => {
  const { container, sessionData } = setup({ phone: "+55 11 98765-4321" })
  expect(labels(container)).toEqual(["CPF or CNPJ", "Mobile phone with area code"])
  // The checkout's phone is offered, masked.
  expect((screen.getByLabelText("Mobile phone with area code") as HTMLInputElement).value).toBe(
    "(11) 98765-4321"
  )
  fill("CPF or CNPJ", "52998224725")
  expect((screen.getByLabelText("CPF or CNPJ") as HTMLInputElement).value).toBe("529.982.247-25")
  await expect(sessionData()).resolves.toEqual({
    name: "Maria Silva",
    email: "maria@example.com",
    document: "52998224725",
    phone: "11987654321",
  })
})

it("shows every problem by its field, focuses the first, and gives nothing to send", async () => {
  const { sessionData } = setup({ email: null, name: "" })
  fill("CPF or CNPJ", "52998224726")
  await expect(sessionData()).resolves.toBeNull()
  expect(screen.getByLabelText("Full name")).toBe(document.activeElement)
  expect(screen.getByText("Invalid CPF: check the digits.")).toBeTruthy()
  expect(screen.getByText("Enter the area code and the 8- or 9-digit number.")).toBeTruthy()
  expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true")
})

it("asks a boleto for the neighbourhood only when the billing address lacks it, and sends it", async () => {
  const withIt = setup({
    providerId: "pp_vorexy-boleto_vorexy",
    billingAddress: { address_2: "apto 12 - Consolação" },
  })
  expect(labels(withIt.container)).not.toContain("Neighbourhood (bairro)")
  withIt.unmount()

  const { container, sessionData } = setup({
    providerId: "pp_vorexy-boleto_vorexy",
    billingAddress: { address_2: "" },
    phone: "11987654321",
  })
  expect(labels(container)).toContain("Neighbourhood (bairro)")
  fill("CPF or CNPJ", "52998224725")
  await expect(sessionData()).resolves.toBeNull()
  expect(
    screen.getByText("Enter the billing address's neighbourhood: a boleto needs it.")
  ).toBeTruthy()
  fill("Neighbourhood (bairro)", " Bela Vista ")
  await expect(sessionData()).resolves.toMatchObject({
    document: "52998224725",
    neighborhood: "Bela Vista",
  })
})

it("tokenises a card in the browser and sends only the token and installments", async () => {
  const { container, sessionData, tokenizeCard, config } = setup({
    providerId: "pp_vorexy-card_vorexy",
    phone: "11987654321",
  })
  expect(config).toHaveBeenCalledWith(9990)
  await screen.findByLabelText("Card number")
  // No card input has a form name: nothing can post it to the store.
  const named = Array.from(container.querySelectorAll("input[name]")).map((e) =>
    e.getAttribute("name")
  )
  expect(named).toEqual(["vorexy-document", "vorexy-phone"])
  fill("CPF or CNPJ", "52998224725")
  fill("Card number", "4111111111111111")
  fill("Name on the card", "MARIA SILVA")
  fill("Month (MM)", "12")
  fill("Year (YYYY)", "2031")
  fill("Security code (CVV)", "123")
  fireEvent.change(screen.getByLabelText("Installments"), { target: { value: "3" } })
  const data = await sessionData()
  expect(data).toEqual({
    name: "Maria Silva",
    email: "maria@example.com",
    document: "52998224725",
    phone: "11987654321",
    card_token: "tok_123",
    installments: 3,
  })
  expect(JSON.stringify(data)).not.toContain("4111")
  expect(tokenizeCard).toHaveBeenCalledWith(
    expect.objectContaining({ number: "4111 1111 1111 1111", cvv: "123" }),
    CARD_CONFIG
  )
})

it("says in words when the tokeniser refuses the card, or cards are off", async () => {
  const refused = setup({ providerId: "pp_vorexy-card_vorexy", phone: "11987654321" })
  refused.tokenizeCard.mockRejectedValue(
    new VorexyStorefrontError("no", 0, "tokeniser_refused", "expired card")
  )
  await screen.findByLabelText("Card number")
  fill("CPF or CNPJ", "52998224725")
  fill("Card number", "4111111111111111")
  fill("Name on the card", "MARIA SILVA")
  fill("Month (MM)", "12")
  fill("Year (YYYY)", "2031")
  fill("Security code (CVV)", "123")
  await expect(refused.sessionData()).resolves.toBeNull()
  expect(screen.getByRole("alert").textContent).toBe("The card was not accepted: expired card")
  refused.unmount()

  setup({ providerId: "pp_vorexy-card_vorexy" }, null as never)
  expect(await screen.findByText("Card payment is not available in this store.")).toBeTruthy()
})

it("shows the store's errors in the shopper's words", () => {
  const { rerender } = setup({
    providerId: "pp_vorexy-boleto_vorexy",
    locale: "pt-BR",
    error:
      "Vorexy boleto: a boleto needs the payer's billing address: neighbourhood (address_2); CEP (postal_code, 8 digits). Complete them and choose boleto again.",
  })
  expect(screen.getByRole("alert").textContent).toBe(
    "Para gerar o boleto, complete o endereço de cobrança: bairro; CEP (8 dígitos)."
  )
  rerender(
    <VorexyPaymentFields
      client={{ config: jest.fn(), tokenizeCard: jest.fn() }}
      providerId="pp_vorexy-pix_vorexy"
      amountCents={9990}
      error="Something else entirely"
    />
  )
  expect(screen.getByRole("alert").textContent).toBe("Something else entirely")
})

it("renders nothing for a provider that is not Vorexy", () => {
  const { container } = setup({ providerId: "pp_system_default" })
  expect(container.innerHTML).toBe("")
})

it("never hands back a card number typed into the name or the neighbourhood", async () => {
  const { sessionData } = setup({
    providerId: "pp_vorexy-boleto_vorexy",
    name: "",
    billingAddress: { address_2: "" },
    phone: "11987654321",
  })
  fill("Full name", "4111 1111 1111 1111")
  fill("CPF or CNPJ", "52998224725")
  fill("Neighbourhood (bairro)", "5555 5555 5555 4444")
  await expect(sessionData()).resolves.toBeNull()
  expect(
    screen.getAllByText(
      "This field cannot hold a card number: type the card only in the card's fields."
    )
  ).toHaveLength(2)
  fill("Full name", "Maria Silva")
  fill("Neighbourhood (bairro)", "Jardim Paulista")
  await expect(sessionData()).resolves.toMatchObject({
    name: "Maria Silva",
    neighborhood: "Jardim Paulista",
  })
})
