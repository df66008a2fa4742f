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
  /** The cluster's folder. */
  dataDir: string
  /** The PostgreSQL server's process id. */
  pid: number
  /** Stops the server (bounded in time; the same promise on every call). */
  stop(): Promise<void>
}

export function configuredDatabase(env?: NodeJS.ProcessEnv): ConfiguredDatabase | null

export function freePort(): Promise<number>

export function startEmbeddedPostgres(options?: {
  dataDir?: string
  port?: number
  /** Stop on SIGINT/SIGTERM/SIGHUP before the process dies of them (default true). */
  handleSignals?: boolean
}): Promise<EmbeddedDatabase>

/** `preferred` when the postgres user can enter it, else a folder under os.tmpdir() for `key`. */
export function reachableDataDir(preferred: string, key: string): string
