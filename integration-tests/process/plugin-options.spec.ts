/**
 * Wrong options for the plugin's module stop Medusa at boot, as they do for the provider: each
 * wrong option named, never its value. Boots a store (integration-tests/fixtures/bad-options) with
 * `medusa exec` on a migrated database of its own, on the PostgreSQL of the jest global setup.
 */
import { spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { join } from "node:path"
import { Client } from "@medusajs/framework/pg"

jest.setTimeout(240_000)

const root = join(__dirname, "..", "..")
const fixture = join(root, "integration-tests", "fixtures", "bad-options")
const database = `vorexy_options_${Date.now()}`
const apiKey = `sk_fixture_${randomBytes(12).toString("hex")}`
const webhookSecret = `whsec_fixture_${randomBytes(12).toString("hex")}`

function postgres(db = "postgres") {
  return new Client({
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT),
    user: process.env.DB_USERNAME,
    password: process.env.DB_PASSWORD,
    database: db,
  })
}

async function sql(statement: string) {
  const client = postgres()
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Runs a medusa command in the fixture store and answers its exit code and output. */
function medusa(args: string[], pluginOptions: "empty" | "wrong" | "valid") {
  const { DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD } = process.env
  const credentials = `${encodeURIComponent(DB_USERNAME!)}:${encodeURIComponent(DB_PASSWORD!)}`
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(join(root, "node_modules/.bin/medusa"), args, {
      cwd: fixture,
      env: {
        ...process.env,
        NODE_ENV: "development",
        NODE_OPTIONS: "",
        MEDUSA_DISABLE_TELEMETRY: "true",
        DATABASE_URL: `postgres://${credentials}@${DB_HOST}:${DB_PORT}/${database}`,
        FIXTURE_PLUGIN_OPTIONS: pluginOptions,
        FIXTURE_API_KEY: apiKey,
        FIXTURE_WEBHOOK_SECRET: webhookSecret,
      },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.on("data", (d) => (output += d))
    child.stderr.on("data", (d) => (output += d))
    child.on("exit", (code) => resolve({ code, output }))
  })
}

const boot = (pluginOptions: "empty" | "wrong" | "valid") =>
  medusa(["exec", "./boot.ts"], pluginOptions)

describe("plugin options are checked at boot", () => {
  beforeAll(async () => {
    await sql(`create database "${database}"`)
    const migrated = await medusa(["db:migrate", "--skip-scripts"], "valid")
    if (migrated.code !== 0) throw new Error(`db:migrate failed:\n${migrated.output.slice(-3000)}`)
  })
  afterAll(() => sql(`drop database if exists "${database}" with (force)`))

  it("boots with the provider's options (so the failures below are the options')", async () => {
    const { code, output } = await boot("valid")
    expect(output).toContain("FIXTURE_STORE_BOOTED")
    expect(code).toBe(0)
  })

  it("refuses to boot with no options, naming each missing one", async () => {
    const { code, output } = await boot("empty")
    expect(code).not.toBe(0)
    expect(output).not.toContain("FIXTURE_STORE_BOOTED")
    expect(output).toContain("medusa-payment-vorexy: invalid plugin options")
    for (const option of ["apiKey", "clientId", "baseUrl"]) expect(output).toContain(option)
    expect(output).not.toContain(apiKey)
    expect(output).not.toContain(webhookSecret)
  })

  it("refuses to boot with wrong options, never repeating a value", async () => {
    const { code, output } = await boot("wrong")
    expect(code).not.toBe(0)
    expect(output).not.toContain("FIXTURE_STORE_BOOTED")
    for (const option of ["apiKey", "clientId", "baseUrl", "webhookSecret"])
      expect(output).toContain(option)
    expect(output).not.toContain(apiKey)
    expect(output).not.toContain(webhookSecret)
    expect(output).not.toContain(webhookSecret.slice(0, 8))
  })
})
