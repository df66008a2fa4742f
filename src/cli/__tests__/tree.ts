import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import { run } from "../run"
import { STARTER } from "./fixture"

/** A fresh copy of the fixture starter (or of `files`) in a temporary folder. */
export function starterTree(files: Record<string, string> = STARTER): string {
  const root = mkdtempSync(join(tmpdir(), "vorexy-starter-"))
  writeTree(root, files)
  return root
}

export function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
}

/** Every file under `root`, by relative path. */
export function readTree(root: string): Record<string, string> {
  const files: Record<string, string> = {}
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else files[relative(root, path)] = readFileSync(path, "utf8")
    }
  }
  walk(root)
  return files
}

/** Runs the command with its output captured and the install recorded, never spawned. */
export function cli(args: string[], cwd = process.cwd()) {
  const lines: string[] = []
  const installs: string[] = []
  const code = run(args, {
    cwd,
    out: { log: (line) => lines.push(line), error: (line) => lines.push(line) },
    install: (dir, command, argv) => {
      installs.push(`${relative(cwd, dir) || "."}: ${command} ${argv.join(" ")}`)
      return 0
    },
  })
  return { code, output: lines.join("\n"), installs }
}
