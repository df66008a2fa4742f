/**
 * The sandbox's state on disk (the demo's, so that its shop survives a restart): one JSON file,
 * replaced whole on every change by writing a temporary file beside it and renaming it over, so a
 * reader (the next run) sees the old state or the new one, never half of one, even when the
 * process is killed while writing. A killed process loses nothing written: the page cache
 * outlives it (a power cut may not, which is acceptable for a demo).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"
import { snapshotProblem, StateSnapshot } from "./state"
import type { PendingDelivery } from "./webhooks"

/** Bumped on any change a previous version could not read. */
export const STATE_FILE_VERSION = 1

export type StateFile = {
  version: typeof STATE_FILE_VERSION
  savedAt: string
  state: StateSnapshot
  /** Webhook deliveries not yet made (re-armed on load). */
  webhooks: PendingDelivery[]
}

/** A state file that exists but cannot be used: the caller must not start over silently. */
export class StateFileError extends Error {
  constructor(
    readonly path: string,
    reason: string
  ) {
    super(`The sandbox state file ${path} cannot be used: ${reason}.`)
  }
}

/** The saved state, or null when there is none yet. */
export function readStateFile(path: string): StateFile | null {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
    throw new StateFileError(path, `it cannot be read (${(error as Error).message})`)
  }
  let parsed: Partial<StateFile>
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new StateFileError(path, `it is not valid JSON (${(error as Error).message})`)
  }
  if (parsed?.version !== STATE_FILE_VERSION) {
    const version = JSON.stringify(parsed?.version ?? null)
    throw new StateFileError(
      path,
      `its format version is ${version}; this sandbox reads version ${STATE_FILE_VERSION}`
    )
  }
  const problem =
    snapshotProblem(parsed.state) ?? (Array.isArray(parsed.webhooks) ? null : "no webhooks list")
  if (problem) throw new StateFileError(path, `it is not a sandbox state (${problem})`)
  return parsed as StateFile
}

export function writeStateFile(path: string, file: StateFile) {
  mkdirSync(dirname(path), { recursive: true })
  const temporary = `${path}.${process.pid}.tmp`
  // 0600: it holds the sandbox companies' API keys.
  writeFileSync(temporary, JSON.stringify(file), { mode: 0o600 })
  renameSync(temporary, path)
}
