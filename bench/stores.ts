/**
 * The stores the benchmarks measure: the test store (medusa-config.ts) started with `medusa start`
 * as one process on in-memory modules, or as a server and a worker on Redis, on one database
 * prepared once, with the sandbox gateway in this process (no latency) unless a store is given
 * another (paid.ts: the sandbox as its own process).
 */
import axios, { AxiosInstance } from "axios"
import { startSandbox, type Sandbox } from "../sandbox"
import { freePort } from "../scripts/run-demo"
import type { GatewayAccess } from "./gateways"
import { createCart, loadStore, Store } from "../integration-tests/helpers/store"
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
} from "../integration-tests/helpers/topology"

/** "the demo's way": one process under `medusa develop`, as `npm run demo` runs it. */
export type Topology = "one process" | "server + worker" | "the demo's way"

export type BenchStore = {
  topology: Topology
  base: string
  api: AxiosInstance
  store: Store
  admin: { headers: Record<string, string> }
  sandbox: Sandbox
  processes: MedusaProcess[]
  stop: () => Promise<void>
}

export const PLUGIN_ROUTE = `/hooks/vorexy?token=${TOPOLOGY_SECRET}`
export const BUILT_IN_ROUTE = "/hooks/payment/vorexy-pix_vorexy"

/** A fresh database, migrated and seeded, with stock for every order the benchmarks place. */
export async function prepareDatabase(name: string, sandbox: Sandbox) {
  const databaseUrl = await freshDatabase(name)
  const publishableKey = await prepareStore(storeEnv(databaseUrl, sandbox))
  // Medusa reads the raw_ column (its BigNumber) as much as the plain one: both.
  await sql(
    name,
    `update inventory_level set stocked_quantity = 1000000,
       raw_stocked_quantity = jsonb_build_object('value', '1000000', 'precision', 20)`
  )
  return { databaseUrl, publishableKey }
}

/** The benchmarks' Redis database (REDIS_URL's, else 10), or the one `after` it for a second store. */
export function benchRedis(after = 0) {
  const url = new URL(redisUrl(10))
  url.pathname = `/${Number(url.pathname.slice(1)) + after}`
  return url.toString()
}

/**
 * A copy of a prepared database (PostgreSQL's template copy: seconds, where preparing takes a
 * minute), for a second store running beside the first; dropped with `drop`.
 */
export async function cloneDatabase(db: { databaseUrl: string; publishableKey: string }) {
  const url = new URL(db.databaseUrl)
  const source = url.pathname.slice(1)
  const name = `${source}_copy`
  await sql("postgres", `drop database if exists "${name}"`)
  await sql("postgres", `create database "${name}" template "${source}"`)
  url.pathname = `/${name}`
  return {
    databaseUrl: url.toString(),
    publishableKey: db.publishableKey,
    drop: () => dropDatabase(name),
  }
}

/**
 * `gateway`: the store calls this gateway instead of `sandbox` (the sandbox as its own process,
 * paid.ts), on Redis at `redis` (a second store running beside the first needs its own queues).
 */
export async function startStore(
  topology: Topology,
  db: { databaseUrl: string; publishableKey: string },
  sandbox: Sandbox,
  { gateway, redis = benchRedis() }: { gateway?: GatewayAccess; redis?: string } = {}
): Promise<BenchStore> {
  const port = await freePort()
  const base = `http://localhost:${port}`
  const env = storeEnv(db.databaseUrl, sandbox, {
    // Measured runs: no scheduled reconcile in the middle; the built-in route is measured too.
    VOREXY_RECONCILE_DISABLED: "true",
    VOREXY_ALLOW_BUILT_IN_WEBHOOK_ROUTE: "true",
    MEDUSA_REDIS: topology === "server + worker" ? "true" : undefined,
    REDIS_URL: redis,
    ...(gateway
      ? {
          VOREXY_BASE_URL: gateway.url,
          VOREXY_CLIENT_ID: gateway.clientId,
          VOREXY_API_KEY: gateway.apiKey,
          VOREXY_COMPANY_ID: String(gateway.companyId),
        }
      : {}),
    NODE_ENV: topology === "the demo's way" ? "development" : "production",
    // The demo's e-mails link to its pages and QR images.
    ...(topology === "the demo's way"
      ? {
          VOREXY_PUBLIC_URL: base,
          VOREXY_ORDER_PAGE_URL: "http://localhost:8000/order/{order_id}",
        }
      : {}),
  })
  if (topology === "server + worker") await flushRedis(redis)
  const processes =
    topology === "the demo's way"
      ? [await startMedusa("store", "shared", env, port, "develop")]
      : topology === "one process"
        ? [await startMedusa("store", "shared", env, port)]
        : await Promise.all([
            startMedusa("server", "server", env, port),
            startMedusa("worker", "worker", env),
          ])
  const api = axios.create({ baseURL: base })
  const store = await loadStore(api, db.publishableKey)
  const { data } = await api.post("/auth/user/emailpass", ADMIN)
  const admin = { headers: { authorization: `Bearer ${data.token}` } }
  await offerSystemDefault(api, store, admin)
  // One cart first: it makes the shoppers' guest customer, which concurrent first carts would race for.
  await createCart(api, store)
  return {
    topology,
    base,
    api,
    store,
    admin,
    sandbox,
    processes,
    stop: async () => {
      await Promise.all(processes.map((p) => p.stop()))
    },
  }
}

/** The region also offers Medusa's system provider: the cart-completion baseline. */
async function offerSystemDefault(
  api: AxiosInstance,
  store: Store,
  admin: { headers: Record<string, string> }
) {
  const { data } = await api.get(
    `/admin/regions/${store.region.id}?fields=*payment_providers`,
    admin
  )
  const ids: string[] = data.region.payment_providers.map((p: { id: string }) => p.id)
  if (!ids.includes("pp_system_default"))
    await api.post(
      `/admin/regions/${store.region.id}`,
      { payment_providers: [...ids, "pp_system_default"] },
      admin
    )
}

export async function startBenchSandbox() {
  return startSandbox({
    port: await freePort(),
    webhooks: { baseDelayMs: 50, timeoutMs: 5000 },
    expirySweepMs: 0,
  })
}
