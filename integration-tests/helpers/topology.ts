/**
 * The production topology for the two-process suite: the test store (medusa-config.ts) as a
 * `server` and `worker` processes of `medusa start`, on one fresh PostgreSQL database and a Redis
 * database of their own (REDIS_URL, default redis://127.0.0.1:6379; index 9 unless the URL names
 * one, flushed first), with the event bus, workflow engine and locks on Redis (MEDUSA_REDIS=true).
 */
import { ChildProcess, spawn } from "node:child_process"
import { resolve } from "node:path"
import { Client } from "@medusajs/framework/pg"
import Redis from "ioredis"
import { freePort } from "../../scripts/run-demo"
import type { Sandbox } from "../../sandbox"

const root = resolve(__dirname, "../..")
const MEDUSA = resolve(root, "node_modules/.bin/medusa")

export const TOPOLOGY_SECRET = "topology-webhook-secret-0123456789"
export const ADMIN = { email: "admin@vorexy.local", password: "topology-admin" }

/**
 * REDIS_URL with a database index of its own unless it names one: 9 for the tests, 10 for the
 * benchmarks (each flushes its own first, so a bench run never wipes a test run's queues).
 */
export function redisUrl(index = 9) {
  const url = new URL(process.env.REDIS_URL || "redis://127.0.0.1:6379")
  if (url.pathname === "" || url.pathname === "/") url.pathname = `/${index}`
  return url.toString()
}

export type MedusaProcess = {
  name: string
  port: number
  child: ChildProcess
  output: () => string
  stop: () => Promise<void>
}

function pgClient(database: string) {
  return new Client({
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT),
    user: process.env.DB_USERNAME,
    password: process.env.DB_PASSWORD,
    database,
  })
}

/** A fresh database named `name` (dropped first); returns its URL. */
export async function freshDatabase(name: string) {
  const client = pgClient("postgres")
  await client.connect()
  await client.query(`drop database if exists "${name}"`)
  await client.query(`create database "${name}"`)
  await client.end()
  const { DB_USERNAME, DB_PASSWORD, DB_HOST, DB_PORT } = process.env
  const auth = `${encodeURIComponent(DB_USERNAME!)}:${encodeURIComponent(DB_PASSWORD ?? "")}`
  return `postgres://${auth}@${DB_HOST}:${DB_PORT}/${name}`
}

/** Drops a database made by freshDatabase (its processes stopped first). */
export async function dropDatabase(name: string) {
  const client = pgClient("postgres")
  await client.connect()
  await client.query(`drop database if exists "${name}" with (force)`)
  await client.end()
}

/** Runs a query on the store's database (what the tests read behind the APIs). */
export async function sql<T>(database: string, text: string, values: unknown[] = []) {
  const client = pgClient(database)
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}

export async function flushRedis(url: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 })
  await redis.connect()
  await redis.flushdb()
  redis.disconnect()
}

/** The environment every process of the store shares. */
export function storeEnv(databaseUrl: string, sandbox: Sandbox, extra: NodeJS.ProcessEnv = {}) {
  const credentials = sandbox.credentials()
  const env: NodeJS.ProcessEnv = { ...process.env }
  // The scheduled reconcile runs here, unless told otherwise: that is what the suite checks.
  delete env.VOREXY_RECONCILE_DISABLED
  Object.assign(env, {
    NODE_OPTIONS: "",
    DATABASE_URL: databaseUrl,
    MEDUSA_REDIS: "true",
    REDIS_URL: redisUrl(),
    MEDUSA_ADMIN_DISABLED: "true",
    MEDUSA_DISABLE_TELEMETRY: "true",
    VOREXY_BASE_URL: sandbox.url,
    VOREXY_CLIENT_ID: credentials.clientId,
    VOREXY_API_KEY: credentials.apiKey,
    VOREXY_COMPANY_ID: String(credentials.companyId),
    VOREXY_WEBHOOK_SECRET: TOPOLOGY_SECRET,
    VOREXY_TIMEOUT_MS: "3000",
    // The key the suites withdraw to: since 0.2.0 only listed keys (or the bank's) are paid.
    VOREXY_WITHDRAWAL_PIX_KEYS: "EMAIL:ana@example.com",
    ...extra,
  })
  for (const [key, value] of Object.entries(extra)) if (value === undefined) delete env[key]
  return env
}

/** Runs a `medusa` command to its end; its output, or an error with the output's tail. */
export function medusa(args: string[], env: NodeJS.ProcessEnv, allowFail = false) {
  return new Promise<string>((ok, fail) => {
    const child = spawn(MEDUSA, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout.on("data", (d) => (output += d))
    child.stderr.on("data", (d) => (output += d))
    child.on("exit", (code) =>
      code === 0 || allowFail
        ? ok(output)
        : fail(new Error(`medusa ${args.join(" ")}: exit ${code}\n${output.slice(-3000)}`))
    )
  })
}

/** Migrations, the demo's seed (BRL region, product, publishable key) and an admin user. */
export async function prepareStore(env: NodeJS.ProcessEnv) {
  await medusa(["db:migrate"], env)
  const seeded = await medusa(["exec", "./scripts/seed-demo.ts"], env)
  await medusa(["user", "-e", ADMIN.email, "-p", ADMIN.password], env, true)
  const publishableKey = /DEMO_PUBLISHABLE_KEY=(\S+)/.exec(seeded)?.[1]
  if (!publishableKey) throw new Error(`the seed printed no publishable key:\n${seeded}`)
  return publishableKey
}

/**
 * BENCH_PROFILE_DIR: each process writes a V8 CPU profile there when it stops (for finding where a
 * benchmark's time goes; open it in Chrome's DevTools).
 */
function profiling(name: string, nodeOptions?: string): NodeJS.ProcessEnv {
  const dir = process.env.BENCH_PROFILE_DIR
  if (!dir) return {}
  const flags = `--cpu-prof --cpu-prof-dir=${dir} --cpu-prof-name=${name}-${Date.now()}.cpuprofile`
  return { NODE_OPTIONS: [nodeOptions, flags].filter(Boolean).join(" ") }
}

/** `medusa start` in `mode` on `port`, once its /health answers. */
export async function startMedusa(
  name: string,
  mode: "server" | "worker" | "shared",
  env: NodeJS.ProcessEnv,
  port?: number,
  command: "start" | "develop" = "start"
): Promise<MedusaProcess> {
  const listen = port ?? (await freePort())
  const child = spawn(MEDUSA, [command], {
    cwd: root,
    detached: true,
    env: {
      ...env,
      PORT: String(listen),
      MEDUSA_WORKER_MODE: mode,
      ...profiling(name, env.NODE_OPTIONS),
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout!.on("data", (d) => (output += d))
  child.stderr!.on("data", (d) => (output += d))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once("exit", r))
    process.kill(-child.pid!, "SIGTERM")
    const kill = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 15_000)
    await exited
    clearTimeout(kill)
  }
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output.slice(-3000)}`)
    const healthy = await fetch(`http://localhost:${listen}/health`).then(
      (r) => r.ok,
      () => false
    )
    if (healthy) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${name} did not answer /health:\n${output.slice(-3000)}`)
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  return { name, port: listen, child, output: () => output, stop }
}
