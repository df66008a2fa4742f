/** What the process tests see of the machine: processes (Linux /proc) and listening ports. */
import { readdirSync, readFileSync } from "node:fs"
import { connect } from "node:net"

export type Proc = { pid: number; ppid: number; state: string; cmd: string }

function read(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim()
    return { pid, ppid: Number(ppid), state, cmd }
  } catch {
    return null // gone meanwhile
  }
}

/** `pid` and every process below it. */
export function processTree(pid: number): Proc[] {
  const all = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => read(Number(name)))
    .filter((p): p is Proc => p !== null)
  const tree = all.filter((p) => p.pid === pid)
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((p) => p.ppid === tree[i].pid))
  return tree
}

/** Still running (a zombie has ended; only its parent has not collected it yet). */
export function running(pid: number) {
  const proc = read(pid)
  return proc !== null && proc.state !== "Z"
}

export function acceptsConnections(port: number, host = "localhost") {
  return new Promise<boolean>((resolve) => {
    const socket = connect({ port, host })
    const done = (accepted: boolean) => {
      socket.destroy()
      resolve(accepted)
    }
    socket.setTimeout(2000)
    socket.once("connect", () => done(true))
    socket.once("error", () => done(false))
    socket.once("timeout", () => done(false))
  })
}

/** Polls `check` until it holds or `timeoutMs` passes; answers whether it held. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 250))
  }
  return check()
}

/** The demo's environment for a PostgreSQL of its own (not the jest global setup's). */
export const OWN_POSTGRES: NodeJS.ProcessEnv = {
  DATABASE_URL: undefined,
  DB_HOST: undefined,
  DB_PORT: undefined,
  DB_USERNAME: undefined,
  DB_PASSWORD: undefined,
  NODE_OPTIONS: undefined,
}
