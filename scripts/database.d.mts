/** Types for database.mjs (plain ESM, shared by the demo and the jest global setup). */

/** A PostgreSQL to connect to, as the DB_HOST/DB_PORT/DB_USERNAME/DB_PASSWORD variables say. */
export interface DatabaseConnection {
  host: string
  port: string
  user: string
  password: string
}

export interface ConfiguredDatabase extends DatabaseConnection {
  source: "DATABASE_URL" | "DB_HOST"
}

export interface EmbeddedDatabase extends DatabaseConnection {
  stop(): Promise<void>
}

export function configuredDatabase(env?: NodeJS.ProcessEnv): ConfiguredDatabase | null

export function freePort(): Promise<number>

export function startEmbeddedPostgres(options?: {
  dataDir?: string
  port?: number
}): Promise<EmbeddedDatabase>
