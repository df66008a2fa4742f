/**
 * `BENCH_ONLY=volume-live` (`npm run bench:volume-live`): the store at volume, live. A fresh
 * database seeded as bench:volume seeds it (volume-seed.ts: 300,000 charges, ~1.2M webhook events),
 * the sandbox gateway in a process of its own holding the same month (volume-sandbox.ts), and the
 * test store as a server and a worker of `medusa start` on Redis with the reconcile job on. For
 * VOLUME_LIVE_MINUTES (default 20) real PIX checkouts go through the Store API at the day's rate
 * (one every 8.64 s; VOLUME_LIVE_RATE=peak: every 2.88 s), 90 % of them paid at the sandbox, 5 % of
 * its webhooks lost and two 429s every 20 s; seeded charges of every age are paid with their webhook
 * lost, and for some the shopper opens the order page. The same store empty (before the seed) is
 * measured first, for the routes' baseline. What it measures: volume-live-measure.ts; the section:
 * volume-live-report.ts.
 */
import { writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import axios, { type AxiosInstance } from "axios"
import { Client } from "@medusajs/framework/pg"
import { freePort } from "../scripts/run-demo"
import {
  complete,
  createCart,
  loadStore,
  startPix,
  type Store,
} from "../integration-tests/helpers/store"
import {
  ADMIN,
  dropDatabase,
  flushRedis,
  freshDatabase,
  prepareStore,
  redisUrl,
  startMedusa,
  storeEnv,
  type MedusaProcess,
} from "../integration-tests/helpers/topology"
import { PLUGIN_ROUTE } from "./stores"
import { bindingKeyHex, seedVolume } from "./volume-seed"
import { ChargeBinding } from "../src/providers/vorexy/core/binding"
import { DROP_BODIES_PER_RUN, dropOldBodiesSql } from "../src/modules/vorexy/body-clean-up"
import { LOST_PAYMENT_FOUND_MS } from "../src/rules/timing"
import { startGatewayProcess, type GatewayProcess } from "./volume-gateway"
import { Sampler, timedGet, type RouteTimes } from "./volume-live-measure"
import { liveSection, type LiveRun, type LostCapture } from "./volume-live-report"

const REDIS_DB = 11
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

type LiveStore = {
  api: AxiosInstance
  store: Store
  admin: { headers: Record<string, string> }
  processes: MedusaProcess[]
  base: string
}

async function startLiveStore(
  env: NodeJS.ProcessEnv,
  publishableKey: string,
  gateway: GatewayProcess
): Promise<LiveStore> {
  await flushRedis(redisUrl(REDIS_DB))
  const port = await freePort()
  const base = `http://localhost:${port}`
  const processes = await Promise.all([
    startMedusa("server", "server", env, port),
    startMedusa("worker", "worker", env),
  ])
  await gateway.webhookUrl(`${base}${PLUGIN_ROUTE}`)
  const api = axios.create({ baseURL: base, timeout: 60_000 })
  const store = await loadStore(api, publishableKey)
  const { data } = await api.post("/auth/user/emailpass", ADMIN)
  return {
    api,
    store,
    admin: { headers: { authorization: `Bearer ${data.token}` } },
    processes,
    base,
  }
}

async function placePix(ls: LiveStore) {
  const cartId = await createCart(ls.api, ls.store)
  await startPix(ls.api, ls.store, cartId)
  const { data } = await complete(ls.api, ls.store, cartId)
  if (data.type !== "order") throw new Error(`not placed: ${JSON.stringify(data).slice(0, 300)}`)
  const { data: status } = await ls.api.get(
    `/store/vorexy/payment-status?order_id=${data.order.id}`,
    ls.store.storeHeaders
  )
  return {
    orderId: data.order.id as string,
    transactionId: status.payment_status.transaction_id as string,
  }
}

/**
 * For the log: what the rows of the lost webhooks not learned within the target say (why one took
 * long: not listed, not read, read and not captured).
 */
async function logSlowLost(pg: Client, lost: LostCapture[], log: (line: string) => void) {
  for (const entry of lost) {
    if (entry.learnedMs !== null && entry.learnedMs <= LOST_PAYMENT_FOUND_MS) continue
    const { rows } = await pg.query(
      `select status, gateway_status, gateway_internal_id, created_at, last_synced_at,
              next_sync_at, sync_failures, flag, captured_at, not_found_reads
       from vorexy_charge where transaction_id = $1`,
      [entry.transactionId]
    )
    log(
      `volume-live: lost webhook ${entry.bucket}, paid ${new Date(entry.paidAt).toISOString()}, learned ${entry.learnedMs === null ? "not within the run" : `after ${entry.learnedMs} ms`}: ${JSON.stringify(rows[0] ?? null)}`
    )
  }
}

/**
 * Requests per route in each measure: enough that a p95 is not two unlucky requests (a tick of
 * the job sharing these 2 CPUs), in about 15 s.
 */
const ROUTE_SAMPLES = 200

/** The routes a store's pages and admin call, `n` times each, one after another. */
async function routeTimes(ls: LiveStore, orderIds: string[], n: number): Promise<RouteTimes> {
  const times: RouteTimes = { status: [], charges: [], withdrawals: [], health: [] }
  for (let i = 0; i < n; i++) {
    const orderId = orderIds[i % orderIds.length]
    times.status.push(
      await timedGet(
        ls.api,
        `/store/vorexy/payment-status?order_id=${orderId}`,
        ls.store.storeHeaders
      )
    )
    times.charges.push(
      await timedGet(ls.api, `/admin/vorexy/charges?order_id=${orderId}`, ls.admin)
    )
    times.withdrawals.push(await timedGet(ls.api, "/admin/vorexy/withdrawals?limit=20", ls.admin))
    times.health.push(await timedGet(ls.api, "/admin/vorexy/health", ls.admin))
  }
  return times
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The ages a lost webhook's charge is given, in turn, and how a seeded slot of that age is found. */
const AGES = [
  {
    bucket: "under 1 h",
    where: "created_at between now() - interval '45 minutes' and now() - interval '15 minutes'",
    look: false,
  },
  {
    bucket: "1-24 h",
    where:
      "method = 'pix' and created_at between now() - interval '22 hours' and now() - interval '2 hours'",
    look: true,
  },
  {
    bucket: "1-3 days",
    where:
      "method = 'boleto' and created_at between now() - interval '60 hours' and now() - interval '26 hours'",
    look: true,
  },
]

/**
 * A live checkout's charge made as old as a seeded awaiting one (`where`): the seeded charge's
 * place at the gateway's list and its times on the row (creation, expiry, last read) go to the
 * live one, and the seeded row goes. The live charge has a real order, session and payment behind
 * it, which the seeded minimal rows cannot capture into. Returns its creation time.
 */
async function ageCharge(
  pg: Client,
  gateway: GatewayProcess,
  transactionId: string,
  where: string
) {
  const { rows } = await pg.query<{ transaction_id: string; created_at: Date }>(
    `select transaction_id, created_at from vorexy_charge
     where status = 'pending' and gateway_unknown_at is null and flag is null and sync_failures = 0
       and offer_closed_at is null and transaction_id like 'vol-%' and ${where}
     order by random() limit 1`
  )
  const slot = rows[0]
  if (!slot) throw new Error(`no seeded slot ${where}`)
  await gateway.age(transactionId, slot.transaction_id)
  await pg.query(
    // The gateway's id it may have learned from a sweep before this is gone (the list now names
    // it by the slot's): it learns the new one as any row does.
    `update vorexy_charge c set created_at = s.created_at, expires_at = s.expires_at,
       next_sync_at = case when c.next_sync_at is null then null else s.expires_at end,
       last_synced_at = s.last_synced_at, gateway_internal_id = null
     from vorexy_charge s where s.transaction_id = $2 and c.transaction_id = $1`,
    [transactionId, slot.transaction_id]
  )
  await pg.query("delete from vorexy_charge where transaction_id = $1", [slot.transaction_id])
  return slot.created_at.getTime()
}

/**
 * A shopper's page load of an older charge: the status route without `wait` (which asks the
 * worker for a read), then the page's long-poll until it answers paid (60 s at most).
 */
async function pageLoadToPaid(ls: LiveStore, orderId: string): Promise<number | null> {
  const started = performance.now()
  await ls.api.get(`/store/vorexy/payment-status?order_id=${orderId}`, ls.store.storeHeaders)
  while (performance.now() - started < 60_000) {
    const { data } = await ls.api.get(
      `/store/vorexy/payment-status?order_id=${orderId}&wait=true&last_status=pending&timeout_ms=20000`,
      ls.store.storeHeaders
    )
    if (data.payment_status.status !== "pending") return performance.now() - started
  }
  return null
}

export async function volumeLive(log: (line: string) => void) {
  const minutes = Number(process.env.VOLUME_LIVE_MINUTES ?? 20)
  const peak = process.env.VOLUME_LIVE_RATE === "peak"
  const gapMs = ((peak ? 1 / 3 : 1) * DAY) / 10_000
  const name = `vorexy_volume_live_${process.pid}`
  const started = Date.now()
  const gateway = await startGatewayProcess()
  log(`volume-live: sandbox gateway in its own process at ${gateway.url}`)
  const databaseUrl = await freshDatabase(name)
  const env = storeEnv(databaseUrl, gateway.asSandbox, {
    REDIS_URL: redisUrl(REDIS_DB),
    NODE_ENV: "production",
  })
  let ls: LiveStore | undefined
  try {
    log("volume-live: migrating and seeding the demo store")
    const publishableKey = await prepareStore(env)
    const pg = new Client({ connectionString: databaseUrl })
    await pg.connect()
    try {
      await pg.query(
        `update inventory_level set stocked_quantity = 1000000,
           raw_stocked_quantity = jsonb_build_object('value', '1000000', 'precision', 20)`
      )
      // The empty store first: its routes' times are the baseline.
      log("volume-live: the empty store (server + worker), its routes")
      ls = await startLiveStore(env, publishableKey, gateway)
      const emptyOrders: string[] = []
      for (let i = 0; i < 5; i++) {
        const placed = await placePix(ls)
        await gateway.pay(placed.transactionId)
        emptyOrders.push(placed.orderId)
      }
      await sleep(5_000)
      await routeTimes(ls, emptyOrders, 5)
      const empty = await routeTimes(ls, emptyOrders, ROUTE_SAMPLES)
      await Promise.all(ls.processes.map((p) => p.stop()))
      ls = undefined

      log("volume-live: seeding 30 days at 10,000 orders a day")
      const { companyId } = gateway.asSandbox.credentials()
      const secret = env.VOREXY_SIGNING_SECRET || gateway.asSandbox.credentials().apiKey
      const binding = { keyHex: bindingKeyHex(secret), companyId }
      const seeded = await seedVolume(
        databaseUrl,
        (l) => log(`volume-live: ${l}`),
        String(companyId),
        binding
      )
      await checkBinding(pg, secret)
      // The empty run's job state goes: the run starts as a store that has run for a month.
      await pg.query("delete from vorexy_health_mark")
      const held = await gateway.seed(databaseUrl)
      log(`volume-live: the gateway holds ${held} seeded transactions`)
      const seededOrders = (
        await pg.query<{ order_id: string }>(
          `select order_id from vorexy_charge where order_id is not null order by md5(id) limit 50`
        )
      ).rows.map((r) => r.order_id)
      const eventsBefore = await tableFacts(pg)

      log("volume-live: server + worker on the seeded store, the job on")
      ls = await startLiveStore(env, publishableKey, gateway)
      await gateway.webhooks({ dropRate: 0.05 })
      await gateway.rateLimits(20_000, 2)
      const sampler = new Sampler(pg, redisUrl(REDIS_DB), ls.processes, gateway)
      const runStart = Date.now()
      sampler.start()
      const store = ls
      const runEnd = runStart + minutes * MINUTE
      const live: { orderId: string; transactionId: string; placedMs: number }[] = []
      const checkoutFailures: string[] = []
      const lost: LostCapture[] = []
      const looks: Promise<void>[] = []

      const agedAndLost = async (placed: { orderId: string; transactionId: string }, k: number) => {
        const age = AGES[k % AGES.length]
        // The order's own recording (order.placed) first.
        await sleep(3_000)
        const createdAt = await ageCharge(pg, gateway, placed.transactionId, age.where)
        await sleep(10_000 + Math.random() * 20_000)
        if (Date.now() > runEnd) return
        const { at: paidAt } = await gateway.pay(placed.transactionId, true)
        const entry: LostCapture = {
          transactionId: placed.transactionId,
          bucket: age.bucket,
          ageMs: paidAt - createdAt,
          paidAt,
          learnedMs: null,
          pageLoadMs: undefined,
          capture: true,
        }
        lost.push(entry)
        sampler.track(placed.transactionId, entry)
        if (age.look && Math.floor(k / AGES.length) % 2 === 0)
          looks.push(
            sleep(1_000)
              .then(() => pageLoadToPaid(store, placed.orderId))
              .then((ms) => void (entry.pageLoadMs = ms))
          )
      }

      // The routes halfway through, among the checkouts.
      const busy = sleep((runEnd - runStart) / 2).then(() =>
        routeTimes(store, seededOrders, ROUTE_SAMPLES)
      )
      log(`volume-live: ${minutes} min of checkouts, one every ${(gapMs / 1000).toFixed(1)} s`)
      const checkouts: Promise<void>[] = []
      for (let n = 0; Date.now() < runEnd; n++) {
        const due = runStart + n * gapMs
        if (due > Date.now()) await sleep(due - Date.now())
        if (Date.now() >= runEnd) break
        checkouts.push(
          (async () => {
            const t0 = performance.now()
            const placed = await placePix(store)
            live.push({ ...placed, placedMs: performance.now() - t0 })
            const placedAt = Date.now()
            // Every third checkout is made old and paid with its webhook lost: the ages in turn,
            // the shopper opening the order page of every other older one.
            if (n % 3 === 1) return agedAndLost(placed, Math.floor(n / 3))
            if (Math.random() >= 0.9) return
            // Paid 10-60 s later, as a shopper scans the QR.
            await sleep(10_000 + Math.random() * 50_000)
            if (Date.now() > runEnd) return
            const { lost: gone, at } = await gateway.pay(placed.transactionId)
            if (gone) {
              const entry: LostCapture = {
                transactionId: placed.transactionId,
                bucket: "live, under 1 h",
                ageMs: at - placedAt,
                paidAt: at,
                learnedMs: null,
                pageLoadMs: undefined,
                capture: true,
              }
              lost.push(entry)
              sampler.track(placed.transactionId, entry)
            }
          })().catch((e: Error) => void checkoutFailures.push(e.message.slice(0, 200)))
        )
        if (n % 20 === 0)
          log(
            `volume-live:   ${Math.round((Date.now() - runStart) / 1000)} s, ${live.length} placed`
          )
      }
      await Promise.all(checkouts)
      // A lost webhook paid near the end gets two minutes more (the recent sweep's target).
      await sleep(Math.min(2 * MINUTE + 10_000, Math.max(0, runEnd + 2 * MINUTE - Date.now())))
      await Promise.all(looks)
      await logSlowLost(pg, lost, log)
      // The routes on the full store once the checkouts stopped, the job still on: as the empty
      // store's were measured.
      const full = await routeTimes(store, seededOrders, ROUTE_SAMPLES)
      const runMs = Date.now() - runStart
      const requests = await gateway.requests(runStart)
      sampler.stop()
      const eventsAfter = await tableFacts(pg)
      const cleanUp = await cleanUpCost(pg)
      const run: LiveRun = {
        minutes,
        peak,
        runMs,
        totalMs: 0,
        placed: live.length,
        checkoutMs: live.map((l) => l.placedMs),
        checkoutFailures,
        seeded,
        held,
        empty,
        full,
        busy: await busy,
        requests,
        ticks: sampler.ticks(),
        marks: sampler.marks(),
        memory: sampler.memory(),
        lost,
        eventsBefore,
        eventsAfter,
        cleanUp,
      }
      await stopStore(ls, name, log)
      ls = undefined
      run.totalMs = Date.now() - started
      return liveSection(run, new Date().toISOString())
    } finally {
      await pg.end()
    }
  } finally {
    if (ls) await stopStore(ls, name, log)
    await gateway.stop()
    if (process.env.VOLUME_KEEP !== "true") await dropDatabase(name).catch(() => undefined)
    else log(`volume-live: kept database ${name}`)
  }
}

/** Stops the store's processes; their output is kept in the temporary directory. */
async function stopStore(ls: LiveStore, name: string, log: (line: string) => void) {
  await Promise.all(ls.processes.map((p) => p.stop()))
  for (const p of ls.processes) {
    const file = join(tmpdir(), `${name}-${p.name}.log`)
    writeFileSync(file, p.output())
    log(`volume-live: ${p.name}'s output in ${file}`)
  }
}

/** The seed's SQL signs the sessions as the provider does: checked on one row. */
async function checkBinding(pg: Client, secret: string) {
  const { rows } = await pg.query<{ data: Record<string, unknown> }>(
    "select data from payment_session where id like 'payses_vol%' limit 1"
  )
  const d = rows[0].data
  const facts = {
    session_id: d.session_id as string,
    transaction_id: d.transaction_id as string,
    amount_cents: d.amount_cents as number,
    company_id: d.gateway_company_id as number,
  }
  if (!new ChargeBinding(secret).verify(facts, d.charge_binding))
    throw new Error(`the seed's charge binding does not verify: ${JSON.stringify(d)}`)
}

/** The webhook-event table's rows and size. */
async function tableFacts(pg: Client) {
  const { rows } = await pg.query<{ rows: string; bytes: string }>(
    `select (select count(*) from vorexy_webhook_event) as rows,
       pg_total_relation_size('vorexy_webhook_event') as bytes`
  )
  return { rows: Number(rows[0].rows), bytes: Number(rows[0].bytes), at: Date.now() }
}

/**
 * What the job's clean-up of old webhook bodies costs on this table: its statement
 * (service.dropOldWebhookBodies, 1,000 a run) run once with a retention a day shorter, so a
 * day's events are due, in a transaction rolled back.
 */
async function cleanUpCost(pg: Client) {
  await pg.query("begin")
  try {
    const started = performance.now()
    const { rowCount } = await pg.query(dropOldBodiesSql(29, DROP_BODIES_PER_RUN))
    return { ms: performance.now() - started, rows: rowCount ?? 0 }
  } finally {
    await pg.query("rollback")
  }
}
