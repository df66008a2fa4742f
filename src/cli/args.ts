export type Options = {
  dir: string
  dryRun: boolean
  install: boolean
  packageSpec: string | null
  help: boolean
}

/** Parses `starter [dir] [--dry-run] [--no-install] [--package <spec>] [--help]`. */
export function parseArgs(argv: string[]): Options | { error: string } {
  const options: Options = {
    dir: ".",
    dryRun: false,
    install: true,
    packageSpec: null,
    help: false,
  }
  const [command, ...rest] = argv
  if (command === undefined || command === "--help" || command === "-h" || command === "help")
    return { ...options, help: true }
  if (command !== "starter") return { error: `unknown command "${command}"` }
  let dir: string | null = null
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]
    if (arg === "--help" || arg === "-h") options.help = true
    else if (arg === "--dry-run") options.dryRun = true
    else if (arg === "--no-install") options.install = false
    else if (arg === "--package" || arg.startsWith("--package=")) {
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : rest[++i]
      if (!value) return { error: "--package needs a value (a version, tarball or path)" }
      options.packageSpec = value
    } else if (arg.startsWith("-")) return { error: `unknown option "${arg}"` }
    else if (dir === null) dir = arg
    else return { error: `one directory only (got "${dir}" and "${arg}")` }
  }
  return { ...options, dir: dir ?? "." }
}
