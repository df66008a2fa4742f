// Node environment: no window, document or navigator, as in a server render.
import { renderToString } from "react-dom/server"
import { createVorexyClient } from "../client"
import {
  VorexyBoleto,
  VorexyCardForm,
  VorexyCardStatus,
  VorexyPayerForm,
  VorexyPayment,
  VorexyPaymentFields,
  VorexyPix,
} from "../index"
import { boletoStatus, CARD_CONFIG, cardStatus, PIX_CODE, pixStatus } from "./fixtures"

const client = createVorexyClient({
  baseUrl: "https://api.store.test",
  publishableKey: "pk",
  fetch: () => new Promise(() => {}),
})

it("runs without a DOM", () => {
  expect(typeof window).toBe("undefined")
  expect(typeof document).toBe("undefined")
})

it("renders the PIX with its code and a stable countdown placeholder", () => {
  const html = renderToString(<VorexyPix status={pixStatus()} />)
  expect(html).toContain(PIX_CODE)
  expect(html).toContain('class="vorexy-copy__field vorexy-pix__code"')
  expect(html).toContain("--:--")
  expect(renderToString(<VorexyPix status={pixStatus()} />)).toBe(html)
})

it("renders a real countdown when given the render time", () => {
  const html = renderToString(
    <VorexyPix status={pixStatus()} now={Date.parse("2026-03-10T15:00:00.000Z")} />
  )
  expect(html).toContain("15:00")
})

it("renders every other component", () => {
  expect(renderToString(<VorexyBoleto status={boletoStatus()} />)).toContain(
    boletoStatus().digitable_line
  )
  expect(renderToString(<VorexyCardStatus status={cardStatus()} />)).toContain("1111")
  const form = renderToString(
    <VorexyCardForm
      client={client}
      config={CARD_CONFIG}
      amountCents={9990}
      onTokenized={() => {}}
    />
  )
  // Not submittable before hydration: a plain HTML post would send the card to the page.
  expect(form).toMatch(/<button type="submit"[^>]*disabled/)
  expect(
    renderToString(
      <VorexyPayerForm
        value={{ name: "", email: "", document: "", phone: "" }}
        onChange={() => {}}
      />
    )
  ).toContain('name="document"')
  expect(
    renderToString(<VorexyPayment client={client} target={{ orderId: "order_01" }} />)
  ).toContain("Carregando o pagamento")
})

it("renders the payment fields on the server, the card waiting for the store's config", () => {
  const pix = renderToString(
    <VorexyPaymentFields client={client} providerId="pp_vorexy-pix_vorexy" amountCents={9990} />
  )
  expect(pix).toContain("CPF ou CNPJ")
  expect(pix).toContain("Nome completo")
  const card = renderToString(
    <VorexyPaymentFields
      client={client}
      providerId="pp_vorexy-card_vorexy"
      amountCents={9990}
      name="Maria"
      email="m@example.com"
    />
  )
  expect(card).toContain("Carregando o pagamento com cartão…")
  expect(card).not.toContain("Nome completo")
})
