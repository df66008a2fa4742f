/**
 * Medusa's integration runner, with two things every spec file needs at its end:
 * - the file's sandboxes stop (and their deliveries in flight end) before Medusa shuts down, so no
 *   webhook or gateway answer reaches a store halfway through its shutdown;
 * - a watchdog: when Medusa's shutdown has not finished after a minute (the runner's hook then
 *   fails the file at two), it prints what the test database is still doing, so a hang names its
 *   cause in the CI log.
 */
import { medusaIntegrationTestRunner as medusaRunner } from "@medusajs/test-utils"
import { Client } from "@medusajs/framework/pg"
import { stopSandboxes } from "./sandbox"

type RunnerConfig = Parameters<typeof medusaRunner>[0]

const WATCH_AFTER_MS = 60_000

export function medusaIntegrationTestRunner(config: RunnerConfig) {
  let watchdog: NodeJS.Timeout | undefined
  let dbName: string | undefined
  // Top level: runs after the runner's own afterAll (its shutdown) has ended.
  afterAll(() => clearTimeout(watchdog))
  return medusaRunner({
    ...config,
    testSuite: (options) => {
      dbName = options.dbConfig.dbName
      // A describe of its own: its afterAll runs before the runner's shutdown (jest ends a
      // describe's children before its own afterAll hooks).
      describe("", () => {
        config.testSuite(options)
        // After the file's own afterAll hooks (they run in the order they were declared).
        afterAll(async () => {
          await stopSandboxes()
          watchdog = setTimeout(() => void reportHang(dbName), WATCH_AFTER_MS)
          watchdog.unref()
        })
      })
    },
  })
}

async function reportHang(dbName: string | undefined) {
  const lines = [`[runner] Medusa's shutdown has not ended after ${WATCH_AFTER_MS / 1000} s.`]
  lines.push(`  active resources: ${process.getActiveResourcesInfo().join(", ")}`)
  const client = new Client({
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT),
    user: process.env.DB_USERNAME,
    password: process.env.DB_PASSWORD || undefined,
    database: "postgres",
  })
  try {
    await client.connect()
    const { rows } = await client.query(
      `select pid, state, wait_event_type, wait_event, now() - xact_start as in_transaction,
              left(query, 160) as query
         from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [dbName]
    )
    lines.push(`  connections to ${dbName}: ${rows.length}`)
    for (const row of rows) lines.push(`  ${JSON.stringify(row)}`)
  } catch (error) {
    lines.push(`  (could not read pg_stat_activity: ${(error as Error).message})`)
  } finally {
    await client.end().catch(() => undefined)
  }
  process.stderr.write(`${lines.join("\n")}\n`)
}
