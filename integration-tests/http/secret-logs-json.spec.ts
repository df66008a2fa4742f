/**
 * No secret in any log line, in production's JSON request logs: Medusa logs every request's URL,
 * and the webhook secret may ride in it as ?token=. (Develop's text logs: process/secret-logs.)
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { useSandbox } from "../helpers/sandbox"
import { eventually, placePixOrder, Store } from "../helpers/store"
import { resetForWebhooks, SECRET, WEBHOOK_SETTINGS, webhookCalls } from "../helpers/webhooks"

jest.setTimeout(120_000)

// Medusa skips request logs under NODE_ENV=test and writes them as JSON lines in production.
process.env.NODE_ENV = "production"
const written: string[] = []
const write = process.stdout.write.bind(process.stdout)
process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  written.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"))
  return (write as (...args: unknown[]) => boolean)(chunk, ...rest)
}) as typeof process.stdout.write

const gateway = useSandbox({ webhookSecret: SECRET, webhooks: WEBHOOK_SETTINGS })

afterAll(() => {
  process.stdout.write = write
  process.env.NODE_ENV = "test"
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const { post, paymentStatus } = webhookCalls(api, getContainer, () => store)

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
    })

    it("logs webhook requests with the token replaced, and never the secret", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      written.length = 0
      gateway.sandbox.state.payTransaction(transactionId) // its webhooks carry ?token=<secret>
      await eventually(async () => (await paymentStatus(orderId)) === "captured")
      await post("not json") // 400, logged too
      await post({ object: "transaction", transactionId }, {}, `${SECRET}-wrong`) // 401

      const log = written.join("")
      const lines = log.split("\n").filter((line) => line.includes('"path"'))
      expect(lines.some((line) => line.includes("/hooks/vorexy?token=[REDACTED]"))).toBe(true)
      expect(lines.some((line) => JSON.parse(line).status === 401)).toBe(true)
      expect(log).not.toContain(SECRET)
      expect(log).not.toContain(encodeURIComponent(SECRET))
    })
  },
})
