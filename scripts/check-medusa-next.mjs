/**
 * Tries the plugin on the newest Medusa the npm registry has, before it ships: picks a coherent set
 * of `@medusajs/*` builds (every package at one version where it exists), installs it into a copy
 * of the repository's committed files, then builds, type-checks and runs the unit suite and the
 * browser-free integration specs there, one at a time, and writes a markdown report of what broke.
 *
 *   npm run check:medusa-next -- [--version <v>] [--only <step|spec>[,…]] [--keep]
 *                                [--budget <minutes>] [--workdir <dir>] [--report <file>] [--plan]
 *
 * The repository itself is never changed: the copy's package.json and lockfile live and die in a
 * temporary folder. See docs/medusa-next.md.
 */
import { spawn, spawnSync } from "node:child_process"
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const require = createRequire(import.meta.url)
const semver = require("semver")

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..")
/** The Medusa the plugin is pinned to and tested on; anything newer is "next". */
const PINNED = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).peerDependencies[
  "@medusajs/medusa"
]

/** The specs that matter most for a store (checkout, webhooks, capture), run first. */
const PRIORITY = [
  "pix-checkout",
  "webhook-lifecycle",
  "boleto-checkout",
  "card-checkout",
  "late-charge",
  "recovery",
  "provider",
  "method-discount",
  "charge-renewal",
  "reconcile-runs",
  "withdrawal-guards",
  "trust-session",
]
/** Browser-free integration folders: the Store/Admin API over HTTP and the gateway client. */
const SPEC_DIRS = ["integration-tests/http", "integration-tests/gateway"]

// ---------------------------------------------------------------------------------------------
// Arguments

function parseArgs(argv) {
  const args = {
    version: null,
    only: null,
    keep: false,
    budget: null,
    workdir: null,
    report: null,
    plan: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`)
      return argv[++i]
    }
    if (flag === "--version") args.version = value()
    else if (flag === "--only")
      args.only = value()
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    else if (flag === "--keep") args.keep = true
    else if (flag === "--plan") args.plan = true
    else if (flag === "--budget") args.budget = Number(value())
    else if (flag === "--workdir") args.workdir = resolve(value())
    else if (flag === "--report") args.report = resolve(value())
    else if (flag === "--help" || flag === "-h") {
      console.log(readFileSync(fileURLToPath(import.meta.url), "utf8").split("*/")[0])
      process.exit(0)
    } else throw new Error(`unknown argument ${flag} (see --help)`)
  }
  return args
}

// ---------------------------------------------------------------------------------------------
// The registry

const npmViewCache = new Map()

/** `npm view <spec> <fields> --json`, parsed; null when the registry has no such package/version. */
function npmView(spec, ...fields) {
  const key = [spec, ...fields].join(" ")
  if (npmViewCache.has(key)) return npmViewCache.get(key)
  const run = spawnSync("npm", ["view", spec, ...fields, "--json"], { encoding: "utf8" })
  let value = null
  if (run.status === 0 && run.stdout.trim()) value = unwrap(JSON.parse(run.stdout))
  npmViewCache.set(key, value)
  return value
}

/** npm 12 wraps a single result of `npm view --json` in an array; older npm does not. */
const unwrap = (value) =>
  Array.isArray(value) && value.length === 1 && typeof value[0] === "object" ? value[0] : value

const versionsOf = (name) => [npmView(name, "versions") ?? []].flat()

/** The timestamp of a `2.22.0-snapshot-20260911212358` style build, or "" for a release. */
export const buildStamp = (version) => /-(?:snapshot|preview)-(\d{14})$/.exec(version)?.[1] ?? ""
/** `-snapshot-20260911212358`: what every package of one snapshot build shares. */
export const buildSuffix = (version) => /-(?:snapshot|preview)-\d{14}$/.exec(version)?.[0] ?? ""

/** Newest first: by version core, then by build timestamp (a release beats its own snapshots). */
export function newer(a, b) {
  const core = semver.compare(semver.coerce(b), semver.coerce(a))
  if (core !== 0) return core
  const [sa, sb] = [buildStamp(a), buildStamp(b)]
  if (!sa || !sb) return sa ? 1 : sb ? -1 : 0
  return sb.localeCompare(sa)
}

/**
 * The version to check: `latest` when it is past `pinned`, else the newest 2.x snapshot or preview
 * past it; null when the registry has nothing newer.
 */
export function chooseTarget({ tags, versions, pinned }) {
  if (tags.latest && semver.gt(tags.latest, pinned))
    return { version: tags.latest, why: "`latest` dist-tag" }
  const candidates = versions
    .filter(
      (v) =>
        semver.valid(v) &&
        semver.major(v) === 2 &&
        buildStamp(v) &&
        semver.gt(semver.coerce(v), pinned)
    )
    .sort(newer)
  if (!candidates.length) return null
  return {
    version: candidates[0],
    why: `\`latest\` is ${tags.latest ?? "unset"}: the newest 2.x snapshot/preview past ${pinned}`,
  }
}

/**
 * One package's version for `target`: the target where it exists; else the same build of that
 * package (same snapshot suffix: `@medusajs/ui` has its own numbers); else the project's own
 * version, kept and forced with an override.
 */
export function chooseVersion({ versions, target, current }) {
  const suffix = buildSuffix(target)
  const sameBuild = suffix ? versions.filter((v) => v.endsWith(suffix)).sort(newer)[0] : null
  const kept = semver.valid(current) ? current : semver.minVersion(current)?.version
  if (versions.includes(target)) return { version: target, how: "target" }
  if (sameBuild) return { version: sameBuild, how: `same build (${suffix})` }
  return { version: kept, how: `no build at ${target}: kept ${kept}`, override: true }
}

/** Every `@medusajs/*` package the project names (dependencies, devDependencies, peers), planned. */
function planVersions(manifest, target) {
  const named = new Map()
  for (const field of ["dependencies", "devDependencies", "peerDependencies"])
    for (const [name, range] of Object.entries(manifest[field] ?? {}))
      if (name.startsWith("@medusajs/") && !named.has(name)) named.set(name, range)
  const plan = new Map()
  for (const [name, current] of named)
    plan.set(name, chooseVersion({ versions: versionsOf(name), target, current }))
  return plan
}

/**
 * The peers the chosen packages and their `@medusajs` dependencies ask for, checked against the
 * registry: a peer pinned to a build that does not exist (a snapshot that skipped a package) is
 * overridden to the project's version of it, and the package asking is lifted to the top of the
 * tree so that npm applies the override to it. Returns { overrides, lifted, notes }.
 */
async function planPeers(plan) {
  const overrides = new Map()
  const lifted = new Map()
  const notes = []
  for (const [name, entry] of plan) if (entry.override) overrides.set(name, entry.version)

  const seen = new Set()
  const queue = [...plan].map(([name, { version }]) => `${name}@${version}`)
  // The chosen packages and their direct @medusajs dependencies (where core's peers live).
  const manifests = []
  for (let depth = 0; depth < 2 && queue.length; depth++) {
    const level = queue.splice(0).filter((spec) => !seen.has(spec) && seen.add(spec))
    const found = await Promise.all(
      level.map((spec) => viewAsync(spec, "dependencies", "peerDependencies"))
    )
    level.forEach((spec, i) => {
      const info = found[i]
      if (!info) return
      manifests.push({ spec, ...info })
      for (const [dep, range] of Object.entries(info.dependencies ?? {}))
        if (dep.startsWith("@medusajs/") && semver.valid(range)) queue.push(`${dep}@${range}`)
    })
  }
  for (const { spec, peerDependencies } of manifests) {
    for (const [peer, range] of Object.entries(peerDependencies ?? {})) {
      if (!peer.startsWith("@medusajs/") || !semver.valid(range)) continue
      if (versionsOf(peer).includes(range)) {
        const chosen = plan.get(peer)?.version
        if (chosen && chosen !== range)
          notes.push(`${spec} asks for peer ${peer}@${range}; the copy has ${chosen}`)
        continue
      }
      const fallback = plan.get(peer)?.version ?? npmView(peer, "dist-tags")?.latest
      overrides.set(peer, fallback)
      const asker = spec.slice(0, spec.lastIndexOf("@"))
      if (!plan.has(asker)) lifted.set(asker, spec.slice(spec.lastIndexOf("@") + 1))
      notes.push(
        `${spec} asks for peer ${peer}@${range}, which the registry does not have: overridden to ${fallback}`
      )
    }
  }
  return { overrides, lifted, notes: [...new Set(notes)] }
}

function viewAsync(spec, ...fields) {
  return new Promise((done) => {
    const child = spawn("npm", ["view", spec, ...fields, "--json"], {
      stdio: ["ignore", "pipe", "ignore"],
    })
    let out = ""
    child.stdout.on("data", (chunk) => (out += chunk))
    child.on("close", (code) => {
      try {
        const parsed = code === 0 && out.trim() ? unwrap(JSON.parse(out)) : null
        // With one field npm prints the value itself, with several an object of them.
        done(parsed && fields.length === 1 ? { [fields[0]]: parsed } : parsed)
      } catch {
        done(null)
      }
    })
  })
}

// ---------------------------------------------------------------------------------------------
// The copy

function copyRepository(into) {
  const files = spawnSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  if (files.status !== 0) throw new Error(`git ls-files failed: ${files.stderr}`)
  let count = 0
  for (const file of files.stdout.split("\0").filter(Boolean)) {
    const from = join(root, file)
    // The lockfile pins the old Medusa: npm writes the copy's own.
    if (file === "package-lock.json" || !existsSync(from)) continue
    mkdirSync(dirname(join(into, file)), { recursive: true })
    cpSync(from, join(into, file), { verbatimSymlinks: true })
    count++
  }
  return count
}

function rewriteManifest(dir, plan, overrides, lifted) {
  const file = join(dir, "package.json")
  const manifest = JSON.parse(readFileSync(file, "utf8"))
  for (const field of ["dependencies", "devDependencies", "peerDependencies"])
    for (const name of Object.keys(manifest[field] ?? {}))
      if (plan.has(name)) manifest[field][name] = plan.get(name).version
  for (const [name, version] of lifted) manifest.devDependencies[name] = version
  manifest.overrides = { ...manifest.overrides, ...Object.fromEntries(overrides) }
  const text = `${JSON.stringify(manifest, null, 2)}\n`
  writeFileSync(file, text)
  return text
}

// ---------------------------------------------------------------------------------------------
// Running steps

const heavy = (command, args) => ["nice", ["-n", "10", command, ...args]]

/** Runs a command in the copy, its output teed to a log; resolves { ok, code, seconds, log }. */
function run(name, command, args, { cwd, logDir, env }) {
  const log = join(logDir, `${name.replace(/[^\w.-]+/g, "_")}.log`)
  const started = Date.now()
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`)
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let text = ""
    const take = (chunk) => {
      text += chunk
      process.stdout.write(chunk)
    }
    child.stdout.on("data", take)
    child.stderr.on("data", take)
    child.on("close", (code, signal) => {
      writeFileSync(log, text)
      const seconds = Math.round((Date.now() - started) / 1000)
      done({ ok: code === 0, code: code ?? signal, seconds, log, text })
    })
  })
}

/** The first lines that say what failed: jest's "●" blocks, tsc's errors, npm's ERR lines, or the tail. */
export function firstFailureLines(text, max = 25) {
  // eslint-disable-next-line no-control-regex -- terminal colour codes are exactly what it strips
  const lines = text.replace(/\x1b\[[0-9;]*m/g, "").split("\n")
  const tsc = lines.filter((line) => /error TS\d+:/.test(line))
  if (tsc.length) return tsc.slice(0, max)
  const bullet = lines.findIndex((line) => /^\s*● /.test(line) && !/Console$/.test(line.trim()))
  if (bullet >= 0) {
    // Up to the next file's PASS/FAIL line: what follows is another test file's business.
    const end = lines.findIndex((line, i) => i > bullet && /^(PASS|FAIL) /.test(line))
    return lines
      .slice(bullet, end > bullet ? end : undefined)
      .filter((line) => line.trim())
      .slice(0, max)
  }
  const npmErr = lines.filter((line) => /^npm (error|ERR!)/.test(line))
  if (npmErr.length) return npmErr.slice(0, max)
  return lines.filter((line) => line.trim()).slice(-max)
}

/** Per test file results from jest's --json output: [{ file, status, passed, failed, message }]. */
function jestFiles(jsonFile, cwd) {
  if (!existsSync(jsonFile)) return []
  const result = JSON.parse(readFileSync(jsonFile, "utf8"))
  return result.testResults.map((file) => ({
    file: relative(cwd, file.name),
    status: file.status,
    passed: file.assertionResults.filter((a) => a.status === "passed").length,
    failed: file.assertionResults.filter((a) => a.status === "failed").length,
    failedTests: file.assertionResults.filter((a) => a.status === "failed").map((a) => a.fullName),
    message: file.message,
  }))
}

/** The committed specs of SPEC_DIRS (the copy has no .git: asked of the repository), priority first. */
function listSpecs() {
  const found = spawnSync("git", ["ls-files", ...SPEC_DIRS.map((d) => `${d}/*.spec.ts`)], {
    cwd: root,
    encoding: "utf8",
  })
  if (found.status !== 0) throw new Error(`git ls-files failed: ${found.stderr}`)
  const fromGit = found.stdout.split("\n").filter(Boolean)
  const rank = (file) => {
    const i = PRIORITY.findIndex((name) => file.endsWith(`http/${name}.spec.ts`))
    const j = PRIORITY.findIndex((name) => file.endsWith(`/${name}.spec.ts`))
    return i >= 0 ? i : j >= 0 ? PRIORITY.length + j : 1000
  }
  return fromGit.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
}

// ---------------------------------------------------------------------------------------------
// Report

function markdownReport(r) {
  const out = []
  out.push(`# Medusa next: ${r.target}`, "")
  out.push(
    `- Checked: ${r.date} (wall time ${r.minutes} min), Node ${process.versions.node}, npm ${r.npm}`
  )
  out.push(`- Target: \`${r.target}\` (${r.why}); the project is pinned to ${PINNED}`)
  out.push(`- Code: commit ${r.commit} (its committed files)`)
  out.push(`- Copy: ${r.dir}${r.kept ? " (kept)" : " (removed)"}`, "")
  out.push("## Versions installed", "", "| package | version | how |", "|---|---|---|")
  for (const [name, { version, how }] of r.plan) out.push(`| \`${name}\` | ${version} | ${how} |`)
  for (const [name, version] of r.lifted)
    out.push(`| \`${name}\` | ${version} | added at the top so the override reaches its peers |`)
  out.push("")
  if (r.overrides.size) {
    out.push("Overrides: `" + JSON.stringify(Object.fromEntries(r.overrides)) + "`", "")
  }
  if (r.notes.length) out.push("Found on the registry:", "", ...r.notes.map((n) => `- ${n}`), "")
  out.push("## Steps", "", "| step | result | time |", "|---|---|---|")
  for (const s of r.steps) out.push(`| ${s.name} | ${s.result} | ${s.seconds ?? "-"} s |`)
  out.push("")
  if (r.unitFiles?.length) {
    const failed = r.unitFiles.filter((f) => f.status !== "passed")
    const tests = r.unitFiles.reduce((sum, f) => sum + f.passed, 0)
    out.push(
      `## Unit suite`,
      "",
      `${r.unitFiles.length - failed.length}/${r.unitFiles.length} files pass (${tests} tests passed).`,
      ""
    )
    for (const f of failed)
      out.push(
        `- FAIL \`${f.file}\`: ${f.failedTests.slice(0, 5).join("; ") || "(suite failed to run)"}`
      )
    out.push("")
  }
  if (r.specs.length) {
    out.push(
      "## Integration specs (one at a time)",
      "",
      "| spec | result | tests | time |",
      "|---|---|---|---|"
    )
    for (const s of r.specs)
      out.push(`| \`${s.file}\` | ${s.result} | ${s.tests ?? "-"} | ${s.seconds ?? "-"} s |`)
    out.push("")
  }
  const failures = [...r.steps, ...r.specs].filter((s) => s.lines)
  if (failures.length) {
    out.push("## Failures (first lines; full logs next to this report)", "")
    for (const f of failures) out.push(`### ${f.name ?? f.file}`, "", "```", ...f.lines, "```", "")
  }
  return out.join("\n")
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const args = parseArgs(process.argv.slice(2))
  const startedAt = Date.now()
  const wants = (what) => !args.only || args.only.includes(what)
  const specPatterns = args.only?.filter(
    (o) => !["build", "typecheck", "unit", "install"].includes(o)
  )

  const picked = args.version
    ? { version: args.version, why: "--version" }
    : chooseTarget({
        tags: npmView("@medusajs/medusa", "dist-tags") ?? {},
        versions: versionsOf("@medusajs/medusa"),
        pinned: PINNED,
      })
  if (!picked) {
    console.log(`Nothing newer than ${PINNED} on the registry: nothing to check.`)
    return
  }
  const target = picked.version
  if (!versionsOf("@medusajs/medusa").includes(target))
    throw new Error(`@medusajs/medusa@${target} is not on the registry`)
  console.log(`Target: @medusajs/medusa@${target} (${picked.why})`)

  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
  const plan = planVersions(manifest, target)
  const { overrides, lifted, notes } = await planPeers(plan)
  for (const [name, { version, how }] of plan) console.log(`  ${name} → ${version} (${how})`)
  for (const [name, version] of overrides) console.log(`  override ${name} → ${version}`)
  for (const note of notes) console.log(`  ${note}`)
  if (args.plan) return

  const dir = args.workdir ?? mkdtempSync(join(tmpdir(), "medusa-next-"))
  const reportFile = args.report ?? join(root, ".medusa-next", `report-${target}.md`)
  const logDir = join(dirname(reportFile), `logs-${target}`)
  mkdirSync(logDir, { recursive: true })
  const opts = { cwd: dir, logDir, env: {} }
  const npm = spawnSync("npm", ["--version"], { encoding: "utf8" }).stdout.trim()
  const report = {
    target,
    why: picked.why,
    dir,
    plan,
    overrides,
    lifted,
    notes,
    steps: [],
    specs: [],
    npm,
    commit: spawnSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: root,
      encoding: "utf8",
    }).stdout.trim(),
  }
  const write = () => {
    report.date = new Date().toISOString().replace(/\.\d+Z$/, "Z")
    report.minutes = ((Date.now() - startedAt) / 60000).toFixed(1)
    report.kept = args.keep || Boolean(args.workdir)
    writeFileSync(reportFile, markdownReport(report))
  }

  try {
    // The files are copied afresh every time; a --workdir whose install was made from the same
    // package.json keeps it (to run more specs after a fix, without installing again).
    const stamp = join(dir, ".medusa-next-installed")
    const count = copyRepository(dir)
    const manifestText = rewriteManifest(dir, plan, overrides, lifted)
    report.steps.push({ name: "copy", result: `ok (${count} tracked files)` })
    const reuse = existsSync(stamp) && readFileSync(stamp, "utf8") === manifestText
    if (!reuse) {
      rmSync(join(dir, "package-lock.json"), { force: true })
      const install = await run(
        "install",
        ...heavy("npm", ["install", "--no-audit", "--no-fund"]),
        opts
      )
      const skipped = install.text.match(/^.*(allowScripts|install scripts?).*$/gim) ?? []
      report.steps.push({
        name: "npm install",
        result: install.ok ? "pass" : `FAIL (exit ${install.code})`,
        seconds: install.seconds,
        lines: install.ok
          ? skipped.length
            ? skipped.slice(0, 10)
            : undefined
          : firstFailureLines(install.text),
      })
      write()
      if (!install.ok) return
      writeFileSync(stamp, manifestText)
    } else report.steps.push({ name: "npm install", result: `kept from an earlier run in ${dir}` })

    const installed = JSON.parse(
      readFileSync(join(dir, "node_modules/@medusajs/medusa/package.json"), "utf8")
    )
    report.steps.push({ name: "installed @medusajs/medusa", result: installed.version })

    for (const [step, script] of [
      ["build", "build"],
      ["typecheck", "typecheck"],
    ]) {
      if (!wants(step)) continue
      const result = await run(step, ...heavy("npm", ["run", script]), opts)
      report.steps.push({
        name: `npm run ${script}`,
        result: result.ok ? "pass" : `FAIL (exit ${result.code})`,
        seconds: result.seconds,
        lines: result.ok ? undefined : firstFailureLines(result.text),
      })
      write()
    }

    if (wants("unit")) {
      const json = join(logDir, "unit.json")
      rmSync(json, { force: true })
      const result = await run(
        "unit",
        ...heavy("npm", ["run", "test:unit", "--", "--json", `--outputFile=${json}`]),
        opts
      )
      report.unitFiles = jestFiles(json, dir)
      report.steps.push({
        name: "unit suite",
        result: result.ok ? "pass" : `FAIL (exit ${result.code})`,
        seconds: result.seconds,
        lines: result.ok ? undefined : firstFailureLines(result.text, 40),
      })
      write()
    }

    const specs = listSpecs().filter((file) =>
      !args.only ? true : specPatterns.some((pattern) => file.includes(pattern))
    )
    for (const file of specs) {
      const elapsed = (Date.now() - startedAt) / 60000
      if (args.budget && elapsed > args.budget) {
        report.specs.push({ file, result: `not run (budget of ${args.budget} min spent)` })
        continue
      }
      const json = join(logDir, `${file.replace(/\W+/g, "_")}.json`)
      rmSync(json, { force: true })
      const result = await run(
        file,
        ...heavy("npm", ["run", "test:integration", "--", file, "--json", `--outputFile=${json}`]),
        opts
      )
      const [entry] = jestFiles(json, dir)
      report.specs.push({
        file,
        result: result.ok ? "pass" : `FAIL (exit ${result.code})`,
        tests: entry ? `${entry.passed}/${entry.passed + entry.failed}` : undefined,
        seconds: result.seconds,
        lines: result.ok ? undefined : firstFailureLines(result.text, 30),
      })
      write()
    }
  } finally {
    write()
    if (!args.keep && !args.workdir) rmSync(dir, { recursive: true, force: true })
    console.log(`\n${markdownReport(report)}\nReport: ${reportFile}`)
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
