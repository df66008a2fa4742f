/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react"
import { VorexyBoleto } from "../react/vorexy-boleto"
import { VorexyCardStatus } from "../react/vorexy-card-status"
import { VorexyPix } from "../react/vorexy-pix"
import { isFinalStatus } from "../follower"
import { viewState } from "../view-state"
import { boletoStatus, cardStatus, pixStatus, plain } from "./fixtures"

it("shows the boleto's line to copy, the PDF in a new window and the due date in Brasília", () => {
  const { container } = render(<VorexyBoleto status={boletoStatus()} />)
  expect(container.firstElementChild?.getAttribute("data-state")).toBe("pending")
  const line = screen.getByLabelText("Linha digitável") as HTMLInputElement
  expect(line.value).toBe(boletoStatus().digitable_line)
  expect(line.classList).toContain("vorexy-boleto__line")
  expect(screen.getByRole("button", { name: "Copiar linha digitável" })).toBeTruthy()
  const pdf = screen.getByRole("link", { name: /Abrir o boleto \(PDF\)/ })
  expect([pdf.getAttribute("href"), pdf.getAttribute("target")]).toEqual([
    "https://vorexy.invalid/boleto/tx_01.pdf",
    "_blank",
  ])
  expect(pdf.getAttribute("rel")).toContain("noopener")
  // 02:59 UTC on the 13th is still the 12th in São Paulo.
  expect(container.querySelector(".vorexy-boleto__due time")?.textContent).toBe("12/03/2026")
  expect(screen.getByText(/1 a 3 dias úteis/)).toBeTruthy()
})

it("says a boleto the gateway closed at its due date is still awaited: nothing to pay, wait for it", () => {
  // Still pending at the store (a payment made in time clears within days), no longer payable.
  const closing = boletoStatus({ payable: false, digitable_line: null, boleto_url: null })
  expect(viewState(closing)).toBe("closing")
  // The page keeps following it: its payment, or its close, shows without a reload.
  expect(isFinalStatus(closing)).toBe(false)
  expect(isFinalStatus({ ...closing, status: "cancelled" })).toBe(true)
  const { container } = render(<VorexyBoleto status={closing} />)
  expect(container.firstElementChild?.getAttribute("data-state")).toBe("closing")
  expect(container.textContent).toContain("Se você já pagou, aguarde")
  expect(screen.queryByRole("button")).toBeNull()
  expect(screen.queryByRole("link")).toBeNull()
})

it("flips the boleto to paid, in English too", () => {
  const { container, rerender } = render(<VorexyBoleto status={boletoStatus()} locale="en" />)
  expect(screen.getByRole("button", { name: "Copy line" })).toBeTruthy()
  expect(container.querySelector(".vorexy-boleto__due time")?.textContent).toBe("03/12/2026")
  rerender(
    <VorexyBoleto
      status={boletoStatus({ status: "paid", paid: true, payable: false, digitable_line: null })}
      locale="en"
    />
  )
  expect(container.firstElementChild?.getAttribute("data-state")).toBe("paid")
  expect(screen.getByRole("status").textContent).toBe("Payment confirmed")
  expect(screen.queryByRole("button")).toBeNull()
})

it.each([
  [{ status: "paid", paid: true }, "paid", "Pagamento aprovado. Obrigado!"],
  [{ status: "pending" }, "analysis", "O emissor está analisando o pagamento"],
  [
    { status: "failed", payable: false, refused_reason: "Saldo insuficiente" },
    "refused",
    "Saldo insuficiente",
  ],
])("shows the card as %o → %s", (over, state, text) => {
  const { container } = render(<VorexyCardStatus status={cardStatus(over)} />)
  expect(container.firstElementChild?.getAttribute("data-state")).toBe(state)
  expect(container.textContent).toContain(text)
  expect(container.textContent).toContain("Visa final 1111")
  expect(plain(container.querySelector(".vorexy-card-status__installments")?.textContent)).toBe(
    "3× de R$ 33,30 sem juros"
  )
})

it("says a card's installments bore interest, with the total charged", () => {
  const { container } = render(
    <VorexyCardStatus
      status={cardStatus({
        paid: true,
        installments: 6,
        amount_cents: 11_076,
        interest_cents: 1076,
      })}
    />
  )
  expect(plain(container.querySelector(".vorexy-card-status__installments")?.textContent)).toBe(
    "6× de R$ 18,46 com juros (total R$ 110,76)"
  )
})

describe("a payment the store could not confirm", () => {
  const unconfirmed = {
    payable: false,
    qr_code: null,
    digitable_line: null,
    boleto_url: null,
    unconfirmed_reason: "unknown_at_gateway",
  }

  it.each([
    ["PIX", <VorexyPix key="pix" status={pixStatus(unconfirmed)} />],
    ["boleto", <VorexyBoleto key="boleto" status={boletoStatus(unconfirmed)} />],
    ["card", <VorexyCardStatus key="card" status={cardStatus(unconfirmed)} />],
  ])("says so for a %s, with nothing left to pay", (_, view) => {
    const { container } = render(view)
    expect(container.firstElementChild?.getAttribute("data-state")).toBe("unconfirmed")
    expect(container.querySelector(".vorexy-status")?.textContent).toBe("Pagamento não confirmado")
    expect(container.textContent).toContain(
      "Não conseguimos confirmar este pagamento. Fale com a loja."
    )
    expect(container.querySelector("img, textarea, a")).toBeNull()
  })

  it("says so in English too", () => {
    render(<VorexyPix status={pixStatus(unconfirmed)} locale="en" />)
    expect(
      screen.getByText("We could not confirm this payment. Please contact the store.")
    ).toBeTruthy()
  })
})

it("never renders a link or an image from a URL that is not http(s) or an inline image", async () => {
  const { VorexyPix } = await import("../react/vorexy-pix")
  const { pixStatus } = await import("./fixtures")
  const { container } = render(
    <>
      <VorexyBoleto status={boletoStatus({ boleto_url: "javascript:alert(document.cookie)" })} />
      <VorexyPix status={pixStatus({ qr_code_image: "javascript:alert(1)" })} />
      <VorexyPix status={pixStatus({ qr_code_image: "data:text/html;base64,PHNjcmlwdD4=" })} />
    </>
  )
  expect(screen.queryByRole("link", { name: /Abrir o boleto/ })).toBeNull()
  expect(container.querySelectorAll("img")).toHaveLength(0)
  expect(container.querySelectorAll("section.vorexy-pix")).toHaveLength(2)
})

it("never says paid-and-done for a payment the store could not turn into an order", () => {
  const status = pixStatus({
    status: "paid",
    paid: true,
    payable: false,
    qr_code: null,
    order_captured: false,
    unconfirmed_reason: "paid_without_order",
  })
  expect(viewState(status)).toBe("unconfirmed")
  expect(isFinalStatus(status)).toBe(true)
  const { container } = render(<VorexyPix status={status} locale="en" />)
  expect(container.textContent).toContain(
    "the order could not be created. Please contact the store"
  )
  expect(container.textContent).not.toContain("Thank you")
})

it("says a payment of another amount, or one after the code closed, came: never to pay again", () => {
  for (const [reason, words] of [
    [
      "amount_mismatch",
      "Recebemos um pagamento de outro valor. A loja vai conferir: não pague de novo",
    ],
    ["late_payment", "Recebemos um pagamento depois que este código foi encerrado"],
  ]) {
    const status = pixStatus({ payable: false, qr_code: null, unconfirmed_reason: reason })
    expect(viewState(status)).toBe("unconfirmed")
    const { container, unmount } = render(<VorexyPix status={status} />)
    expect(container.textContent).toContain(words)
    expect(container.querySelector(".vorexy-pix__code")).toBeNull()
    unmount()
  }
})

it("says why a PIX can no longer be paid when the store says: its order cancelled, refunded, disputed", () => {
  const closed = { payable: false, qr_code: null }
  for (const [over, words] of [
    [{ status: "cancelled", closed_reason: "order_canceled" }, "Este pedido foi cancelado"],
    [{ status: "refunded" }, "O valor deste pagamento foi devolvido."],
    [{ status: "disputed" }, "Este pagamento está em contestação."],
    [{ status: "cancelled" }, "Este código PIX expirou"],
  ] as const) {
    const { container, unmount } = render(<VorexyPix status={pixStatus({ ...closed, ...over })} />)
    expect(container.textContent).toContain(words)
    if (over.status !== "cancelled" || "closed_reason" in over)
      expect(container.textContent).not.toContain("expirou")
    unmount()
  }
})
