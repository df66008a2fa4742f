import { spawn } from "node:child_process"
import { join, resolve } from "node:path"

const ROOT = resolve(__dirname, "..")

/**
 * Runs one integration spec in a jest of its own (its stderr shown), with `env` added; its exit
 * status (null: it could not start). Awaited, never spawnSync: with the embedded PostgreSQL the
 * bench started, a blocked event loop stops reading its output, and the spec stalled at its start
 * (seen; with DB_HOST it ran).
 */
export function runSpec(spec: string, env: Record<string, string>): Promise<number | null> {
  const child = spawn(join(ROOT, "node_modules/.bin/jest"), ["--runInBand", "--forceExit", spec], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      TEST_TYPE: "integration",
      NODE_OPTIONS: "--experimental-vm-modules",
      ...env,
    },
  })
  return new Promise((done) => {
    child.once("error", () => done(null))
    child.once("close", (code) => done(code))
  })
}
