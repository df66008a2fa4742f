/**
 * No secret in any log line of a whole run: the demo (medusa develop, text request logs), a PIX
 * order paid through webhooks that carry the secret as ?token=, deliveries with Basic credentials
 * and the header, a malformed one and a refused one. Only the demo's own banner, which prints the
 * secret it configured for the user to paste, may show it. (Production's JSON logs:
 * http/secret-logs-json.spec.ts.)
 */
import axios from "axios"
import { randomBytes } from "node:crypto"
import { DemoProcess, launchDemo, stopDemo, waitForBanner } from "../../scripts/run-demo"
import { loadStore, placePixOrder } from "../helpers/store"
import { eventually } from "./processes"

jest.setTimeout(600_000)

const secret = `log-secret-${randomBytes(12).toString("hex")}`
let demo: DemoProcess

afterAll(async () => {
  if (demo) await stopDemo(demo.child)
})

/** The run's output without the banner block (between its ===== lines). */
const withoutBanner = (output: string) => output.replace(/={20,}[\s\S]*?={20,}/, "[banner]")

it("never writes the webhook secret to the logs", async () => {
  demo = await launchDemo({ VOREXY_WEBHOOK_SECRET: secret, NODE_OPTIONS: undefined })
  const banner = await waitForBanner(demo)
  expect(banner).toContain(secret) // the demo tells the user what to paste in the panel

  const api = axios.create({ baseURL: `http://localhost:${demo.port}`, validateStatus: () => true })
  const key = /x-publishable-api-key: (pk_\w+)/.exec(banner)![1]
  const store = await loadStore(api, key)
  const { orderId, transactionId } = await placePixOrder(api, store)

  // The sandbox pays and POSTs its webhooks to /hooks/vorexy?token=<secret>.
  await axios.post(
    `http://127.0.0.1:${demo.sandboxPort}/__sandbox/transactions/${transactionId}/pay`
  )
  const paid = await eventually(async () => {
    const { data } = await api.get(`/store/orders/${orderId}?fields=+payment_status`, {
      headers: { "x-publishable-api-key": key },
    })
    return data.order?.payment_status === "captured"
  }, 60_000)
  expect(paid).toBe(true)

  const hook = (query: string, body: string, headers: Record<string, string> = {}) =>
    api.post(`/hooks/vorexy${query}`, body, {
      headers: { "content-type": "application/json", ...headers },
    })
  const event = JSON.stringify({ object: "transaction", status: "paid", transactionId })
  const basic = `Basic ${Buffer.from(`vorexy:${secret}`).toString("base64")}`
  expect((await hook(`?token=${secret}`, "{not json")).status).toBe(400)
  expect((await hook(`?token=${secret}&x=1`, event)).status).toBe(200)
  expect((await hook(`?token=${secret}x`, event)).status).toBe(401)
  expect((await hook("", event, { authorization: basic })).status).toBe(200)
  expect((await hook("", event, { "x-vorexy-token": secret })).status).toBe(200)

  await stopDemo(demo.child)
  const log = withoutBanner(demo.output())
  // The request lines were logged (so this test can see a leak)...
  expect(log).toMatch(/POST \/hooks\/vorexy\?token=\[REDACTED\]/)
  // ...and nothing anywhere holds the secret, plain, encoded or inside Basic credentials.
  for (const form of [secret, encodeURIComponent(secret), basic.split(" ")[1]]) {
    expect(log).not.toContain(form)
  }
})
