/**
 * The demo storefront (scripts/storefront, on the storefront package's components) in headless
 * Debian Chromium, against `npm run demo` on free ports: a shopper buys with PIX, boleto and card
 * through the UI, the sandbox pays, the payment page flips to paid without a reload, and the
 * order is captured (Admin API). Also a refused card then another card, an expired PIX, and the
 * order page opened again by its link. Screenshots in .artifacts/screenshots (README_SCREENSHOTS=1
 * also copies the docs' into docs/screenshots).
 */
import axios from "axios"
import { copyFileSync, mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import { Browser, BrowserContext, Locator, Page } from "playwright-core"
import { launchChromium } from "../helpers/browser"
import { RunningDemo, startDemo } from "../../scripts/run-demo"
import { eventually } from "../helpers/store"

jest.setTimeout(600_000)

const repo = resolve(__dirname, "../..")
const shots = join(repo, ".artifacts", "screenshots")
const docShots = join(repo, "docs", "screenshots")
const PAYER = {
  name: "Ana Souza",
  email: "ana@example.com",
  document: "529.982.247-25",
  phone: "(11) 98765-4321",
}

let demo: RunningDemo
let browser: Browser
let context: BrowserContext
let admin: { headers: { authorization: string } }
/**
 * Screenshots for the docs, copied once the demo is stopped: `medusa develop` restarts on any
 * change in the checkout outside dot folders, docs/ included.
 */
const forReadme: string[] = []

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  demo = await startDemo()
  browser = await launchChromium()
  context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: "pt-BR",
    permissions: ["clipboard-read", "clipboard-write"],
  })
  const { data } = await axios.post(`${demo.base}/auth/user/emailpass`, {
    email: "admin@vorexy.local",
    password: "vorexy-demo",
  })
  admin = { headers: { authorization: `Bearer ${data.token}` } }
})

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  // The docs' copies change only when asked: a test run must not rewrite committed files.
  if (!process.env.README_SCREENSHOTS) return
  mkdirSync(docShots, { recursive: true })
  for (const name of forReadme) copyFileSync(join(shots, name), join(docShots, name))
})

/**
 * A screenshot in .artifacts, and in docs/screenshots for the docs when `readme`. A phone's page
 * is taken as its screen shows it: a full-page shot drops the touch screen's emulation.
 */
async function shot(page: Page, name: string, readme = false, fullPage = true) {
  await page.screenshot({ path: join(shots, `storefront-${name}.png`), fullPage })
  if (readme) forReadme.push(`storefront-${name}.png`)
}

/** Product → "Comprar" → checkout with the payer typed in and `method` picked. */
async function checkout(page: Page, method: "pix" | "boleto" | "card", email = PAYER.email) {
  await page.goto(demo.storefrontUrl)
  await page.getByRole("heading", { name: "Camiseta Vorexy" }).waitFor({ timeout: 60_000 })
  await page.getByRole("button", { name: "Comprar" }).click()
  await page.waitForURL(/\/checkout$/)
  await page.locator('input[name="name"]').waitFor({ timeout: 30_000 })
  await page.fill('input[name="name"]', PAYER.name)
  await page.fill('input[name="email"]', email)
  await page.fill('input[name="document"]', PAYER.document)
  await page.fill('input[name="phone"]', PAYER.phone)
  await page.check(`input[name="method"][value="${method}"]`)
}

/** "Finalizar pedido" → the order's page; its id. */
async function placeOrder(page: Page) {
  await page.getByRole("button", { name: /Finalizar pedido/ }).click()
  await page.waitForURL(/\/order\/order_\w+$/, { timeout: 60_000 })
  return /\/order\/(order_\w+)$/.exec(page.url())![1]
}

/** Types a card into the card form (inputs or selects) and submits it. */
async function payWithCard(page: Page, number: string, installments = "1") {
  const form = page.locator("form.vorexy-card-form")
  await form.waitFor({ timeout: 30_000 })
  const set = async (name: string, value: string) => {
    const field = form.locator(`[data-vorexy-field="${name}"], select[name="${name}"]`)
    const tag = await field.evaluate((el) => el.tagName)
    if (tag === "SELECT") await field.selectOption(value)
    else await field.fill(value)
  }
  await set("number", number)
  await set("holderName", "ANA SOUZA")
  await set("expMonth", "12")
  await set("expYear", String(new Date().getFullYear() + 3))
  await set("cvv", "123")
  await set("installments", installments)
  await form.locator('button[type="submit"]').click()
}

const status = async (orderId: string) =>
  (
    await axios.get(`${demo.base}/store/vorexy/payment-status?order_id=${orderId}`, {
      headers: { "x-publishable-api-key": demo.publishableKey },
    })
  ).data.payment_status

async function adminOrder(orderId: string) {
  const { data } = await axios.get(
    `${demo.base}/admin/orders/${orderId}?fields=id,payment_status,email`,
    admin
  )
  return data.order
}

const expectCaptured = (orderId: string) =>
  eventually(async () => (await adminOrder(orderId)).payment_status === "captured", 30_000, 500)

/** The payment component in `state` (its root's data-state), on the order page. */
const paymentIn = (page: Page, state: string): Locator =>
  page.locator(`[data-testid="order-page"] [class*="vorexy-"][data-state="${state}"]`).first()

/** The simulate button, clicked without a reload: the page must flip to paid by itself. */
async function simulateAndSeePaid(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))
  await page.getByRole("button", { name: "Simular pagamento (sandbox)" }).click()
  await paymentIn(page, "paid").waitFor({ timeout: 60_000 })
  await page.getByRole("heading", { name: /Pagamento confirmado/ }).waitFor()
  expect(
    await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)
  ).toBe(true)
}

const valueOf = (field: Locator) =>
  field.evaluate((el) =>
    "value" in el ? String((el as HTMLInputElement).value) : (el.textContent ?? "")
  )

it("PIX: QR shown, code copied, the sandbox pays, the page shows paid without reload, captured", async () => {
  const page = await context.newPage()
  await checkout(page, "pix")
  // The demo's 5 % PIX discount: offered beside the method, in the totals before the order.
  await page.getByTestId("offer-pix").getByText("5% de desconto no PIX").waitFor()
  await page.getByTestId("cart-discount").getByText("Desconto (DESCONTO-PIX)").waitFor()
  // R$ 79,90 + R$ 15,00 − R$ 3,99 = R$ 90,91: what is shown adds up to what is charged.
  expect(await page.getByTestId("cart-discount").textContent()).toMatch(/−R\$\s3,99$/)
  expect(await page.getByTestId("cart-total").textContent()).toMatch(/^R\$\s90,91$/)
  await page.getByRole("button", { name: /Finalizar pedido \(R\$\s90,91\)/ }).waitFor()
  await shot(page, "checkout", true)
  const orderId = await placeOrder(page)

  const pix = page.locator(".vorexy-pix").first()
  await pix.locator("img").first().waitFor({ state: "visible", timeout: 60_000 })
  expect(await pix.getAttribute("data-state")).toBe("pending")
  const code = await valueOf(page.locator(".vorexy-pix__code").first())
  expect(code).toBe((await status(orderId)).qr_code)
  expect(code).toMatch(/^000201/)
  await page.getByRole("button", { name: "Copiar código" }).first().click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
  await shot(page, "pix", true)

  await simulateAndSeePaid(page)
  await page.locator(".vorexy-pix__code").first().waitFor({ state: "detached", timeout: 10_000 })
  await shot(page, "pix-paid", true)
  await expectCaptured(orderId)
  await page.close()
})

it("boleto: line and PDF shown, the sandbox pays, the page shows paid without reload, captured", async () => {
  const page = await context.newPage()
  await checkout(page, "boleto")
  const orderId = await placeOrder(page)

  const boleto = page.locator(".vorexy-boleto").first()
  await boleto.waitFor({ timeout: 60_000 })
  const charge = await status(orderId)
  expect(charge.method).toBe("boleto")
  expect(charge.digitable_line).toMatch(/^\d{47}$/)
  await eventually(async () =>
    (
      (await boleto.innerText()) +
      (await valueOf(boleto.locator("input, textarea").first()).catch(() => ""))
    )
      .replace(/\D/g, "")
      .includes(charge.digitable_line)
  )
  expect(await boleto.locator(`a[href="${charge.boleto_url}"]`).count()).toBe(1)
  await page.getByRole("button", { name: "Copiar linha digitável" }).first().click()
  expect((await page.evaluate(() => navigator.clipboard.readText())).replace(/\D/g, "")).toBe(
    charge.digitable_line
  )
  await shot(page, "boleto", true)

  await simulateAndSeePaid(page)
  await shot(page, "boleto-paid")
  await expectCaptured(orderId)
  await page.close()
})

it("card approved in 6 with interest: the options priced, the order paid, captured, at the full price", async () => {
  const page = await context.newPage()
  await checkout(page, "card")
  // The PIX discount goes when the shopper picks the card: the card pays the full R$ 94,90.
  await page.getByTestId("cart-discount").waitFor({ state: "detached", timeout: 30_000 })
  expect(await page.getByTestId("cart-total").textContent()).toMatch(/^R\$\s94,90$/)
  // The demo's store: 3 interest-free, then 2.99% a month. Each option says what it costs.
  const option = (count: number) =>
    page.locator(`form.vorexy-card-form select[name="installments"] option[value="${count}"]`)
  await option(6).waitFor({ state: "attached", timeout: 30_000 })
  expect(await option(3).textContent()).toMatch(/^3× de R\$\s31,63 sem juros$/)
  expect(await option(6).textContent()).toMatch(
    /^6× de R\$\s17,52 com juros \(total R\$\s105,12\)$/
  )
  await payWithCard(page, "4111 1111 1111 1111", "6")
  await page.waitForURL(/\/order\/order_\w+$/, { timeout: 60_000 })
  const orderId = /\/order\/(order_\w+)$/.exec(page.url())![1]
  const { data } = await axios.get(
    `${demo.base}/admin/orders/${orderId}?fields=+total,+discount_total`,
    admin
  )
  // Medusa's order keeps the cart's total; the gateway charged it with the interest.
  expect(data.order).toMatchObject({ total: 94.9, discount_total: 0 })
  expect(await status(orderId)).toMatchObject({ amount_cents: 10_512, interest_cents: 1022 })
  await paymentIn(page, "paid").waitFor({ timeout: 30_000 })
  await page.getByText("1111").first().waitFor()
  await page.getByText(/6× de R\$\s17,52 com juros \(total R\$\s105,12\)/).waitFor()
  expect(await page.getByRole("button", { name: "Simular pagamento (sandbox)" }).count()).toBe(0)
  await shot(page, "card-paid", true)
  expect((await adminOrder(orderId)).payment_status).toBe("captured")
  await page.close()
})

it("card refused: the refusal is shown, another card pays, one order", async () => {
  const { data: before } = await axios.get(`${demo.base}/admin/orders?fields=id&limit=1`, admin)
  const page = await context.newPage()
  const email = `recusado-${Date.now()}@example.com`
  await checkout(page, "card", email)
  await payWithCard(page, "4000 0000 0000 0002")
  const alert = page.locator("form.vorexy-card-form [role=alert]")
  await alert.filter({ hasText: /saldo insuficiente/ }).waitFor({ timeout: 60_000 })
  expect(await alert.innerText()).toMatch(/Cartão recusado/)
  expect(page.url()).toMatch(/\/checkout$/)
  await shot(page, "card-refused", true)

  await payWithCard(page, "4111 1111 1111 1111")
  await page.waitForURL(/\/order\/order_\w+$/, { timeout: 60_000 })
  const orderId = /\/order\/(order_\w+)$/.exec(page.url())![1]
  await paymentIn(page, "paid").waitFor({ timeout: 30_000 })
  const order = await adminOrder(orderId)
  expect(order).toMatchObject({ email, payment_status: "captured" })
  const { data: after } = await axios.get(`${demo.base}/admin/orders?fields=id&limit=1`, admin)
  expect(after.count).toBe(before.count + 1)
  await page.close()
})

it("PIX by the order's link (a shopper back later, on a phone), then expired: shown without reload; a new PIX for the same order, paid and captured once", async () => {
  const first = await context.newPage()
  await checkout(first, "pix")
  const orderId = await placeOrder(first)
  await first.locator(".vorexy-pix img").first().waitFor({ timeout: 60_000 })
  const link = await first.getByTestId("order-link").getAttribute("href")
  expect(link).toBe(`${demo.storefrontUrl}/order/${orderId}`)
  await first.close() // the shopper closes the tab
  // The e-mail's link: the order's page with its token, which lets it ask for a new PIX.
  const emailed = await eventually(async () => {
    const { data } = await axios.get(
      `${demo.base}/admin/notifications?channel=email&order=-created_at&limit=50`,
      admin
    )
    const created = (
      data.notifications as Array<{
        resource_id: string
        template: string
        data: Record<string, string>
      }>
    ).find((n) => n.resource_id === orderId && n.template === "vorexy-pix-created")
    return created?.data.order_page_url
  })
  expect(emailed).toMatch(new RegExp(`^${link}\\?vorexy_token=v1\\.`))

  // Back later on a phone: a touch screen, where the code to copy comes before the QR code.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "pt-BR",
  })
  const page = await phone.newPage()
  await page.goto(emailed)
  const pix = page.locator(".vorexy-pix").first()
  await pix.locator("img").first().waitFor({ state: "visible", timeout: 60_000 })
  const code = await valueOf(page.locator(".vorexy-pix__code").first())
  expect(code).toBe((await status(orderId)).qr_code)
  const top = async (locator: Locator) => (await locator.boundingBox())!.y
  expect(await top(page.getByRole("button", { name: "Copiar código" }))).toBeLessThan(
    await top(pix.locator("img").first())
  )
  // "Compartilhar no WhatsApp": a plain wa.me link with the code and this order's page.
  const share = await page
    .getByRole("link", { name: /Compartilhar no WhatsApp/ })
    .getAttribute("href")
  const shared = new URL(share!)
  expect(shared.origin + shared.pathname).toBe("https://wa.me/")
  expect(shared.searchParams.get("text")).toContain(code)
  // The view-only link: whoever the message reaches may follow the order, not act on it.
  expect(shared.searchParams.get("text")).toContain(link)
  expect(shared.searchParams.get("text")).not.toContain("vorexy_token")
  await shot(page, "order-link-phone", false, false)

  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))
  const { transaction_id } = await status(orderId)
  await axios.post(`${demo.sandboxUrl}/__sandbox/transactions/${transaction_id}/expire`)
  await paymentIn(page, "expired").waitFor({ timeout: 60_000 })
  // The demo keeps the order for a new PIX (VOREXY_RENEWAL_HOURS): still reserved, offered below.
  await page.getByRole("heading", { name: /PIX expirado/ }).waitFor()
  expect(
    await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)
  ).toBe(true)
  await page.locator(".vorexy-pix img").first().waitFor({ state: "detached", timeout: 10_000 })
  await page
    .getByRole("button", { name: "Simular pagamento (sandbox)" })
    .waitFor({ state: "detached", timeout: 10_000 })
  await page.getByText(/Você pode gerar um novo código PIX para este mesmo pedido até/).waitFor()
  await shot(page, "pix-expired-phone", true, false)
  expect((await adminOrder(orderId)).payment_status).not.toBe("captured")

  // "Gerar novo PIX": a new code for the same order, shown without a reload.
  await page.getByRole("button", { name: "Gerar novo PIX" }).click()
  await paymentIn(page, "pending").waitFor({ timeout: 60_000 })
  await page.locator(".vorexy-pix img").first().waitFor({ state: "visible", timeout: 30_000 })
  const renewed = await status(orderId)
  expect(renewed.transaction_id).not.toBe(transaction_id)
  expect(await valueOf(page.locator(".vorexy-pix__code").first())).toBe(renewed.qr_code)
  expect(renewed.qr_code).not.toBe(code)
  await page.getByRole("heading", { name: /Pedido recebido/ }).waitFor()
  await shot(page, "pix-renewed-phone", false, false)
  await simulateAndSeePaid(page)
  await expectCaptured(orderId)
  // The admin sees both charges, newest first; the order was captured once.
  const { data } = await axios.get(`${demo.base}/admin/vorexy/charges?order_id=${orderId}`, admin)
  expect(data.charges.map((c: { transaction_id: string }) => c.transaction_id)).toEqual([
    renewed.transaction_id,
    transaction_id,
  ])
  const { data: order } = await axios.get(
    `${demo.base}/admin/orders/${orderId}?fields=payment_collections.payments.captures.id`,
    admin
  )
  const captures = order.order.payment_collections.flatMap(
    (c: { payments: Array<{ captures: unknown[] }> }) => c.payments.flatMap((p) => p.captures)
  )
  expect(captures).toHaveLength(1)
  await phone.close()
})
