import { spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"

export const PACKAGE = "medusa-payment-vorexy"

export type PackageManager = "npm" | "pnpm" | "yarn" | "bun"

const LOCKFILES: [string, PackageManager][] = [
  ["pnpm-lock.yaml", "pnpm"],
  ["yarn.lock", "yarn"],
  ["bun.lock", "bun"],
  ["bun.lockb", "bun"],
  ["package-lock.json", "npm"],
]

/** The package manager of the nearest lockfile, from `dir` up (a monorepo keeps it at its root). */
export function packageManager(dir: string): PackageManager {
  for (let at = resolve(dir); ; at = dirname(at)) {
    for (const [file, manager] of LOCKFILES) if (existsSync(join(at, file))) return manager
    if (dirname(at) === at) return "npm"
  }
}

/** The command that adds `spec` to the storefront's dependencies. */
export function installCommand(manager: PackageManager, spec: string): [string, string[]] {
  return manager === "npm" ? ["npm", ["install", spec]] : [manager, ["add", spec]]
}

/** The dependency range the storefront's package.json already has for the plugin, if any. */
/** The storefront's package.json, read before anything is written; a problem in words. */
export function readManifest(dir: string): { pkg: Record<string, unknown> } | { problem: string } {
  const file = join(dir, "package.json")
  if (!existsSync(file)) return { problem: "file not found (is this the storefront?)" }
  try {
    const pkg = JSON.parse(readFileSync(file, "utf8"))
    if (!pkg || typeof pkg !== "object" || Array.isArray(pkg))
      return { problem: "not a JSON object" }
    return { pkg }
  } catch (error) {
    return { problem: `not valid JSON (${(error as Error).message})` }
  }
}

type Deps = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }

/** The range the storefront already declares for this package, if any. */
export function declaredRange(pkg: Record<string, unknown>): string | null {
  const { dependencies, devDependencies } = pkg as Deps
  return dependencies?.[PACKAGE] ?? devDependencies?.[PACKAGE] ?? null
}

/** This package's own version (package.json sits two folders above src/cli and .medusa/cli). */
export function ownVersion(): string {
  return JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")).version
}

/** Runs the install in `dir`, its output shown; the exit code (non-zero when it could not run). */
export function runInstall(dir: string, command: string, args: string[]): number {
  const result = spawnSync(command, args, {
    cwd: dir,
    stdio: "inherit",
    // npm, pnpm and yarn are .cmd scripts on Windows
    shell: process.platform === "win32",
  })
  return result.error ? 127 : (result.status ?? 1)
}
