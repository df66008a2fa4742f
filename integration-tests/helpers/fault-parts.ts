/**
 * The fault suite's own infrastructure, which it may stop and start at will: a redis-server (the
 * machine's binary, as the topology suite already needs Redis) and an embedded PostgreSQL, each
 * on a free port and in a temporary folder. The machine's own servers are never touched.
 */
import { ChildProcess, spawn } from "node:child_process"
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client } from "@medusajs/framework/pg"
import Redis from "ioredis"
import { freePort } from "../../scripts/run-demo"

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export type OwnRedis = {
  url: string
  /** SIGKILL: no shutdown save; what the append-only file already holds survives. */
  kill: () => Promise<void>
  /** Starts it again on the same port: with what its files hold, or `empty`. */
  start: (options?: { empty?: boolean }) => Promise<void>
  stop: () => Promise<void>
}

/** A redis-server with an append-only file written at every command (nothing lost to a kill). */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort()
  const home = mkdtempSync(join(tmpdir(), "vorexy-fault-redis-"))
  const dir = join(home, "data")
  let child: ChildProcess | null = null
  const args = () =>
    [
      ["--port", String(port)],
      ["--bind", "127.0.0.1"],
      ["--dir", dir],
      ["--appendonly", "yes"],
      ["--appendfsync", "always"],
      ["--save", ""],
    ].flat()
  const start = async ({ empty = false } = {}) => {
    if (empty) rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const started = spawn("redis-server", args(), { stdio: "ignore" })
    child = started
    // Never outlives the test process (a killed jest included, as far as an exit handler can).
    const onExit = () => started.kill("SIGKILL")
    process.once("exit", onExit)
    started.once("exit", () => process.removeListener("exit", onExit))
    const deadline = Date.now() + 20_000
    for (;;) {
      const probe = new Redis({
        port,
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      })
      const up = await probe
        .connect()
        .then(() => probe.ping())
        .then(
          () => true,
          () => false
        )
      probe.disconnect()
      if (up) return
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`)
      await sleep(50)
    }
  }
  const kill = async () => {
    const running = child
    if (!running || running.exitCode !== null || running.signalCode !== null) return
    const exited = new Promise((r) => running.once("exit", r))
    running.kill("SIGKILL")
    await exited
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}/0`,
    kill,
    start,
    stop: async () => {
      await kill()
      rmSync(home, { recursive: true, force: true })
    },
  }
}

export type OwnPostgres = {
  /** A database URL for `database` on this server. */
  url: (database: string) => string
  /** Runs a query on `database`. */
  sql: <T>(database: string, text: string, values?: unknown[]) => Promise<T[]>
  /** Stops the server (a fast shutdown: connections cut) and starts it again after `downMs`. */
  restart: (downMs: number) => Promise<void>
  stop: () => Promise<void>
}

/** The cluster's process (own-postgres.mjs): resolves with its credentials once it serves. */
function launchPostgres(dataDir: string, port: number) {
  const child = spawn(
    process.execPath,
    [join(__dirname, "own-postgres.mjs"), dataDir, String(port)],
    {
      stdio: ["ignore", "pipe", "pipe"],
    }
  )
  let output = ""
  child.stderr!.on("data", (d) => (output += d))
  return new Promise<{ user: string; password: string; stop: () => Promise<void> }>((ok, fail) => {
    child.stdout!.once("data", (line) => {
      const stop = async () => {
        if (child.exitCode !== null || child.signalCode !== null) return
        const exited = new Promise((r) => child.once("exit", r))
        child.kill("SIGTERM")
        await exited
      }
      ok({ ...JSON.parse(String(line)), stop })
    })
    child.once("exit", (code) => fail(new Error(`PostgreSQL exited (${code}):\n${output}`)))
  })
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const home = mkdtempSync(join(tmpdir(), "vorexy-fault-pg-"))
  // The postgres user (when we run as root) must be able to enter the folder.
  chmodSync(home, 0o755)
  const dataDir = join(home, "data")
  const port = await freePort()
  let db = await launchPostgres(dataDir, port)
  const client = (database: string) =>
    new Client({ host: "127.0.0.1", port, user: db.user, password: db.password, database })
  return {
    url: (database) =>
      `postgres://${db.user}:${encodeURIComponent(db.password)}@localhost:${port}/${database}`,
    sql: async <T>(database: string, text: string, values: unknown[] = []) => {
      const c = client(database)
      await c.connect()
      try {
        return (await c.query(text, values)).rows as T[]
      } finally {
        await c.end()
      }
    },
    restart: async (downMs) => {
      await db.stop()
      await sleep(downMs)
      db = await launchPostgres(dataDir, port)
    },
    stop: async () => {
      await db.stop()
      rmSync(home, { recursive: true, force: true })
    },
  }
}
