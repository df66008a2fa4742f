// The README's medusa-config.ts example type-checks as a store's file would: `strict`, Node16
// resolution, with `medusa-payment-vorexy` installed as its built package (.medusa/server, reached
// through package.json's exports), so a renamed or removed option, or a moved export, fails here.
//
// Needs the built backend: when .medusa/server is missing this test builds it (`medusa
// plugin:build`, about a minute). After changing src/, run `npm run build` so it checks your tree.
import { execFileSync } from "node:child_process"
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { strictStore, typeCheck } from "../../integration-tests/helpers/strict-store"

jest.setTimeout(300_000)

const REPO = join(__dirname, "..", "..")
const BUILT = join(REPO, ".medusa", "server")
const BUILT_TYPES = join(BUILT, "src", "providers", "vorexy", "index.d.ts")
const MARKER = "<!-- config-snippet"

/** The ```ts block that follows the marker in the README. */
function configSnippet(readme: string): string {
  const at = readme.indexOf(MARKER)
  if (at < 0) throw new Error(`README.md has no "${MARKER}" marker before its config example`)
  const block = /```ts\n([\s\S]*?)\n```/.exec(readme.slice(at))
  if (!block) throw new Error("README.md has no ```ts block after its config marker")
  return block[1]
}

/** The package's built backend, as `npm run build` leaves it; built once when missing. */
function builtBackend(): string {
  if (!existsSync(BUILT_TYPES))
    execFileSync(process.execPath, [join(REPO, "node_modules", ".bin", "medusa"), "plugin:build"], {
      cwd: REPO,
      env: { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true" },
      stdio: "ignore",
    })
  return BUILT_TYPES
}

// Proof that the options type is real (not `any`): the same check refuses a misspelt option.
const MISSPELT = `
// @ts-expect-error a misspelt option is refused
const misspelt = { baseUrl: "https://x", clientId: "c", apiKey: "k", webhookSecrett: "s" } satisfies VorexyOptionsInput
void misspelt
`

let store: string
afterAll(() => store && rmSync(store, { recursive: true, force: true }))

it("type-checks the README's medusa-config.ts against the built package", () => {
  const snippet = configSnippet(readFileSync(join(REPO, "README.md"), "utf8"))
  expect(snippet).toContain('from "medusa-payment-vorexy/providers/vorexy"')
  const types = builtBackend()

  // A store with the package installed: its package.json and the build, other dependencies linked.
  store = mkdtempSync(join(tmpdir(), "vorexy-config-"))
  strictStore(
    store,
    (installed) => {
      copyFileSync(join(REPO, "package.json"), join(installed, "package.json"))
      symlinkSync(join(REPO, ".medusa"), join(installed, ".medusa"))
    },
    { "medusa-config.ts": `${snippet}\n${MISSPELT}` }
  )
  let diagnostics = typeCheck(store)
  if (diagnostics) {
    const built = statSync(types).mtime.toISOString()
    diagnostics += `\n(checked against the build of ${built} in .medusa/server: after changing src/, npm run build)`
  }
  expect(diagnostics).toBe("")
})
