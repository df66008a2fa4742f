/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react"
import { VorexyStorefrontError } from "../errors"
import { VorexyCardForm } from "../react/vorexy-card-form"
import { CARD_CONFIG, plain } from "./fixtures"

const fill = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })

function setup(
  tokenizeCard = jest.fn().mockResolvedValue("tok_123"),
  error?: string,
  config = CARD_CONFIG
) {
  const onTokenized = jest.fn()
  const view = render(
    <VorexyCardForm
      client={{ tokenizeCard }}
      config={config}
      amountCents={9990}
      locale="en"
      onTokenized={onTokenized}
      error={error}
    />
  )
  const form = view.container.querySelector("form.vorexy-card-form") as HTMLFormElement
  const submit = form.querySelector('button[type="submit"]') as HTMLButtonElement
  return { tokenizeCard, onTokenized, form, submit, ...view }
}

const fillValidCard = () => {
  fill("Card number", "4111111111111111")
  fill("Name on the card", "MARIA SILVA")
  fill("Month (MM)", "12")
  fill("Year (YYYY)", "2031")
  fill("Security code (CVV)", "123")
}

it("marks its inputs without form names (never posted by a form around it), and groups the number in fours", () => {
  const { form } = setup()
  const fields = Array.from(form.querySelectorAll("input, select"))
  expect(fields.map((e) => e.getAttribute("data-vorexy-field") ?? e.getAttribute("name"))).toEqual([
    "number",
    "holderName",
    "expMonth",
    "expYear",
    "cvv",
    "installments",
  ])
  // A store's form around this one would submit named fields: the card's have no name.
  expect(fields.filter((e) => e.hasAttribute("name")).map((e) => e.getAttribute("name"))).toEqual([
    "installments",
  ])
  fill("Card number", "41111111111111112222")
  expect((screen.getByLabelText("Card number") as HTMLInputElement).value).toBe(
    "4111 1111 1111 1111 222"
  )
  expect(screen.getByLabelText("Card number").getAttribute("autocomplete")).toBe("cc-number")
})

it("lists installments up to the store's limit for the amount, with each amount", () => {
  setup()
  const options = Array.from(screen.getByLabelText("Installments").querySelectorAll("option"))
  expect(options.map((o) => plain(o.textContent))).toEqual([
    "1× R$99.90 interest-free",
    "2× R$49.95 interest-free",
    "3× R$33.30 interest-free",
  ])
})

const terms = (installments: number, each: number, total: number) => ({
  installments,
  installment_cents: each,
  total_cents: total,
  interest_cents: total - 9990,
})

it("shows each split as the store charges it: interest-free, then each installment and the total with interest", () => {
  setup(undefined, undefined, {
    ...CARD_CONFIG,
    installments_for_amount: 5,
    interest_free_installments: 3,
    installment_plan: [
      terms(1, 9990, 9990),
      terms(2, 4995, 9990),
      terms(3, 3330, 9990),
      terms(4, 2655, 10_620),
      terms(5, 2160, 10_800),
    ],
  })
  const options = Array.from(screen.getByLabelText("Installments").querySelectorAll("option"))
  expect(options.map((o) => plain(o.textContent))).toEqual([
    "1× R$99.90 interest-free",
    "2× R$49.95 interest-free",
    "3× R$33.30 interest-free",
    "4× R$26.55 with interest (total R$106.20)",
    "5× R$21.60 with interest (total R$108.00)",
  ])
})

it("never shows a price the store did not state: without a plan for this amount, only the interest-free splits", () => {
  setup(undefined, undefined, {
    ...CARD_CONFIG,
    installments_for_amount: 5,
    interest_free_installments: 2,
    // A plan for another amount (the cart changed since it was asked).
    installment_plan: [terms(1, 5000, 5000), terms(2, 2500, 5000)],
  })
  const options = Array.from(screen.getByLabelText("Installments").querySelectorAll("option"))
  expect(options.map((o) => plain(o.textContent))).toEqual([
    "1× R$99.90 interest-free",
    "2× R$49.95 interest-free",
  ])
})

it("shows each problem next to its field and does not tokenise", async () => {
  const { submit, tokenizeCard } = setup()
  fill("Card number", "4111111111111112")
  fill("Month (MM)", "13")
  fill("Year (YYYY)", "2031")
  fill("Security code (CVV)", "12")
  await act(async () => fireEvent.click(submit))
  const errorOf = (label: string) =>
    document.getElementById(screen.getByLabelText(label).getAttribute("aria-describedby") ?? "")
      ?.textContent
  expect(errorOf("Card number")).toBe("Check the card number.")
  expect(errorOf("Name on the card")).toBe("Enter the name as it appears on the card.")
  expect(errorOf("Month (MM)")).toBe("Enter the month, 01 to 12.")
  expect(errorOf("Security code (CVV)")).toBe("The security code has 3 or 4 digits.")
  expect(document.activeElement).toBe(screen.getByLabelText("Card number"))
  expect(tokenizeCard).not.toHaveBeenCalled()

  fill("Month (MM)", "01")
  fill("Year (YYYY)", "2020")
  expect(errorOf("Year (YYYY)")).toBe("This card has expired.")
})

it("tokenises the typed card and hands back only the token and installments", async () => {
  const { submit, tokenizeCard, onTokenized } = setup()
  fillValidCard()
  fireEvent.change(screen.getByLabelText("Installments"), { target: { value: "3" } })
  await act(async () => fireEvent.click(submit))
  expect(tokenizeCard).toHaveBeenCalledWith(
    {
      number: "4111 1111 1111 1111",
      holderName: "MARIA SILVA",
      expMonth: "12",
      expYear: "2031",
      cvv: "123",
    },
    CARD_CONFIG
  )
  expect(onTokenized).toHaveBeenCalledWith({ card_token: "tok_123", installments: 3 })
  expect(screen.queryByRole("alert")).toBeNull()
})

it("shows the tokeniser's refusal in an alert", async () => {
  const refused = new VorexyStorefrontError("x", 0, "tokeniser_refused", "card number is not valid")
  const { submit, onTokenized } = setup(jest.fn().mockRejectedValue(refused))
  fillValidCard()
  await act(async () => fireEvent.click(submit))
  expect(screen.getByRole("alert").textContent).toBe(
    "The card was not accepted: card number is not valid"
  )
  expect(onTokenized).not.toHaveBeenCalled()
})

it("says so when the card script cannot be loaded", async () => {
  const failed = new VorexyStorefrontError("x", 0, "script_failed")
  const { submit } = setup(jest.fn().mockRejectedValue(failed))
  fillValidCard()
  await act(async () => fireEvent.click(submit))
  expect(screen.getByRole("alert").textContent).toMatch(/could not be loaded/)
})

const DECLINED =
  "Vorexy card: Your card was declined: saldo insuficiente. Nothing was charged: try another card or another payment method."

it("shows the store's refusal passed as error, in the shopper's words", () => {
  const { form, unmount } = setup(undefined, DECLINED)
  expect(screen.getByRole("alert").textContent).toBe(
    "Your card was declined: saldo insuficiente. Nothing was charged: try another card or another payment method."
  )
  expect(form.getAttribute("data-state")).toBe("refused")
  unmount()
  render(
    <VorexyCardForm
      client={{ tokenizeCard: jest.fn() }}
      config={CARD_CONFIG}
      amountCents={9990}
      onTokenized={jest.fn()}
      error={DECLINED}
    />
  )
  expect(screen.getByRole("alert").textContent).toBe(
    "Seu cartão foi recusado: saldo insuficiente. Nada foi cobrado: tente outro cartão ou outra forma de pagamento."
  )
})
