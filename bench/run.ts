/**
 * `npm run bench`: every figure in BENCHMARKS.md, from one run, each beside its baseline measured
 * in the same run. PostgreSQL as the tests find it (DATABASE_URL / DB_HOST, else embedded); Redis
 * at REDIS_URL (default redis://127.0.0.1:6379, database 10; paid under load's second store on the
 * next one). BENCH_SAMPLES scales the samples. The
 * simulated month (month.ts) and the fault suite's three runs (faults.ts) come last; BENCH_ONLY=month,
 * BENCH_ONLY=faults or BENCH_ONLY=paid (paid under load, paid.ts) runs only that one.
 * BENCH_ONLY=volume (`npm run bench:volume`, volume.ts) seeds a store at volume and prints
 * PostgreSQL's plan for each query the plugin makes on its big tables (not part of a full run).
 * BENCH_ONLY=volume-live (`npm run bench:volume-live`, volume-live.ts) seeds the same store and
 * runs it live on server + worker with the job on, VOLUME_LIVE_MINUTES (default 20) of checkouts at
 * the day's rate (VOLUME_LIVE_RATE=peak: 3×), and rewrites its section of BENCHMARKS.md; about
 * 27 minutes at the default (not part of a full run). Its Redis database is index 11.
 */
import { writeFileSync } from "node:fs"
import { cpus, totalmem } from "node:os"
import { join, resolve } from "node:path"
import { cartCompletion, paymentToPaid } from "./measure"
import { longPollLoad, webhookBurst } from "./load"
import { simulatedMonth, summarySection, writeMonthSection, writeSection } from "./month"
import { faultRuns, FAULTS_HEADING } from "./faults"
import { paidSection, PAID_HEADING } from "./paid"
import { volumePlans } from "./volume"
import { volumeLive } from "./volume-live"
import { volumeLiveHeading } from "./volume-live-report"
import { dropDatabase } from "../integration-tests/helpers/topology"
import {
  COMPLETION_HEADING,
  completionSection,
  LONG_POLL_HEADING,
  longPollSection,
  report,
  type Results,
} from "./report"
import {
  BUILT_IN_ROUTE,
  cloneDatabase,
  PLUGIN_ROUTE,
  prepareDatabase,
  startBenchSandbox,
  startStore,
  type BenchStore,
} from "./stores"

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100)

async function database() {
  const { configuredDatabase, startEmbeddedPostgres } = await import("../scripts/database.mjs")
  const db = configuredDatabase() ?? (await startEmbeddedPostgres())
  Object.assign(process.env, {
    DB_HOST: db.host === "127.0.0.1" ? "localhost" : db.host,
    DB_PORT: String(db.port),
    DB_USERNAME: db.user,
    DB_PASSWORD: db.password,
  })
  delete process.env.DATABASE_URL
  return db as { stop?: () => Promise<void> }
}

async function withStore<T>(store: BenchStore, work: (bs: BenchStore) => Promise<T>) {
  try {
    return await work(store)
  } finally {
    await store.stop()
  }
}

/**
 * Cart completion under `medusa start` (N ≥ 200: the ratio of two medians of ~200 ms moves by a
 * few points between runs of 100) and the demo's way (`medusa develop`, N = 20).
 */
async function completion(
  db: Awaited<ReturnType<typeof prepareDatabase>>,
  sandbox: Awaited<ReturnType<typeof startBenchSandbox>>
) {
  const start = await withStore(await startStore("one process", db, sandbox), (bs) =>
    cartCompletion(bs, Math.max(200, SAMPLES))
  )
  const demo = await withStore(await startStore("the demo's way", db, sandbox), (bs) =>
    cartCompletion(bs, 20)
  )
  return { start, demo }
}

async function main() {
  const pg = await database()
  const log = (line: string) => console.log(`[bench] ${line}`)
  // BENCH_ONLY=month: only the simulated month, its section of BENCHMARKS.md rewritten.
  if (process.env.BENCH_ONLY === "volume") {
    try {
      console.log(`\n${(await volumePlans(log)).table}`)
    } finally {
      await pg.stop?.()
    }
    return
  }
  if (process.env.BENCH_ONLY === "volume-live") {
    try {
      const section = await volumeLive(log)
      writeSection(volumeLiveHeading(process.env.VOLUME_LIVE_RATE === "peak"), section)
      console.log(`\n${section}`)
    } finally {
      await pg.stop?.()
    }
    return
  }
  if (process.env.BENCH_ONLY === "month" || process.env.BENCH_ONLY === "faults") {
    try {
      if (process.env.BENCH_ONLY === "month") writeMonthSection(await simulatedMonth(log))
      else writeSection(FAULTS_HEADING, await faultRuns(log))
    } finally {
      await pg.stop?.()
    }
    return
  }
  const sandbox = await startBenchSandbox()
  const name = `vorexy_bench_${process.pid}`
  if (process.env.BENCH_ONLY === "longpoll") {
    // Only the long-poll load on server + worker: its section of BENCHMARKS.md rewritten.
    try {
      const db = await prepareDatabase(name, sandbox)
      const result = await withStore(await startStore("server + worker", db, sandbox), (bs) =>
        longPollLoad(bs, 1_000, 20_000)
      )
      const when = `(This section alone: \`BENCH_ONLY=longpoll\` on ${new Date().toISOString()}, Node ${process.version}.)`
      const section = longPollSection(result, when)
      writeSection(LONG_POLL_HEADING, section)
      console.log(section)
    } finally {
      await sandbox.stop()
      await dropDatabase(name).catch(() => undefined)
      await pg.stop?.()
    }
    return
  }
  if (process.env.BENCH_ONLY === "completion") {
    // Only the cart completion, one process: its section of BENCHMARKS.md rewritten.
    try {
      const db = await prepareDatabase(name, sandbox)
      const result = await completion(db, sandbox)
      const when = `(This section alone: \`BENCH_ONLY=completion\` on ${new Date().toISOString()}, Node ${process.version}.)`
      const section = completionSection(result, when)
      writeSection(COMPLETION_HEADING, section)
      console.log(section)
    } finally {
      await sandbox.stop()
      await dropDatabase(name).catch(() => undefined)
      await pg.stop?.()
    }
    return
  }
  if (process.env.BENCH_ONLY === "paid") {
    let copy: Awaited<ReturnType<typeof cloneDatabase>> | undefined
    try {
      const db = await prepareDatabase(name, sandbox)
      copy = await cloneDatabase(db)
      const section = await withStore(await startStore("server + worker", db, sandbox), (bs) =>
        paidSection(bs, copy!, log)
      )
      writeSection(PAID_HEADING, section)
      console.log(section)
    } finally {
      await sandbox.stop()
      await copy?.drop().catch(() => undefined)
      await dropDatabase(name).catch(() => undefined)
      await pg.stop?.()
    }
    return
  }
  let copy: Awaited<ReturnType<typeof cloneDatabase>> | undefined
  try {
    const db = await prepareDatabase(name, sandbox)
    // Paid under load's second store: copied now, while no store is connected to the database.
    copy = await cloneDatabase(db)
    const results = {} as Results
    let paid = ""

    log("cart completion: medusa start, the demo's way")
    results.completion = await completion(db, sandbox)
    log("one process: payment to paid (plugin route, built-in route)")
    await withStore(await startStore("one process", db, sandbox), async (bs) => {
      log("  payment to paid: plugin route")
      const plugin = await paymentToPaid(bs, PLUGIN_ROUTE, SAMPLES)
      log("  payment to paid: built-in route")
      results.oneProcess = { plugin, builtIn: await paymentToPaid(bs, BUILT_IN_ROUTE, SAMPLES) }
    })

    log("server + worker on Redis: payment to paid, webhook burst, long-poll load")
    await withStore(await startStore("server + worker", db, sandbox), async (bs) => {
      log("  payment to paid: plugin route")
      const plugin = await paymentToPaid(bs, PLUGIN_ROUTE, SAMPLES)
      log("  payment to paid: built-in route")
      results.serverWorker = { plugin, builtIn: await paymentToPaid(bs, BUILT_IN_ROUTE, SAMPLES) }
      log("  burst: 500 deliveries for 200 orders")
      results.burst = await webhookBurst(bs, db.databaseUrl, 200, 500)
      log("  long-poll load: 1,000 waiters")
      results.longPoll = await longPollLoad(bs, 1_000, 20_000)
      paid = await paidSection(bs, copy!, log)
    })

    const machine = `${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`
    const markdown = report(results, { machine, date: new Date().toISOString(), samples: SAMPLES })
    // The hand-written summary stays above the measured sections this run rewrites.
    const summary = summarySection()
    writeFileSync(
      join(resolve(__dirname, ".."), "BENCHMARKS.md"),
      summary ? markdown.replace("\n## ", `\n${summary}\n## `) : markdown
    )
    console.log(`\n${markdown}`)
    writeSection(PAID_HEADING, paid)
    writeMonthSection(await simulatedMonth(log))
    writeSection(FAULTS_HEADING, await faultRuns(log))
  } finally {
    await sandbox.stop()
    await copy?.drop().catch(() => undefined)
    await dropDatabase(name).catch(() => undefined)
    await pg.stop?.()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
