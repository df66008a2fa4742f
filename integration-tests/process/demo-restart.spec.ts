/**
 * The demo is the same shop after a restart: PIX orders placed before a SIGTERM can still be paid
 * after it and are captured, and the reconcile job's reads of their charges find them (no 404).
 * A demo killed outright (SIGKILL, every process) has its last order's charge saved already, and
 * once started again that order is paid and captured too.
 * `--reset` deletes the embedded cluster and the sandbox's state, and refuses a configured database.
 */
import axios, { AxiosError, AxiosInstance } from "axios"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { readStateFile } from "../../sandbox/state-file"
import { DemoProcess, freePort, launchDemo, stopDemo, waitForBanner } from "../../scripts/run-demo"
import { loadStore, placePixOrder, Store } from "../helpers/store"
import { eventually, OWN_POSTGRES, processTree, running } from "./processes"

jest.setTimeout(900_000)

const home = mkdtempSync(join(tmpdir(), "vorexy-demo-restart-"))
// When run as root, PostgreSQL runs as the postgres user, who must be able to enter it.
chmodSync(home, 0o755)
const pgData = join(home, "pg")
const DB_NAME = "vorexy_demo_restart"
const stateFile = join(home, `vorexy-sandbox-${DB_NAME}.json`)

/** The demo on its own embedded PostgreSQL in `home`, its sandbox's state saved beside it. */
const ENV: NodeJS.ProcessEnv = {
  ...OWN_POSTGRES,
  DEMO_PG_DATA: pgData,
  DEMO_DB_NAME: DB_NAME,
  DEMO_SANDBOX_STATE: undefined,
}

let demo: DemoProcess | undefined

afterAll(async () => {
  if (demo) await stopDemo(demo.child)
  rmSync(home, { recursive: true, force: true })
})

type Shop = { api: AxiosInstance; store: Store; sandbox: string; admin: object }

async function boot(): Promise<Shop> {
  demo = await launchDemo(ENV)
  const banner = await waitForBanner(demo, 420_000)
  const api = axios.create({ baseURL: `http://localhost:${demo.port}` })
  api.interceptors.response.use(undefined, whileRestarting(api))
  const { data } = await api.post("/auth/user/emailpass", {
    email: "admin@vorexy.local",
    password: "vorexy-demo",
  })
  return {
    api,
    store: await loadStore(api, /x-publishable-api-key: (pk_\w+)/.exec(banner)![1]),
    sandbox: `http://127.0.0.1:${demo.sandboxPort}`,
    admin: { headers: { authorization: `Bearer ${data.token}` } },
  }
}

/**
 * `medusa develop` restarts its server on any change in the checkout: a request it refused the
 * connection to (never received) is sent again, for up to a minute.
 */
function whileRestarting(api: AxiosInstance) {
  const since = new WeakMap<object, number>()
  return async (error: AxiosError) => {
    const config = error.config
    if (error.code !== "ECONNREFUSED" || !config) throw error
    since.set(config, since.get(config) ?? Date.now())
    if (Date.now() - since.get(config)! > 60_000) throw error
    await new Promise((r) => setTimeout(r, 1000))
    return api.request(config)
  }
}

/** Runs the demo with `args` and `env` to its end; its exit code and output. */
async function runToEnd(args: string[], env: NodeJS.ProcessEnv) {
  const run = await launchDemo({ ...ENV, ...env }, { args })
  await new Promise((resolve) => run.child.once("exit", resolve))
  return { code: run.child.exitCode, output: run.output() }
}

const paymentStatus = async (shop: Shop, orderId: string) =>
  (await shop.api.get(`/admin/orders/${orderId}?fields=payment_status`, shop.admin)).data.order
    .payment_status

it("keeps its orders payable across a restart and a kill; --reset starts over", async () => {
  let shop = await boot()
  const first = await placePixOrder(shop.api, shop.store)
  const second = await placePixOrder(shop.api, shop.store)

  // One SIGTERM to the demo, as a service manager stops it.
  const stopped = new Promise((resolve) => demo!.child.once("exit", resolve))
  process.kill(demo!.child.pid!, "SIGTERM")
  await stopped

  shop = await boot()
  const { data: paid } = await axios.post(
    `${shop.sandbox}/__sandbox/transactions/${first.transactionId}/pay`
  )
  expect(paid.enStatusTransaction).toBe("Paid")
  // The reconcile job watches the charge still pending through the gateway's list (it does not
  // read each one); both payments below are read, and the gateway must know both (no 404).
  const reads = async () =>
    (await axios.get(`${shop.sandbox}/__sandbox/requests?route=getTransaction`)).data.items as {
      path: string
      status: number
    }[]
  const swept = await eventually(
    async () =>
      (await axios.get(`${shop.sandbox}/__sandbox/requests?route=listTransactions`)).data.items
        .length > 0,
    150_000
  )
  expect(swept).toBe(true)
  await axios.post(`${shop.sandbox}/__sandbox/transactions/${second.transactionId}/pay`)
  for (const order of [first, second]) {
    const captured = await eventually(
      async () => (await paymentStatus(shop, order.orderId)) === "captured",
      150_000
    )
    expect({ order: order.orderId, captured }).toEqual({ order: order.orderId, captured: true })
  }
  expect((await reads()).filter((r) => r.status === 404)).toEqual([])

  // Killed outright, everything at once: the order just placed has its charge on disk, with an id
  // after the ones before the restart.
  const third = await placePixOrder(shop.api, shop.store)
  const tree = processTree(demo!.child.pid!)
  for (const proc of tree) process.kill(proc.pid, "SIGKILL")
  expect(await eventually(() => tree.every((p) => !running(p.pid)), 30_000)).toBe(true)
  const saved = readStateFile(stateFile)!.state.transactions
  const ids = Object.fromEntries(saved.map((t) => [t.transactionId, t]))
  expect(ids[third.transactionId]).toMatchObject({ state: "Awaiting", internalId: 3 })
  expect([ids[first.transactionId].state, ids[second.transactionId].state]).toEqual([
    "Paid",
    "Paid",
  ])

  // Started again after the kill (PostgreSQL recovers its cluster): that order can be paid too.
  shop = await boot()
  await axios.post(`${shop.sandbox}/__sandbox/transactions/${third.transactionId}/pay`)
  const capturedAfterKill = await eventually(
    async () => (await paymentStatus(shop, third.orderId)) === "captured",
    150_000
  )
  expect(capturedAfterKill).toBe(true)
  expect((await reads()).filter((r) => r.status === 404)).toEqual([])
  await stopDemo(demo!.child)
  demo = undefined

  // --reset never drops a database the user configured: it refuses, and deletes nothing.
  const refused = await runToEnd(["--reset"], { DB_HOST: "127.0.0.1", DB_PORT: "1" })
  expect(refused.code).not.toBe(0)
  expect(refused.output).toMatch(/--reset refused: DB_HOST is set.*Nothing was deleted/)
  expect([existsSync(pgData), existsSync(stateFile)]).toEqual([true, true])

  // On the embedded cluster it deletes both (a busy port then ends the run before anything starts).
  const busy = createServer()
  const port = await freePort()
  await new Promise<void>((ok) => busy.listen(port, ok))
  const reset = await runToEnd(["--reset"], { PORT: String(port) })
  busy.close()
  expect(reset.output).toContain(`Reset: deleted ${pgData}, ${stateFile}.`)
  expect(reset.output).toMatch(/already in use/)
  expect([existsSync(pgData), existsSync(stateFile)]).toEqual([false, false])
})

it("--reset deletes nothing that is not a stopped cluster of its own", async () => {
  const notACluster = join(home, "documents")
  mkdirSync(notACluster)
  writeFileSync(join(notACluster, "notes.txt"), "mine")
  const refused = await runToEnd(["--reset"], { DEMO_PG_DATA: notACluster })
  expect(refused.code).not.toBe(0)
  expect(refused.output).toContain(`--reset refused: ${notACluster} is not a PostgreSQL cluster`)
  expect(existsSync(join(notACluster, "notes.txt"))).toBe(true)

  // A cluster PostgreSQL still runs on (here: a live pid in its lock file) stays.
  const live = join(home, "live")
  mkdirSync(live)
  writeFileSync(join(live, "PG_VERSION"), "17\n")
  writeFileSync(join(live, "postmaster.pid"), `${process.pid}\n${live}\n`)
  const busy = await runToEnd(["--reset"], { DEMO_PG_DATA: live })
  expect(busy.code).not.toBe(0)
  expect(busy.output).toContain(`still runs on ${live}; stop the demo first`)
  expect(existsSync(join(live, "PG_VERSION"))).toBe(true)
})
