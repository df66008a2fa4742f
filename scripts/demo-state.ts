/**
 * Where the demo keeps its shop between runs, and `npm run demo -- --reset`. A shop is two things
 * that only make sense together: the database and the sandbox gateway's state (its charges). The
 * sandbox's state file lives beside the embedded cluster's folder, so that both go together.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"

const STATE_FILE = /^vorexy-sandbox-.*\.json(\.\d+\.tmp)?$/

/** The embedded cluster's folder: DEMO_PG_DATA, else .demo/pg when PostgreSQL can enter it. */
export async function embeddedDataDir(root: string, env = process.env) {
  const { reachableDataDir } = await import("./database.mjs")
  return env.DEMO_PG_DATA || reachableDataDir(join(root, ".demo", "pg"), root)
}

/**
 * The sandbox's state file for the database of `databaseUrl`, one per database: beside the
 * embedded cluster (`dataDir`), or in .demo for a configured database. Null when
 * DEMO_SANDBOX_STATE=memory (the tests that start the demo on a new database each time).
 */
export function sandboxStateFile(
  root: string,
  dataDir: string | null,
  databaseUrl: string,
  env = process.env
): string | null {
  if (env.DEMO_SANDBOX_STATE === "memory") return null
  const url = new URL(databaseUrl)
  const database = decodeURIComponent(url.pathname.slice(1))
  const name = (key: string) => `vorexy-sandbox-${key.replace(/[^\w.-]/g, "_")}.json`
  return dataDir
    ? join(dirname(dataDir), name(database))
    : join(root, ".demo", name(`${url.hostname}-${url.port || "5432"}-${database}`))
}

/** What to do about a sandbox state file the demo cannot use. */
export function stateFileAdvice(configured: boolean) {
  return configured
    ? "The demo will not start without that state (its orders' charges are in it). To start over, drop the demo's database and delete that file."
    : "The demo will not start without that state (its orders' charges are in it). `npm run demo -- --reset` starts over with an empty shop: it deletes the demo's database and that file."
}

/**
 * `--reset`: deletes the embedded cluster and the sandbox's state beside it; answers what it
 * deleted. Refuses, deleting nothing, when the demo would use a database the user configured
 * (never ours to drop), when PostgreSQL still runs on the cluster, or when the folder is not one.
 */
export async function resetDemo(root: string, env = process.env): Promise<string[]> {
  const { configuredDatabase } = await import("./database.mjs")
  const configured = configuredDatabase(env)
  if (configured) {
    throw new Error(
      [
        `--reset refused: ${configured.source} is set, so the demo runs on a database you configured, and it never drops one. Nothing was deleted.`,
        `Unset ${configured.source} to reset the embedded PostgreSQL; or, to start over on yours, drop the demo's database yourself and delete the sandbox's state (.demo/vorexy-sandbox-*.json).`,
      ].join("\n")
    )
  }
  const dataDir = await embeddedDataDir(root, env)
  if (existsSync(dataDir)) {
    if (!existsSync(join(dataDir, "PG_VERSION")) && readdirSync(dataDir).length)
      throw new Error(
        `--reset refused: ${dataDir} is not a PostgreSQL cluster. Nothing was deleted.`
      )
    const pid = postmasterPid(dataDir)
    if (pid)
      throw new Error(
        `--reset refused: PostgreSQL (pid ${pid}) still runs on ${dataDir}; stop the demo first. Nothing was deleted.`
      )
  }
  const removed = existsSync(dataDir) ? [dataDir] : []
  rmSync(dataDir, { recursive: true, force: true })
  const home = dirname(dataDir)
  for (const name of existsSync(home) ? readdirSync(home) : []) {
    if (!STATE_FILE.test(name)) continue
    rmSync(join(home, name), { force: true })
    removed.push(join(home, name))
  }
  return removed
}

/** The pid of the PostgreSQL that holds the cluster, when one is alive. */
function postmasterPid(dataDir: string): number | null {
  let pid: number
  try {
    pid = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0])
  } catch {
    return null // no lock file: nothing runs on it
  }
  if (!Number.isInteger(pid) || pid <= 0) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch (error) {
    // EPERM: it runs, as another user; ESRCH: a lock file left by a killed server.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null
  }
}
