import { execFileSync } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"

export const REPO = join(__dirname, "..", "..", "..")
export const BUILT = join(REPO, ".medusa", "storefront")

/** The package's built storefront entry (what a store installs); built once when missing. */
export function builtStorefront(): string {
  if (!existsSync(join(BUILT, "cjs", "storefront", "index.js")))
    execFileSync(process.execPath, [join(REPO, "src", "storefront", "build.mjs")], {
      stdio: "ignore",
    })
  return BUILT
}
