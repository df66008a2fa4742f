/**
 * Every dependency with an install script is decided in package.json's allowScripts and reviewed in
 * CONTRIBUTING.md at its locked version; the published package brings none.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { minVersion, satisfies } from "semver"

const root = join(__dirname, "..", "..")
const read = (file: string) => readFileSync(join(root, file), "utf8")
const manifest = JSON.parse(read("package.json"))
type LockEntry = {
  version?: string
  engines?: { node?: string }
  optional?: boolean
  hasInstallScript?: boolean
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}
const lock: { packages: Record<string, LockEntry> } = JSON.parse(read("package-lock.json"))

const nameOf = (path: string) => path.slice(path.lastIndexOf("node_modules/") + 13)

/** The lockfile's packages with an install script: name → every locked version of it. */
function withInstallScripts() {
  const found = new Map<string, Set<string>>()
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path || !entry.hasInstallScript) continue
    const versions = found.get(nameOf(path)) ?? new Set<string>()
    found.set(nameOf(path), versions.add(entry.version!))
  }
  return found
}

/** CONTRIBUTING.md's review table: name → { version, runs }. */
function reviewed() {
  const section = read("CONTRIBUTING.md").split("## Dependencies with install scripts")[1] ?? ""
  const rows = new Map<string, { version: string; runs: boolean }>()
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim())
    const name = /^`(.+)`$/.exec(cells[1] ?? "")?.[1]
    if (name) rows.set(name, { version: cells[2], runs: cells[3] === "yes" })
  }
  return rows
}

/** Where node would find `name` from the package at `from` (a lockfile path). */
function resolveFrom(from: string, name: string) {
  for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf("/node_modules/")))) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`
    if (lock.packages[candidate]) return candidate
    if (!base) return undefined
  }
}

describe("dependencies with install scripts", () => {
  it("finds packages with install scripts in the lockfile (the check below is not vacuous)", () => {
    expect(withInstallScripts().size).toBeGreaterThan(0)
  })

  it("decides each one in allowScripts and reviews it in CONTRIBUTING.md at its locked version", () => {
    const table = reviewed()
    const problems: string[] = []
    for (const [name, versions] of withInstallScripts()) {
      const decision = manifest.allowScripts?.[name]
      const row = table.get(name)
      const locked = [...versions].sort().join(", ")
      if (typeof decision !== "boolean") problems.push(`${name}: no allowScripts entry`)
      if (!row) problems.push(`${name}: not in CONTRIBUTING.md's table`)
      else if (row.version !== locked)
        problems.push(`${name}: locked at ${locked}, reviewed at ${row.version}`)
      else if (row.runs !== decision)
        problems.push(`${name}: allowScripts says ${decision}, CONTRIBUTING.md the opposite`)
    }
    expect(problems).toEqual([])
  })

  it("keeps no allowScripts entry for a package that is not in the lockfile", () => {
    const locked = withInstallScripts()
    const stale = Object.keys(manifest.allowScripts ?? {}).filter((name) => !locked.has(name))
    expect(stale).toEqual([])
  })

  it("lets no runtime dependency of the published package bring an install script", () => {
    const seen = new Set<string>()
    const queue = Object.keys(manifest.dependencies).map((name) => resolveFrom("", name))
    const offenders: string[] = []
    while (queue.length) {
      const path = queue.pop()
      if (!path || seen.has(path)) continue
      seen.add(path)
      const entry = lock.packages[path]
      if (entry.hasInstallScript) offenders.push(`${nameOf(path)}@${entry.version}`)
      const next = { ...entry.dependencies, ...entry.optionalDependencies }
      for (const name of Object.keys(next)) queue.push(resolveFrom(path, name))
    }
    expect(seen.size).toBeGreaterThanOrEqual(Object.keys(manifest.dependencies).length)
    expect(offenders).toEqual([])
  })
})

describe("package.json's engines", () => {
  it("allows no Node that a locked dependency refuses", () => {
    const floors = manifest.engines.node
      .split("||")
      .map((range: string) => minVersion(range)!.version)
    const refused: string[] = []
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = entry.engines?.node
      if (!path || !range || entry.optional) continue
      for (const floor of floors)
        if (!satisfies(floor, range)) refused.push(`${nameOf(path)} (${range}) refuses ${floor}`)
    }
    expect(floors.length).toBeGreaterThan(0)
    expect(refused).toEqual([])
  })
})
