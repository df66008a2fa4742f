/**
 * The demo's child processes. Each runs in a process group of its own (`medusa develop` starts a
 * server process of its own), so that stopping a child stops its whole tree, and so that a
 * terminal's Ctrl+C reaches only the demo, which then stops them in order.
 */
import { ChildProcess, spawn, SpawnOptions } from "node:child_process"

const groups = new Set<number>()
let closed = false

export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  // A step that was under way when the demo was told to stop must not start a child nobody stops.
  if (closed) throw new Error("The demo is stopping.")
  const child = spawn(command, args, { ...options, detached: true })
  if (child.pid) groups.add(child.pid)
  child.on("exit", () => {
    if (child.pid && !groupAlive(child.pid)) groups.delete(child.pid)
  })
  return child
}

/** SIGTERM to every group, then SIGKILL to whatever is still there after `graceMs`. */
export async function stopGroups(graceMs: number) {
  closed = true
  const pgids = [...groups]
  pgids.forEach((pgid) => signalGroup(pgid, "SIGTERM"))
  const deadline = Date.now() + graceMs
  while (pgids.some(groupAlive) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200))
  pgids.forEach((pgid) => signalGroup(pgid, "SIGKILL"))
  groups.clear()
}

/** Calls `callback` once the process that started us is gone (we were re-parented). */
export function onParentGone(callback: () => void) {
  const parent = process.ppid
  setInterval(() => process.ppid !== parent && callback(), 1000).unref()
}

function groupAlive(pgid: number) {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pgid, signal)
  } catch {
    // The group is already gone.
  }
}
