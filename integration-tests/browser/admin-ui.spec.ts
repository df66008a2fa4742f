/**
 * The admin UI in a real browser: headless Chromium (playwright-core, no browser download)
 * against the demo (`scripts/demo.ts`: medusa develop with this plugin, the sandbox gateway), on
 * free ports and the test PostgreSQL. Screenshots go to .artifacts/screenshots.
 */
import axios from "axios"
import { mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import { Browser, Page } from "playwright-core"
import { launchChromium } from "../helpers/browser"
import { RunningDemo, startDemo } from "../../scripts/run-demo"
import { cardToken, TEST_CARDS } from "../helpers/cards"
import type { SandboxRef } from "../helpers/sandbox"
import {
  complete,
  createCart,
  loadStore,
  startPix,
  startSession,
  VALID_PAYER,
} from "../helpers/store"

jest.setTimeout(420_000)

const shots = join(resolve(__dirname, "../.."), ".artifacts", "screenshots")

let demo: RunningDemo
let browser: Browser
let page: Page
let base = ""
let sandboxUrl = ""
let publishableKey = ""

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  demo = await startDemo()
  ;({ base, sandboxUrl, publishableKey } = demo)

  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
})

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
})

/** A PIX order through the Store API, so the order page has a charge to show. */
async function placeOrder() {
  const api = axios.create({ baseURL: base })
  const store = await loadStore(api, publishableKey)
  const cartId = await createCart(api, store)
  await startPix(api, store, cartId)
  const { data } = await complete(api, store, cartId)
  return data.order.id as string
}

it("logs in, shows the balance, withdraws through the confirmation step, and shows the PIX order widget", async () => {
  await axios.post(`${sandboxUrl}/__sandbox/companies/1001/balance`, {
    accBalance: "1534.27",
    accBalanceCredit: "120.5",
    accBalanceCreditAwaiting: "88.9",
  })
  const orderId = await placeOrder()
  // A delivery with a wrong token: refused, and counted on the health card.
  const refused = await axios
    .post(`${base}/hooks/vorexy?token=not-the-secret`, { object: "transaction" })
    .catch((error) => error.response)
  expect(refused.status).toBe(401)

  await page.goto(`${base}/app`, { waitUntil: "networkidle", timeout: 180_000 })
  // medusa develop's vite may optimise dependencies on the first visit and reload the page.
  await page.locator('input[name="email"]').waitFor({ timeout: 180_000 })
  await page.fill('input[name="email"]', "admin@vorexy.local")
  await page.fill('input[name="password"]', "vorexy-demo")
  await page.click('button[type="submit"]')
  await page.waitForURL(/\/app\/orders/, { timeout: 60_000 })

  // The Vorexy page: balance.
  await page.goto(`${base}/app/settings/vorexy`, { waitUntil: "networkidle" })
  await page
    .getByTestId("balance-available")
    .filter({ hasText: "R$ 1.534,27" })
    .waitFor({ timeout: 30_000 })
  await page.getByTestId("gateway-transactions").waitFor()
  await page.screenshot({ path: join(shots, "vorexy-page.png"), fullPage: true })

  // Setup and health first: credentials checked live, the webhook URL with its secret masked, a
  // self-test that arrives authenticated, a day of deliveries.
  await page.getByTestId("vorexy-connection").getByText("Connected").waitFor({ timeout: 30_000 })
  await page
    .getByTestId("vorexy-webhook-url")
    .getByText(/\/hooks\/vorexy\?token=….{4}$/)
    .waitFor()
  await page.getByRole("button", { name: "Send a test" }).click()
  await page
    .getByTestId("vorexy-self-test")
    .getByText("The webhook route received the test and accepted the secret.")
    .waitFor({ timeout: 30_000 })
  await page
    .getByTestId("vorexy-deliveries")
    .locator("div", { hasText: "Refused (bad token)" })
    .getByText("1", { exact: true })
    .waitFor()
  await page.getByTestId("vorexy-health").getByText("Needs attention", { exact: true }).waitFor()
  await page.screenshot({ path: join(shots, "vorexy-setup-health.png"), fullPage: false })

  // A withdrawal to a listed e-mail key, picked (masked) among the destinations: no key is typed.
  await page.fill("#vorexy-amount", "25,50")
  await page.getByTestId("withdrawal-destination").click()
  await page.getByRole("option", { name: "PHONE +5511*****4321" }).waitFor()
  await page.getByRole("option", { name: "Bank account key (registered at Vorexy)" }).waitFor()
  await page.screenshot({ path: join(shots, "vorexy-withdrawal-destinations.png") })
  await page.getByRole("option", { name: "EMAIL f***@loja.com.br" }).click()
  expect(await page.locator("#vorexy-key").count()).toBe(0)
  await page.getByRole("button", { name: "Continue" }).click()
  const dialog = page.getByRole("alertdialog")
  await dialog.getByText("Withdraw R$ 25,50 to EMAIL f***@loja.com.br?").waitFor()
  await page.waitForTimeout(500) // let the dialog finish fading in before the picture
  await page.screenshot({ path: join(shots, "vorexy-withdrawal-confirm.png") })
  await dialog.getByRole("button", { name: "Confirm withdrawal" }).click()

  const history = page.getByTestId("withdrawal-history")
  await history.getByText("R$ 25,50").waitFor({ timeout: 30_000 })
  await history.getByText("EMAIL f***@loja.com.br").waitFor()
  await history.getByText("admin@vorexy.local").waitFor()
  await page.screenshot({ path: join(shots, "vorexy-withdrawal-history.png"), fullPage: true })
  const { data: state } = await axios.get(`${sandboxUrl}/__sandbox/state`)
  expect(state.withdrawals).toEqual([
    expect.objectContaining({
      amountCents: 2550,
      pixKey: "financeiro@loja.com.br",
      pixKeyType: "EMAIL",
    }),
  ])

  // A proxy in front of the store that times out after passing the request on (its 504): the
  // withdrawal was made. Confirming again, even after reloading the page, sends the same
  // request_id: the first one's record comes back, never a second withdrawal.
  const sentIds: string[] = []
  const withdrawalsRoute = (url: URL) => url.pathname === "/admin/vorexy/withdrawals"
  await page.route(withdrawalsRoute, async (route) => {
    const request = route.request()
    if (request.method() !== "POST") return route.continue()
    sentIds.push(JSON.parse(request.postData() ?? "{}").request_id)
    if (sentIds.length > 1) return route.continue()
    await route.fetch()
    await route.fulfill({ status: 504, contentType: "text/html", body: "504 Gateway Time-out" })
  })
  const confirmWithdrawal = async () => {
    await page.getByRole("button", { name: "Continue" }).click()
    await dialog.getByText("Withdraw R$ 11,00 to EMAIL f***@loja.com.br?").waitFor()
    const answer = page.waitForResponse(
      (r) => withdrawalsRoute(new URL(r.url())) && r.request().method() === "POST"
    )
    await dialog.getByRole("button", { name: "Confirm withdrawal" }).click()
    return (await answer).status()
  }
  await page.fill("#vorexy-amount", "11,00")
  expect(await confirmWithdrawal()).toBe(504)
  await page.getByText("No answer from the server: the withdrawal may have been made.").waitFor()
  await page.reload({ waitUntil: "networkidle" })
  await page.fill("#vorexy-amount", "11,00")
  await page.getByTestId("withdrawal-destination").click()
  await page.getByRole("option", { name: "EMAIL f***@loja.com.br" }).click()
  expect(await confirmWithdrawal()).toBe(200)
  expect(sentIds).toHaveLength(2)
  expect(sentIds[1]).toBe(sentIds[0])
  const { data: after } = await axios.get(`${sandboxUrl}/__sandbox/state`)
  expect(after.withdrawals.map((w: { amountCents: number }) => w.amountCents)).toEqual([2550, 1100])
  await page.unroute(withdrawalsRoute)

  // In Portuguese when the admin's language is pt-BR (the dashboard keeps it in the "lng" cookie and
  // localStorage, as its profile page does).
  const setLanguage = async (lng: string) => {
    await page.context().addCookies([{ name: "lng", value: lng, url: base }])
    await page.evaluate((value) => localStorage.setItem("lng", value), lng)
  }
  await setLanguage("ptBR")
  await page.goto(`${base}/app/settings/vorexy`, { waitUntil: "networkidle" })
  await page
    .getByText("Saldo no gateway, saques para chave PIX e transações")
    .waitFor({ timeout: 30_000 })
  // R$ 1.534,27 less the two withdrawals above.
  await page.getByTestId("balance-available").filter({ hasText: "R$ 1.497,77" }).waitFor()
  await page.getByRole("button", { name: "Continuar" }).waitFor()
  await page.getByTestId("vorexy-connection").getByText("Conectado").waitFor()
  await page.getByTestId("vorexy-deliveries").getByText("Recusadas (token inválido)").waitFor()
  await page.getByRole("button", { name: "Enviar um teste" }).click()
  await page
    .getByTestId("vorexy-self-test")
    .getByText("A rota do webhook recebeu o teste e aceitou o segredo.")
    .waitFor({ timeout: 30_000 })
  await page.getByTestId("vorexy-health").getByText("Requer atenção", { exact: true }).waitFor()
  await page.screenshot({ path: join(shots, "vorexy-page-pt-BR.png"), fullPage: true })
  await setLanguage("en")

  // The order's PIX widget.
  await page.goto(`${base}/app/orders/${orderId}`, { waitUntil: "networkidle" })
  const widget = page.getByTestId("vorexy-order-widget")
  // R$ 94,90 less the demo's 5 % PIX discount on the items (R$ 3,995), charged in whole centavos.
  await widget.getByText("R$ 90,91").waitFor({ timeout: 30_000 })
  // The status in words, the gateway's value beside it.
  await widget.getByText("Awaiting payment").waitFor()
  // (The create's vocabulary, or the detail's once the demo's reconcile job has re-fetched it.)
  await widget.getByText(/^(WAITING_PAYMENT|Awaiting)$/).waitFor()
  await widget.getByRole("button", { name: "Sync now" }).waitFor()
  await page.screenshot({ path: join(shots, "vorexy-order-widget.png"), fullPage: true })
})

it("shows why a card order in 6 installments was charged more than the order: the interest", async () => {
  // The demo's store: 3 interest-free, then 2.99% a month; the card is tokenised as a browser does.
  const api = axios.create({ baseURL: base })
  const store = await loadStore(api, publishableKey)
  const cartId = await createCart(api, store)
  const sandbox = { sandbox: { url: sandboxUrl } } as SandboxRef
  const token = await cardToken(api, store, sandbox, TEST_CARDS.approved)
  const session = await startSession(api, store, cartId, "card", {
    ...VALID_PAYER,
    card_token: token,
    installments: 6,
  })
  expect(session.status).toBe(200)
  const { data } = await complete(api, store, cartId)
  expect(data.type).toBe("order")

  await page.goto(`${base}/app/orders/${data.order.id}`, { waitUntil: "networkidle" })
  const widget = page.getByTestId("vorexy-order-widget")
  // Charged R$ 105,12 for an order of R$ 94,90: R$ 10,22 of interest, said in the widget.
  await widget.getByText("R$ 105,12", { exact: true }).waitFor({ timeout: 30_000 })
  await widget.getByText("6×").waitFor()
  await widget.getByText("Installment interest").waitFor()
  await widget
    .getByText(/R\$\s10,22, paid by the shopper: the card was charged the order's R\$\s94,90/)
    .waitFor()
  await page.screenshot({ path: join(shots, "vorexy-order-widget-card.png"), fullPage: true })
})
