import { createHash } from "node:crypto"
import { existsSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { AnchorMissing } from "./text-edit"
import type { Change, FileEdit, FilePlan, NewFile, Step } from "./types"

const has = (text: string, marker: Step["marker"]) =>
  typeof marker === "string" ? text.includes(marker) : marker.test(text)

/** Windows checkouts (core.autocrlf) have CRLF lines: edited as LF, written back as CRLF. */
const toLf = (text: string) => text.replace(/\r\n/g, "\n")
const likeOriginal = (original: string, text: string) =>
  original.includes("\r\n") ? text.replace(/\n/g, "\r\n") : text

/** A folder the new file needs that exists as something else (a file) stops the whole run. */
function blockedFolder(root: string, path: string): string | null {
  const parts = path.split("/").slice(0, -1)
  for (let i = 1; i <= parts.length; i++) {
    const folder = join(root, ...parts.slice(0, i))
    if (existsSync(folder) && !statSync(folder).isDirectory()) return parts.slice(0, i).join("/")
  }
  return null
}

function planEdit(root: string, change: FileEdit): FilePlan {
  const { path, steps } = change
  const file = join(root, path)
  if (!existsSync(file)) return { path, state: "failed", problem: "file not found" }
  const original = readFileSync(file, "utf8")
  const before = toLf(original)
  const done = steps.filter((step) => has(before, step.marker))
  const what = steps.map((step) => step.what)
  if (done.length === steps.length) return { path, state: "unchanged", what }
  if (done.length > 0)
    return {
      path,
      state: "failed",
      problem:
        `edited before, but not as this command does: it has "${done[0].what}" ` +
        `but not "${steps.find((step) => !done.includes(step))!.what}"`,
    }
  if (/vorexy/i.test(before))
    return {
      path,
      state: "failed",
      problem: "already mentions Vorexy, but not as this command writes it (edited by hand?)",
    }
  let after = before
  for (const step of steps) {
    try {
      after = step.apply(after)
    } catch (error) {
      if (!(error instanceof AnchorMissing)) throw error
      return { path, state: "failed", problem: error.message }
    }
  }
  const missing = steps.find((step) => !has(after, step.marker))
  if (missing) throw new Error(`${path}: "${missing.what}" did not leave its marker`)
  return { path, state: "changed", what, before: original, after: likeOriginal(original, after) }
}

function planNew(root: string, change: NewFile): FilePlan {
  const { path, what, content } = change
  const file = join(root, path)
  const blocked = blockedFolder(root, path)
  if (blocked) return { path, state: "failed", problem: `${blocked} is a file, not a folder` }
  if (!existsSync(file)) return { path, state: "added", what: [what], before: null, after: content }
  const existing = readFileSync(file, "utf8")
  if (toLf(existing) === content) return { path, state: "unchanged", what: [what] }
  const digest = createHash("sha256").update(toLf(existing)).digest("hex")
  if (change.replaces?.includes(digest))
    return {
      path,
      state: "changed",
      what: [`${what} (replaces an earlier release's version)`],
      before: existing,
      after: likeOriginal(existing, content),
    }
  return { path, state: "failed", problem: "exists already, with other content (edited by hand?)" }
}

/** What each change would do to the starter at `root`; reads only. */
export function plan(root: string, changes: Change[]): FilePlan[] {
  return changes.map((change) =>
    change.kind === "edit" ? planEdit(root, change) : planNew(root, change)
  )
}
