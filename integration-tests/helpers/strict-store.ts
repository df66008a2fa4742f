/**
 * A store-like folder that type-checks files as a Medusa store's own would: `strict`, Node16
 * resolution, `medusa-payment-vorexy` installed by the caller (`install` fills its folder in
 * node_modules), every other dependency this checkout's, by symlink.
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const REPO = join(__dirname, "..", "..")

export function strictStore(
  dir: string,
  install: (installed: string) => void,
  files: Record<string, string>
) {
  const installed = join(dir, "node_modules", "medusa-payment-vorexy")
  mkdirSync(installed, { recursive: true })
  install(installed)
  for (const dependency of readdirSync(join(REPO, "node_modules")))
    if (![".bin", ".package-lock.json", "medusa-payment-vorexy"].includes(dependency))
      symlinkSync(join(REPO, "node_modules", dependency), join(dir, "node_modules", dependency))
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "store", private: true }))
  const tsconfig = {
    compilerOptions: {
      strict: true,
      module: "node16",
      moduleResolution: "node16",
      target: "es2022",
      noEmit: true,
      types: ["node"],
      // As a Medusa store has it: its dependencies' own declarations are not the store's to check
      // (and would take most of the run); the build fails on a declaration it cannot emit.
      skipLibCheck: true,
    },
    files: Object.keys(files),
  }
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
}

/** tsc's diagnostics for the store's files: "" when they type-check. */
export function typeCheck(dir: string): string {
  try {
    execFileSync(
      process.execPath,
      [join(REPO, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"],
      { cwd: dir, encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } }
    )
    return ""
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error)
  }
}
