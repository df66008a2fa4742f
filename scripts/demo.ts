/**
 * `npm run demo`: a working store on a fresh machine, after `npm install` only.
 *
 * 1. PostgreSQL: DATABASE_URL / DB_HOST when given, else an embedded one kept in .demo/pg (or
 *    DEMO_PG_DATA; under os.tmpdir() when the postgres user cannot enter the checkout).
 * 2. The sandbox gateway (port SANDBOX_PORT, default 9010), webhooks pointed at the store; its state
 *    saved on every change beside the database (scripts/demo-state.ts), so a restart, even after a
 *    kill, is the same shop. `npm run demo -- --reset` deletes both first (never a configured one).
 * 3. Medusa on the root medusa-config.ts with this plugin from source: migrations, seed (BRL region
 *    with the Vorexy PIX provider, a product, a publishable key), an admin user, `medusa develop`.
 * 4. The demo storefront (scripts/storefront: a small React shop on the storefront components, port
 *    STOREFRONT_PORT, default 8000), once Medusa answers.
 * 5. Prints the storefront URL first, then the admin URL and login, and the webhook URL and secret.
 *    Ctrl+C, or one SIGINT/SIGTERM to this process (npm's `exec` makes it the process npm signals),
 *    stops everything.
 */
import { existsSync } from "node:fs"
import { join, resolve } from "node:path"
import { startSandbox, StateFileError } from "../sandbox"
import { embeddedDataDir, resetDemo, sandboxStateFile, stateFileAdvice } from "./demo-state"
import { onParentGone, spawnGroup, stopGroups } from "./process-groups"
import { startStorefront } from "./storefront/server"

const root = resolve(__dirname, "..")
const PORT = Number(process.env.PORT ?? 9000)
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 9010)
const STOREFRONT_PORT = Number(process.env.STOREFRONT_PORT ?? 8000)
const STOREFRONT_URL = `http://localhost:${STOREFRONT_PORT}`
const ADMIN_EMAIL = process.env.DEMO_ADMIN_EMAIL ?? "admin@vorexy.local"
const ADMIN_PASSWORD = process.env.DEMO_ADMIN_PASSWORD ?? "vorexy-demo"
const DB_NAME = process.env.DEMO_DB_NAME ?? "medusa_vorexy_demo"
const WEBHOOK_SECRET = process.env.VOREXY_WEBHOOK_SECRET ?? "demo-webhook-secret-0123456789"

const WEBHOOK_URL = `http://localhost:${PORT}/hooks/vorexy?token=${WEBHOOK_SECRET}`

const cleanups: Array<() => Promise<unknown>> = []

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { capture?: boolean; allowFail?: boolean } = {}
) {
  return new Promise<string>((resolvePromise, reject) => {
    const child = spawnGroup(join(root, "node_modules/.bin/medusa"), args, {
      cwd: root,
      env,
      stdio: options.capture ? ["ignore", "pipe", "pipe"] : "inherit",
    })
    let output = ""
    child.stdout?.on("data", (d) => (output += d))
    child.stderr?.on("data", (d) => (output += d))
    child.on("exit", (code) => {
      if (code === 0 || options.allowFail) resolvePromise(output)
      else reject(new Error(`medusa ${args.join(" ")} exited with ${code}\n${output.slice(-4000)}`))
    })
  })
}

async function database() {
  // database.mjs is plain ESM, shared with the jest global setup: a CommonJS script loads it with import().
  const { configuredDatabase, freePort, startEmbeddedPostgres } = await import("./database.mjs")
  const configured = configuredDatabase()
  if (configured) return configured
  const preferred = join(root, ".demo", "pg")
  const dataDir = await embeddedDataDir(root)
  if (dataDir !== preferred && !process.env.DEMO_PG_DATA)
    console.log(`The postgres user cannot enter ${root}: the demo's database lives in ${dataDir}.`)
  const port = Number(process.env.DEMO_PG_PORT ?? 0) || (await freePort())
  console.log(`Starting embedded PostgreSQL (data in ${dataDir}, port ${port})...`)
  // The demo stops it itself, after Medusa (see shutdown).
  const pg = await startEmbeddedPostgres({ dataDir, port, handleSignals: false })
  cleanups.push(() => pg.stop())
  return pg
}

async function ensureDatabase(db: { host: string; port: string; user: string; password: string }) {
  const { Client } = await import("@medusajs/framework/pg")
  const client = new Client({
    host: db.host,
    port: Number(db.port),
    user: db.user,
    password: db.password,
    database: "postgres",
  })
  await client.connect()
  const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [DB_NAME])
  if (!rowCount) await client.query(`create database "${DB_NAME}"`)
  await client.end()
}

async function waitForHealth(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet: try again.
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`Medusa did not answer ${url} within ${timeoutMs / 1000}s`)
}

const PORT_VARIABLES: Record<string, string> = {
  Medusa: "PORT",
  sandbox: "SANDBOX_PORT",
  storefront: "STOREFRONT_PORT",
}

async function assertPortFree(port: number, what: string) {
  const { createServer } = await import("node:net")
  await new Promise<void>((ok, fail) => {
    const probe = createServer()
    probe.once("error", () =>
      fail(
        new Error(
          `Port ${port} (${what}) is already in use: stop what runs there or set ${PORT_VARIABLES[what]}.`
        )
      )
    )
    probe.listen(port, () => probe.close(() => ok()))
  })
}

let stopping: Promise<void> | undefined

/** Medusa first, then the sandbox and PostgreSQL. Once only, and bounded in time. */
function shutdown(code = 0) {
  stopping ??= (async () => {
    console.log("Stopping the demo...")
    setTimeout(() => process.exit(code || 1), 60_000).unref()
    await stopGroups(15_000)
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
    process.exit(code)
  })()
  return stopping
}

async function main() {
  if (!existsSync(join(root, "node_modules/.bin/medusa")))
    throw new Error("Run `npm install` first.")
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.on(signal, () => void shutdown(0))
  // npm killed, terminal gone: do not leave Medusa and PostgreSQL behind.
  onParentGone(() => void shutdown(1))

  if (process.argv.includes("--reset")) {
    const removed = await resetDemo(root)
    console.log(
      removed.length
        ? `Reset: deleted ${removed.join(", ")}.`
        : "Reset: there was no demo database nor sandbox state to delete."
    )
  }

  await assertPortFree(PORT, "Medusa")
  await assertPortFree(SANDBOX_PORT, "sandbox")
  await assertPortFree(STOREFRONT_PORT, "storefront")
  const db = await database()
  await ensureDatabase(db)
  const host = db.host === "127.0.0.1" ? "localhost" : db.host
  const databaseUrl =
    process.env.DATABASE_URL ||
    `postgres://${encodeURIComponent(db.user)}:${encodeURIComponent(db.password)}@${host}:${db.port}/${DB_NAME}`

  const stateFile = sandboxStateFile(root, "dataDir" in db ? db.dataDir : null, databaseUrl)
  const sandbox = await startSandbox({
    port: SANDBOX_PORT,
    webhookUrl: WEBHOOK_URL,
    stateFile: stateFile ?? undefined,
    // Webhooks a previous run left undelivered wait for Medusa (their retries would run out first).
    holdSavedDeliveries: true,
  }).catch((error) => {
    if (!(error instanceof StateFileError)) throw error
    throw new Error(`${error.message}\n${stateFileAdvice(!("dataDir" in db))}`)
  })
  cleanups.push(() => Promise.race([sandbox.stop(), new Promise((r) => setTimeout(r, 5000))]))
  const credentials = sandbox.credentials()

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(PORT),
    DATABASE_URL: databaseUrl,
    MEDUSA_DISABLE_TELEMETRY: "true",
    VOREXY_BASE_URL: sandbox.url,
    VOREXY_CLIENT_ID: credentials.clientId,
    VOREXY_API_KEY: credentials.apiKey,
    VOREXY_COMPANY_ID: String(credentials.companyId),
    VOREXY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // The sandbox stands in for the gateway's card tokeniser (test cards: docs/sandbox.md).
    VOREXY_CARD_PUBLIC_KEY: credentials.publicKey,
    VOREXY_CARD_TOKEN_SCRIPT_URL: `${sandbox.url}/js/vorexy-card.js`,
    VOREXY_MAX_INSTALLMENTS: process.env.VOREXY_MAX_INSTALLMENTS ?? "6",
    // Up to 3× interest-free, 4× to 6× at 2.99% a month, as Brazilian shops commonly offer;
    // both blank: every installment interest-free.
    VOREXY_INTEREST_FREE_INSTALLMENTS: process.env.VOREXY_INTEREST_FREE_INSTALLMENTS ?? "3",
    VOREXY_INSTALLMENT_INTEREST_PERCENT: process.env.VOREXY_INSTALLMENT_INTEREST_PERCENT ?? "2.99",
    // "5% de desconto no PIX", as Brazilian shops offer; VOREXY_PIX_DISCOUNT_PERCENT= turns it off.
    VOREXY_PIX_DISCOUNT_PERCENT: process.env.VOREXY_PIX_DISCOUNT_PERCENT ?? "5",
    // An expired PIX (or a lapsed boleto) may be paid with a new one on the same order for 24
    // hours, twice at most: "Gerar novo PIX" / "Gerar 2ª via" on the order page.
    // Where the demo's withdrawals may go, beside the company's bank key (the form offers them).
    VOREXY_WITHDRAWAL_PIX_KEYS:
      process.env.VOREXY_WITHDRAWAL_PIX_KEYS ?? "EMAIL:financeiro@loja.com.br,PHONE:+5511987654321",
    VOREXY_RENEWAL_HOURS: process.env.VOREXY_RENEWAL_HOURS ?? "24",
    VOREXY_MAX_RENEWALS: process.env.VOREXY_MAX_RENEWALS ?? "2",
    // The demo storefront calls the Store API from its own origin; the e-mails link to its order
    // page and to the QR images this backend serves.
    STORE_CORS: [process.env.STORE_CORS, STOREFRONT_URL, `http://127.0.0.1:${STOREFRONT_PORT}`]
      .filter(Boolean)
      .join(","),
    VOREXY_ORDER_PAGE_URL:
      process.env.VOREXY_ORDER_PAGE_URL ?? `${STOREFRONT_URL}/order/{order_id}`,
    VOREXY_PUBLIC_URL: process.env.VOREXY_PUBLIC_URL ?? `http://localhost:${PORT}`,
  }

  console.log("Running migrations...")
  await run(["db:migrate"], env, { capture: true })
  console.log("Seeding the demo store...")
  const seeded = await run(["exec", "./scripts/seed-demo.ts"], env, { capture: true })
  const publishableKey =
    /DEMO_PUBLISHABLE_KEY=(\S*)/.exec(seeded)?.[1] ?? "(see Settings → Publishable API keys)"
  const userOutput = await run(["user", "-e", ADMIN_EMAIL, "-p", ADMIN_PASSWORD], env, {
    capture: true,
    allowFail: true,
  })
  if (!/created|already exists|User with email/i.test(userOutput))
    console.warn(userOutput.slice(-2000))

  console.log("Starting Medusa (medusa develop)...")
  const server = spawnGroup(join(root, "node_modules/.bin/medusa"), ["develop"], {
    cwd: root,
    env,
    stdio: "inherit",
  })
  server.on("exit", (code) => void shutdown(code ?? 1))
  await waitForHealth(`http://localhost:${PORT}/health`, 180_000)
  sandbox.resumeDeliveries()

  console.log("Building the demo storefront...")
  const storefront = await startStorefront({
    port: STOREFRONT_PORT,
    backendUrl: `http://localhost:${PORT}`,
    publishableKey,
    sandboxUrl: sandbox.url,
  })
  cleanups.push(() => storefront.stop())

  console.log(
    [
      "",
      "============================================================",
      `   Storefront:   ${storefront.url}  (buy with PIX, boleto or card; test cards in docs/sandbox.md)`,
      " Vorexy demo store is running",
      `   Admin:        http://localhost:${PORT}/app`,
      `   Login:        ${ADMIN_EMAIL} / ${ADMIN_PASSWORD}`,
      `   Store API:    http://localhost:${PORT}/store  (x-publishable-api-key: ${publishableKey})`,
      `   Sandbox:      ${sandbox.url}  (company ${credentials.companyId}, control under /__sandbox)`,
      `   Sandbox state: ${stateFile ?? "in memory (DEMO_SANDBOX_STATE=memory)"}`,
      `   Webhook URL:  ${WEBHOOK_URL}  (the sandbox delivers here)`,
      `   Webhook secret: ${WEBHOOK_SECRET}  (a demo value; VOREXY_WEBHOOK_SECRET sets it)`,
      `   Database:     ${databaseUrl.replace(/:[^:@/]*@/, ":***@")}`,
      " Ctrl+C stops everything.",
      "============================================================",
      "",
    ].join("\n")
  )
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error)
  await shutdown(1)
})
