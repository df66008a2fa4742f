/**
 * The sandbox's state file (the demo's): what a request changed is on disk before it is answered,
 * and a new sandbox on the same file is the same gateway: charges, withdrawals, balances,
 * idempotent replays, ids that go on, webhooks still to deliver and expiries still to come. A file
 * it cannot use is refused, never replaced.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer, IncomingMessage, Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Sandbox, SandboxOptions, startSandbox, StateFileError } from "../server"
import { readStateFile, StateFile } from "../state-file"

const dir = mkdtempSync(join(tmpdir(), "vorexy-sandbox-state-"))
let files = 0
const newFile = () => join(dir, `state-${++files}.json`)
const running: Sandbox[] = []
const receivers: Server[] = []

afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.stop()))
  for (const server of receivers.splice(0)) {
    server.closeAllConnections()
    server.close()
  }
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function start(options: SandboxOptions) {
  const sandbox = await startSandbox({ expirySweepMs: 0, ...options })
  running.push(sandbox)
  return sandbox
}

const PIX = {
  amount: 5000,
  currency: "BRL",
  paymentMethod: "PIX",
  customer: { name: "Ana Souza", email: "ana@example.com" },
}

/** A documented API call as company 1001, or a control call (`/__sandbox/...`). */
async function call(sandbox: Sandbox, path: string, body?: object, key?: string) {
  const { clientId, apiKey } = sandbox.credentials()
  const response = await fetch(`${sandbox.url}${path}`, {
    method: body ? "POST" : "GET",
    headers: {
      "content-type": "application/json",
      "x-client-id": clientId,
      "x-api-key": apiKey,
      ...(key ? { "idempotency-key": key } : {}),
    },
    body: body && JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

const createCharge = (sandbox: Sandbox, key?: string, body: object = PIX) =>
  call(sandbox, "/api/v1/transactions/create", body, key)
const getTransaction = (sandbox: Sandbox, id: string) =>
  call(sandbox, `/api/Transaction/transactionByTransactionId/${id}`)

/** A webhook receiver answering `status` (null: never answering); records the event ids. */
async function receiver(status: number | null) {
  const events: string[] = []
  const server = createServer((req: IncomingMessage, res) => {
    events.push(String(req.headers["x-webhook-event-id"]))
    req.resume()
    if (status !== null) res.writeHead(status).end()
  })
  receivers.push(server)
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/hooks`, events }
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out")
    await new Promise((r) => setTimeout(r, 20))
  }
}

const saved = (file: string) => readStateFile(file) as StateFile

describe("a sandbox with a state file", () => {
  it("has a change on disk before answering it, and the next sandbox is the same gateway", async () => {
    const file = newFile()
    const first = await start({ stateFile: file })
    const created = await createCharge(first, "order-1")
    expect(created.status).toBe(200)
    const id = created.body.data.id as string
    // Answered, so saved: a SIGKILL now could not lose it.
    expect(saved(file).state.transactions.map((t) => t.transactionId)).toEqual([id])

    await call(first, `/__sandbox/transactions/${id}/pay`, {})
    const withdrawal = await call(
      first,
      "/api/Withdraw/request",
      { amount: 1000, currency: "BRL" },
      "w-1"
    )
    expect(withdrawal.status).toBe(201)
    const balance = await call(first, "/api/Balance/balance/1001")
    await first.stop()

    const next = await start({ stateFile: file, webhookUrl: "http://localhost:1/elsewhere" })
    const paid = await getTransaction(next, id)
    expect(paid.body).toMatchObject({ id: 1, enStatusTransaction: "Paid", value: 5000 })
    expect((await call(next, `/api/Withdraw/${withdrawal.body.id}`)).body).toMatchObject({
      amount: 1000,
      enTransaction: "Awaiting",
    })
    expect((await call(next, "/api/Balance/balance/1001")).body).toEqual(balance.body)
    // The webhook URL is this run's, never the saved one.
    expect(next.state.company(1001).webhookUrl).toBe("http://localhost:1/elsewhere")

    // The same key and body replay the first answer; another body under it is refused.
    expect(await createCharge(next, "order-1")).toEqual(created)
    expect((await createCharge(next, "order-1", { ...PIX, amount: 6000 })).status).toBe(409)
    expect(
      (await call(next, "/api/Withdraw/request", { amount: 1000, currency: "BRL" }, "w-1")).body
    ).toEqual(withdrawal.body)

    // Ids go on where the first run stopped.
    const second = await createCharge(next, "order-2")
    expect(second.body.data.id).not.toBe(id)
    expect((await getTransaction(next, second.body.data.id)).body.id).toBe(2)
    const another = await call(
      next,
      "/api/Withdraw/request",
      { amount: 1000, currency: "BRL" },
      "w-2"
    )
    expect(another.body.id).toBe(withdrawal.body.id + 1)
  })

  it("makes the webhook deliveries the last run left pending, once told to (the demo's store is up)", async () => {
    const file = newFile()
    const silent = await receiver(null)
    const first = await start({ stateFile: file, webhookUrl: silent.url })
    await createCharge(first)
    // Its delivery was under way (never answered) when the sandbox stopped.
    await until(() => silent.events.length === 1)
    await first.stop()
    const [pending] = saved(file).webhooks
    expect(pending).toMatchObject({ eventId: silent.events[0], attempt: 1, companyId: 1001 })
    expect(JSON.stringify(saved(file))).not.toContain(silent.url)

    const listening = await receiver(200)
    const next = await start({
      stateFile: file,
      webhookUrl: listening.url,
      holdSavedDeliveries: true,
    })
    // Held: not sent, and still saved when the state changes meanwhile.
    await createCharge(next)
    await until(() => listening.events.length === 1)
    expect(saved(file).webhooks.map((w) => w.eventId)).toContain(pending.eventId)

    next.resumeDeliveries()
    await until(() => listening.events.length === 2)
    expect(listening.events[1]).toBe(pending.eventId)
    await until(() => saved(file).webhooks.length === 0)
  })

  it("keeps a retry scheduled for later scheduled in the next run", async () => {
    const file = newFile()
    const refusing = await receiver(503)
    const first = await start({
      stateFile: file,
      webhookUrl: refusing.url,
      webhooks: { baseDelayMs: 600_000 },
    })
    await createCharge(first)
    await until(() => first.webhooks.deliveries.length === 1)
    await first.stop()
    const [retry] = saved(file).webhooks
    expect(retry).toMatchObject({ attempt: 2 })
    expect(retry.dueAt).toBeGreaterThan(Date.now())

    const next = await start({ stateFile: file, webhookUrl: refusing.url })
    expect(next.webhooks.pendingDeliveries()).toEqual([retry])
    expect(refusing.events).toHaveLength(1)
  })

  /** A state file holding one PIX whose expiry passed while no sandbox ran. */
  async function savedChargeExpiredMeanwhile() {
    const file = newFile()
    const first = await start({ stateFile: file })
    const { body } = await createCharge(first)
    await first.stop()
    const state = saved(file)
    state.state.transactions[0].pix!.expirationDate = new Date(Date.now() - 1000).toISOString()
    writeFileSync(file, JSON.stringify(state))
    return { file, body }
  }

  it("expires at the next start a PIX whose expiry passed while no sandbox ran", async () => {
    const { file, body } = await savedChargeExpiredMeanwhile()

    const next = await start({ stateFile: file, expirySweepMs: 20 })
    await until(() => saved(file).state.transactions[0].state === "Cancelled")
    expect((await getTransaction(next, body.data.id)).body.enStatusTransaction).toBe("Cancelled")
  })

  it("holds that expiry, and its webhook, until deliveries resume (the store is up)", async () => {
    const { file, body } = await savedChargeExpiredMeanwhile()

    const next = await start({ stateFile: file, expirySweepMs: 20, holdSavedDeliveries: true })
    // Ten sweeps' time: none ran while held.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(saved(file).state.transactions[0].state).toBe("Awaiting")
    next.resumeDeliveries()
    await until(() => saved(file).state.transactions[0].state === "Cancelled")
    expect((await getTransaction(next, body.data.id)).body.enStatusTransaction).toBe("Cancelled")
  })

  it("serves a boleto issued before a restart from the port the sandbox listens on now", async () => {
    const file = newFile()
    const first = await start({ stateFile: file })
    const customer = {
      ...PIX.customer,
      document: { number: "52998224725", type: "CPF" },
      address: {
        street: "Rua Augusta",
        streetNumber: "1500",
        zipCode: "01304001",
        neighborhood: "Consolação",
        city: "São Paulo",
        state: "SP",
        country: "br",
      },
    }
    const { body } = await createCharge(first, undefined, {
      ...PIX,
      paymentMethod: "BOLETO",
      customer,
    })
    await first.stop()

    const next = await start({ stateFile: file })
    expect(next.url).not.toBe(first.url)
    const { boleto } = (await getTransaction(next, body.data.id)).body
    expect(boleto.url).toBe(`${next.url}/boletos/${body.data.id}.pdf`)
    expect((await fetch(boleto.url)).status).toBe(200)
  })

  it("refuses a file it cannot use, naming it, and leaves it as it was", () => {
    const cases: [string, RegExp][] = [
      ["{not json", /is not valid JSON/],
      [
        JSON.stringify({ version: 99, state: {} }),
        /format version is 99; this sandbox reads version 1/,
      ],
      [JSON.stringify({ version: 1, state: { companies: [] } }), /not a sandbox state/],
    ]
    for (const [content, message] of cases) {
      const file = newFile()
      writeFileSync(file, content)
      let error: unknown
      try {
        new Sandbox({ stateFile: file })
      } catch (thrown) {
        error = thrown
      }
      expect(error).toBeInstanceOf(StateFileError)
      expect((error as Error).message).toContain(file)
      expect((error as Error).message).toMatch(message)
      expect(readFileSync(file, "utf8")).toBe(content)
    }
  })
})
