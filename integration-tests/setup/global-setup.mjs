// Jest globalSetup for the integration suite: use the configured PostgreSQL (DATABASE_URL or
// DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD) or start an embedded one for the run.
import { configuredDatabase, startEmbeddedPostgres } from "../../scripts/database.mjs"

export default async function globalSetup() {
  const configured = configuredDatabase()
  const db = configured ?? (await startEmbeddedPostgres({ throwaway: true }))
  // medusaIntegrationTestRunner turns SSL on for any URL without the word "localhost", which a
  // loopback server does not speak: name loopback addresses "localhost".
  process.env.DB_HOST = ["127.0.0.1", "::1", "[::1]"].includes(db.host) ? "localhost" : db.host
  process.env.DB_PORT = db.port
  process.env.DB_USERNAME = db.user
  process.env.DB_PASSWORD = db.password
  // The runner builds its own URL from DB_*; a DATABASE_URL would only confuse medusa-config.
  delete process.env.DATABASE_URL
  globalThis.__VOREXY_PG__ = configured ? null : db
  console.log(
    `\n[integration] PostgreSQL: ${configured ? `${configured.source} ${db.host}:${db.port}` : `embedded on 127.0.0.1:${db.port}`}`
  )
}
