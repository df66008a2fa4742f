import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { parseArgs } from "./args"
import { helpText } from "./help"
import {
  declaredRange,
  installCommand,
  ownVersion,
  packageManager,
  PACKAGE,
  readManifest,
  runInstall,
} from "./install"
import { plan } from "./plan"
import { printPlans, printRefusal, type Out } from "./printer"
import { CHANGES, VERIFIED_ON } from "./starter"

export type RunEnv = {
  cwd: string
  out: Out
  /** Runs the install (the real one spawns the package manager). */
  install?: (dir: string, command: string, args: string[]) => number
}

/** A dtc-starter checkout's root holds the storefront in apps/storefront. */
function storefrontDir(dir: string): string {
  const nested = join(dir, "apps", "storefront")
  return !existsSync(join(dir, "src", "lib")) && existsSync(join(nested, "src", "lib"))
    ? nested
    : dir
}

/** A tarball or folder given by a relative path stays right when installed from the storefront. */
function resolveSpec(spec: string, cwd: string): string {
  const local = resolve(cwd, spec)
  return !spec.startsWith("/") && /[\\/]|\.tgz$/.test(spec) && existsSync(local) ? local : spec
}

type Written = { path: string; before: string | null }

/**
 * Writes every planned file: each staged beside its target first, then all renamed into place.
 * A write that fails puts back what was written before it (a file restored, an added one removed),
 * so the tree ends as it was or fully edited. Returns the failure in words, or null.
 */
function writeAll(root: string, plans: ReturnType<typeof plan>): string | null {
  const pending = plans.filter((p) => p.state === "changed" || p.state === "added")
  const staged: Array<{ path: string; temp: string; before: string | null }> = []
  const done: Written[] = []
  try {
    for (const p of pending) {
      if (p.state !== "changed" && p.state !== "added") continue
      const target = join(root, p.path)
      mkdirSync(dirname(target), { recursive: true })
      const temp = `${target}.vorexy-${process.pid}.tmp`
      writeFileSync(temp, p.after)
      staged.push({ path: p.path, temp, before: p.before })
    }
    for (const { path, temp, before } of staged) {
      renameSync(temp, join(root, path))
      done.push({ path, before })
    }
    return null
  } catch (error) {
    for (const { temp } of staged) rmSync(temp, { force: true })
    for (const { path, before } of done.reverse()) {
      if (before === null) rmSync(join(root, path), { force: true })
      else writeFileSync(join(root, path), before)
    }
    return `could not write the edits (${(error as Error).message}); every file is as it was.`
  }
}

/** The whole command; returns the process exit code. */
export function run(argv: string[], env: RunEnv): number {
  const { out } = env
  const version = ownVersion()
  const options = parseArgs(argv)
  if ("error" in options) {
    out.error(`medusa-payment-vorexy: ${options.error}\n`)
    out.error(helpText(version))
    return 2
  }
  if (options.help) {
    out.log(helpText(version))
    return 0
  }

  const root = storefrontDir(resolve(env.cwd, options.dir))
  out.log(`medusa-payment-vorexy ${version}: Vorexy for the Next.js starter in ${root}`)
  const manifest = readManifest(root)
  if ("problem" in manifest) {
    out.error(`  ✗ package.json: ${manifest.problem}`)
    printRefusal(out, [], VERIFIED_ON)
    return 1
  }

  // Every file is checked before any is written: a tree it does not recognise is left as it is.
  const plans = plan(root, CHANGES)
  printPlans(out, plans, options.dryRun)
  if (plans.some((p) => p.state === "failed")) {
    printRefusal(out, plans, VERIFIED_ON)
    return 1
  }
  if (!options.dryRun) {
    const failure = writeAll(root, plans)
    if (failure) {
      out.error(`  ✗ ${failure}`)
      return 1
    }
  }
  const edited = plans.filter((p) => p.state !== "unchanged").length

  // The package: skipped when package.json already names it (run your install to change it).
  const range = declaredRange(manifest.pkg)
  const spec = options.packageSpec
    ? resolveSpec(options.packageSpec, env.cwd)
    : `${PACKAGE}@${version}`
  let installed = false
  if (!options.install) out.log(`  skipped   the install (--no-install)`)
  else if (range) out.log(`  unchanged package.json: ${PACKAGE} is a dependency already (${range})`)
  else {
    const [command, args] = installCommand(packageManager(root), spec)
    const line = `${command} ${args.join(" ")}`
    if (options.dryRun) out.log(`  would run ${line}`)
    else {
      out.log(`  running   ${line}`)
      const code = (env.install ?? runInstall)(root, command, args)
      if (code !== 0) {
        out.error(`  ✗ ${line} failed (exit code ${code}); the edits above are written.`)
        out.error(`    Install the package yourself, or run this again.`)
        return code
      }
      installed = true
    }
  }

  out.log("")
  if (options.dryRun) out.log("Dry run: nothing was written or installed.")
  else if (edited === 0 && !installed) out.log("Nothing to change: the Vorexy edits are all there.")
  else
    out.log(
      `Done: ${edited} file(s) written${installed ? `, ${PACKAGE} installed` : ""}. ` +
        "Add your storefront's origin to the backend's STORE_CORS."
    )
  return 0
}
