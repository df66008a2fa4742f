// npm run build:storefront: compiles src/storefront (and the pure src/gateway/documents.ts it
// imports) to .medusa/storefront/{esm,cjs} with declarations, and copies styles.css. Medusa's
// plugin:build only cleans .medusa/server, so this output survives it whichever runs first.
import { execFileSync } from "node:child_process"
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const here = dirname(fileURLToPath(import.meta.url))
const out = join(here, "..", "..", ".medusa", "storefront")
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc")

rmSync(out, { recursive: true, force: true })
for (const [config, folder, type] of [
  ["tsconfig.json", "esm", "module"],
  ["tsconfig.cjs.json", "cjs", "commonjs"],
]) {
  execFileSync(process.execPath, [tsc, "-p", join(here, config)], { stdio: "inherit" })
  // Each build says what its .js files are, whatever the package's own "type".
  writeFileSync(join(out, folder, "package.json"), JSON.stringify({ type }) + "\n")
}
mkdirSync(out, { recursive: true })
copyFileSync(join(here, "styles.css"), join(out, "styles.css"))
console.log("Storefront build written to .medusa/storefront")
