/**
 * The sandbox gateway's webhooks over raw HTTP: what it POSTs, its retries and duplicates, delivered
 * to a bare HTTP receiver in this file.
 */
import { createServer, IncomingHttpHeaders, Server } from "node:http"
import type { AddressInfo } from "node:net"
import { auth, call, createPix, sandbox, useRawSandbox } from "../helpers/sandbox-http"

type Received = { headers: IncomingHttpHeaders; body: Record<string, unknown> }

let receiver: Server
let receiverUrl: string
let received: Received[] = []
/** Status codes the receiver answers with, one per delivery (then 200). */
let answers: number[] = []

useRawSandbox()

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let text = ""
    req.on("data", (c) => (text += c))
    req.on("end", () => {
      received.push({ headers: req.headers, body: JSON.parse(text) })
      res.writeHead(answers.shift() ?? 200).end()
    })
  })
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/vorexy?token=abc`
})
afterAll(async () => {
  await new Promise((r) => receiver.close(r))
})
beforeEach(() => {
  received = []
  answers = []
})
// A delivery still in flight when a test ends would be recorded after the next test's reset().
afterEach(() => sandbox.webhooks.idle())

const waitFor = async (predicate: () => boolean, timeoutMs = 3000) => {
  const deadline = Date.now() + timeoutMs
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error("condition not met in time")
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe("webhooks", () => {
  it("POSTs every state change with an x-webhook-event-id, in the cash-in style", async () => {
    sandbox.setWebhookUrl(receiverUrl)
    const { body } = await createPix()
    sandbox.state.payTransaction(body.data.id)
    await waitFor(() => received.length === 2)

    const statuses = received.map((r) => r.body.status).sort()
    expect(statuses).toEqual(["paid", "pending"])
    const paid = received.find((r) => r.body.status === "paid")!
    expect(paid.headers["x-webhook-event-id"]).toMatch(/^evt_/)
    expect(paid.body).toMatchObject({
      object: "transaction",
      type: "cashin",
      transactionId: body.data.id,
      companyId: 1001,
      value: 25,
      valueInCents: 2500,
    })
    expect(new Set(received.map((r) => r.headers["x-webhook-event-id"])).size).toBe(2)
  })

  it("retries with backoff on non-2xx, keeping the event id", async () => {
    sandbox.state.setBalance(1001, { availableCents: 10_000 })
    sandbox.setWebhookUrl(receiverUrl)
    answers = [500, 503]
    await call(
      "POST",
      "/api/Withdraw/request",
      { amount: 1500, currency: "BRL", metadata: { order: "o_1" } },
      { ...auth(), "idempotency-key": "wd_hook_000001" }
    )
    await waitFor(() => received.length === 3)

    expect(new Set(received.map((r) => r.headers["x-webhook-event-id"])).size).toBe(1)
    expect(received[0].body).toMatchObject({
      object: "withdraw",
      type: "cashout",
      status: "pending",
      withdrawId: 1,
      value: 15,
      valueInCents: 1500,
      metadata: '{"order":"o_1"}',
    })
    await sandbox.webhooks.idle()
    const { deliveries, settings } = sandbox.webhooks
    expect(deliveries.map((d) => d.result)).toEqual([500, 503, 200])
    // The backoff doubles: read from the schedule, not from clocks on a busy machine.
    expect(deliveries.map((d) => d.retryInMs)).toEqual([
      settings.baseDelayMs,
      2 * settings.baseDelayMs,
      undefined,
    ])
  })

  it("delivers twice on purpose when the duplicates switch is set", async () => {
    sandbox.setWebhookUrl(receiverUrl)
    sandbox.webhooks.settings.duplicates = "always"
    await createPix()
    await waitFor(() => received.length === 2)
    expect(received[0].headers["x-webhook-event-id"]).toBe(
      received[1].headers["x-webhook-event-id"]
    )
  })

  it("sends withdrawal statuses in lowercase through the field lifecycle", async () => {
    sandbox.state.setBalance(1001, { availableCents: 10_000 })
    sandbox.setVariants({ withdrawalStatuses: "field" })
    sandbox.setWebhookUrl(receiverUrl)
    const created = await call(
      "POST",
      "/api/Withdraw/request",
      { amount: 1000, currency: "BRL" },
      { ...auth(), "idempotency-key": "wd_hook_000002" }
    )
    await call("POST", `/__sandbox/withdrawals/${created.body.id}/complete`, {}, {})
    await waitFor(() => received.length === 3)
    expect(received.map((r) => r.body.status).sort()).toEqual([
      "pending",
      "processing",
      "successful",
    ])
    expect(received.find((r) => r.body.status === "successful")!.body.endToEndId).toMatch(/^E/)
  })
})
