/**
 * The production topology: the test store as two `server` and two `worker` processes of
 * `medusa start`, sharing one PostgreSQL database and Redis (event bus, workflow engine, locks),
 * the sandbox gateway over HTTP sending its webhooks to the server. What the plugin promises must
 * hold there: capture once (also under 50 duplicated, shuffled deliveries), the long-poll on the
 * server learning of a payment the worker applied, the reconcile job once per tick across workers,
 * a withdrawal once under concurrent submits, and the boot warning on per-process locks.
 */
import axios, { AxiosInstance } from "axios"
import { startSandbox, type Sandbox } from "../../sandbox"
import { RECONCILE_MARK } from "../../src/modules/vorexy/health"
import { freePort } from "../../scripts/run-demo"
import {
  complete,
  createCart,
  errorResponse,
  eventually,
  loadStore,
  startPix,
  Store,
  storeOrder,
} from "../helpers/store"
import {
  ADMIN,
  dropDatabase,
  flushRedis,
  freshDatabase,
  MedusaProcess,
  prepareStore,
  redisUrl,
  sql,
  startMedusa,
  storeEnv,
  TOPOLOGY_SECRET,
} from "../helpers/topology"

jest.setTimeout(300_000)

const DB = `vorexy_topology_${process.pid}`
let sandbox: Sandbox
let server: MedusaProcess
let server2: MedusaProcess
let workers: MedusaProcess[] = []
let api: AxiosInstance
let store: Store
let admin: { headers: Record<string, string> }
let databaseUrl = ""

beforeAll(async () => {
  const port = await freePort()
  const base = `http://localhost:${port}`
  sandbox = await startSandbox({
    port: await freePort(),
    webhookUrl: `${base}/hooks/vorexy?token=${TOPOLOGY_SECRET}`,
    webhooks: { baseDelayMs: 50, timeoutMs: 3000 },
    expirySweepMs: 0,
  })
  await flushRedis(redisUrl())
  databaseUrl = await freshDatabase(DB)
  // The server's long-polls hear of a worker's change only by its announcement (charge-push.ts):
  // their fallback read comes after the longest wait here.
  const env = storeEnv(databaseUrl, sandbox, { VOREXY_WATCH_FALLBACK_MS: "120000" })
  const publishableKey = await prepareStore(env)
  const started = await Promise.allSettled([
    startMedusa("server", "server", env, port),
    startMedusa("server 2", "server", env),
    startMedusa("worker 1", "worker", env),
    startMedusa("worker 2", "worker", env),
  ])
  const up = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []))
  if (up.length < started.length) {
    await Promise.all(up.map((p) => p.stop()))
    throw (started.find((s) => s.status === "rejected") as PromiseRejectedResult).reason
  }
  ;[server, server2, ...workers] = up
  api = axios.create({ baseURL: base })
  store = await loadStore(api, publishableKey)
  const { data } = await api.post("/auth/user/emailpass", ADMIN)
  admin = { headers: { authorization: `Bearer ${data.token}` } }
})

afterAll(async () => {
  await Promise.all([server, server2, ...workers].map((p) => p?.stop()))
  await sandbox?.stop()
  await dropDatabase(DB)
})

/** A PIX order placed through the server's Store API; the ids the tests need. */
async function placePixOrder() {
  const cartId = await createCart(api, store)
  await startPix(api, store, cartId)
  const { data } = await complete(api, store, cartId)
  const order = await storeOrder(api, store, data.order.id)
  const session = order.payment_collections[0].payment_sessions[0]
  return { orderId: order.id as string, transactionId: session.data.transaction_id as string }
}

/** The order's payment as the Admin API shows it: status and how many captures. */
async function payment(orderId: string) {
  const { data } = await api.get(
    `/admin/orders/${orderId}?fields=payment_status,*payment_collections.payments.captures`,
    admin
  )
  const payments = data.order.payment_collections.flatMap(
    (c: { payments?: { captures?: unknown[] }[] }) => c.payments ?? []
  )
  return {
    status: data.order.payment_status as string,
    captures: payments.reduce(
      (n: number, p: { captures?: unknown[] }) => n + (p.captures?.length ?? 0),
      0
    ),
  }
}

it("places the order on the server, applies the payment on a worker, and the server's long-poll hears of it", async () => {
  const { orderId, transactionId } = await placePixOrder()
  const poll = api.get(
    `/store/vorexy/payment-status?order_id=${orderId}&wait=true&last_status=pending&timeout_ms=20000`,
    store.storeHeaders
  )
  await new Promise((r) => setTimeout(r, 300))

  sandbox.state.payTransaction(transactionId)

  // Woken by the worker's announcement: a poll that runs out its 20 s answers what it read when
  // it came ("pending"), and no fallback read comes within the wait here (VOREXY_WATCH_FALLBACK_MS).
  const { data } = await poll
  expect(data.payment_status).toMatchObject({ status: "paid", paid: true })
  await eventually(async () => (await payment(orderId)).status === "captured", 30_000)
  expect((await payment(orderId)).captures).toBe(1)
})

it("captures once when 50 duplicated and shuffled deliveries reach the server", async () => {
  sandbox.setWebhookUrl(null)
  const { orderId, transactionId } = await placePixOrder()
  sandbox.state.payTransaction(transactionId)
  const statuses = ["paid", "waiting_payment", "paid", "paid", "pending"]
  const deliveries = Array.from({ length: 50 }, (_, i) => ({
    // Repeats share an event id; a paid delivery never shares one with an awaiting delivery.
    id: `evt_${transactionId}_${statuses[i % 5]}_${i % 7}`,
    body: { object: "transaction", type: "cashin", status: statuses[i % 5], transactionId },
  })).sort(() => Math.random() - 0.5)

  const answers = await Promise.all(
    deliveries.map(({ id, body }) =>
      api
        .post(`/hooks/vorexy?token=${TOPOLOGY_SECRET}`, body, {
          headers: { "x-webhook-event-id": id },
        })
        .catch(errorResponse)
    )
  )

  expect(answers.every((a) => a.status === 200)).toBe(true)
  await eventually(async () => (await payment(orderId)).status === "captured", 30_000)
  // Let every stored delivery be processed, then count.
  await eventually(async () => {
    const open = await sql<{ n: string }>(
      DB,
      "select count(*) as n from vorexy_webhook_event where reference_id = $1 and outcome in ('received', 'failed')",
      [transactionId]
    )
    return open[0].n === "0"
  }, 30_000)
  expect((await payment(orderId)).captures).toBe(1)
  sandbox.setWebhookUrl(`${api.defaults.baseURL}/hooks/vorexy?token=${TOPOLOGY_SECRET}`)
})

it("sends one withdrawal when the same form is submitted 10 times at once to two servers", async () => {
  await placePixOrder() // the plugin learns the company id
  sandbox.state.setBalance(1001, { availableCents: 100_000 })
  const body = {
    amount: 2500,
    pix_key: "ana@example.com",
    pix_key_type: "EMAIL",
    request_id: `form-${Date.now()}`,
  }

  // Half to each server process: only a lock shared through Redis keeps this to one.
  const other = `http://localhost:${server2.port}`
  const answers = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      api
        .post("/admin/vorexy/withdrawals", body, { ...admin, baseURL: i % 2 ? other : undefined })
        .catch(errorResponse)
    )
  )

  expect(answers.filter((a) => a.status >= 500)).toEqual([])
  const ids = new Set(answers.filter((a) => a.status < 300).map((a) => a.data.withdrawal.id))
  expect(ids.size).toBe(1)
  const sent = [...sandbox.state.withdrawals.values()].filter((w) => w.amountCents === 2500)
  expect(sent).toHaveLength(1)
})

it("runs the reconcile job on a worker once per tick, never twice across the two workers", async () => {
  const mark = async () =>
    (
      await sql<{ count: number; last_at: Date }>(
        DB,
        "select count, last_at from vorexy_health_mark where key = $1 and deleted_at is null",
        [RECONCILE_MARK]
      )
    )[0]
  const first = await eventually(mark, 90_000, 1_000)
  const next = await eventually(
    async () => {
      const now = await mark()
      return now.count !== first.count ? now : null
    },
    90_000,
    1_000
  )

  // One more run, about a tick (10 s) after the one before: never two in one tick.
  expect(next.count - first.count).toBe(1)
  expect(+next.last_at - +first.last_at).toBeGreaterThan(7_000)
})

it("warns at boot when a server runs on Medusa's in-memory locks, and not on Redis", async () => {
  expect(server.output()).not.toMatch(/in-memory locking/)
  const lone = await startMedusa(
    "server on in-memory modules",
    "server",
    storeEnv(databaseUrl, sandbox, { MEDUSA_REDIS: undefined })
  )
  await lone.stop()
  // Production logs are JSON: the quotes come escaped.
  expect(lone.output()).toMatch(/worker mode \\?"server\\?" with Medusa's in-memory locking/)
})
