#!/usr/bin/env node
/**
 * How much code a newcomer reads to follow a webhook to a captured order: the files reached by
 * following value imports (not `import type`) from the webhook route and the charge's webhook
 * subscriber (the event bus joins them), and their lines. The gateway client, the plugin's module
 * (tables and service), the payment providers and the e-mails are left out, as Medusa's own
 * webhook path is counted without the Stripe SDK, the payment module and the notification module;
 * but the module's webhook-event rules are counted: they are the intake's own code.
 *
 *   node scripts/sync-path.mjs          the totals
 *   node scripts/sync-path.mjs --list   every file, smallest first
 */
import { existsSync, readFileSync, statSync } from "node:fs"
import { dirname, join, normalize, relative } from "node:path"

const SRC = join(dirname(new URL(import.meta.url).pathname), "..", "src")
const STARTS = ["api/hooks/vorexy/route.ts", "subscribers/vorexy-webhook-received.ts"]
const LEFT_OUT = ["gateway/", "modules/", "providers/", "notifications/"]
const COUNTED = ["modules/vorexy/webhook-events.ts"]

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+"(\.[^"]+)"/gms
const SIDE_EFFECT = /^\s*import\s+"(\.[^"]+)"/gm

function resolve(from, spec) {
  const base = normalize(join(dirname(from), spec))
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    const file = join(SRC, candidate)
    if (existsSync(file) && statSync(file).isFile()) return relative(SRC, file)
  }
  return null
}

/** Only types: `import type {…}` or `import { type A, type B }`. */
function typesOnly(typeKeyword, names) {
  if (typeKeyword) return true
  const list = names.trim()
  if (!list.startsWith("{")) return false
  const parts = list
    .slice(1, -1)
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
  return parts.length > 0 && parts.every((part) => part.startsWith("type "))
}

const seen = new Set()
const stack = [...STARTS]
while (stack.length) {
  const file = stack.pop()
  const leftOut = LEFT_OUT.some((folder) => file.startsWith(folder)) && !COUNTED.includes(file)
  if (seen.has(file) || leftOut) continue
  seen.add(file)
  const text = readFileSync(join(SRC, file), "utf8")
  for (const [, typeKeyword, names, spec] of text.matchAll(IMPORT)) {
    if (typesOnly(typeKeyword, names)) continue
    const target = resolve(file, spec)
    if (target) stack.push(target)
  }
  for (const [, spec] of text.matchAll(SIDE_EFFECT)) {
    const target = resolve(file, spec)
    if (target) stack.push(target)
  }
}

const rows = [...seen]
  .map((file) => ({ file, lines: readFileSync(join(SRC, file), "utf8").split("\n").length - 1 }))
  .sort((a, b) => a.lines - b.lines || a.file.localeCompare(b.file))
if (process.argv.includes("--list")) {
  for (const { file, lines } of rows) console.log(`${String(lines).padStart(5)} ${file}`)
}
const total = rows.reduce((sum, row) => sum + row.lines, 0)
console.log(`${rows.length} files, ${total} lines on the path from the webhook route to a capture`)
