// npm run build:cli: compiles src/cli to .medusa/cli (CommonJS, Node's own modules only) and makes
// bin.js executable, so `npx medusa-payment-vorexy` runs it.
import { execFileSync } from "node:child_process"
import { chmodSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const out = join(here, "..", "..", ".medusa", "cli")
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc")

rmSync(out, { recursive: true, force: true })
execFileSync(process.execPath, [tsc, "-p", join(here, "tsconfig.json")], { stdio: "inherit" })
// Whatever the package's own "type", these files are CommonJS.
writeFileSync(join(out, "package.json"), JSON.stringify({ type: "commonjs" }) + "\n")
chmodSync(join(out, "bin.js"), 0o755)
console.log("CLI build written to .medusa/cli")
