/**
 * A storefront's TypeScript finds the entry points' types whatever its `moduleResolution`: `node`
 * (the Next.js starter's: through `typesVersions`), `node16` and `bundler` (through `exports`).
 * Built here into a throwaway package laid out as npm installs it.
 */
import { execFileSync } from "node:child_process"
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const root = resolve(__dirname, "../../..")
const tsc = require.resolve("typescript/bin/tsc")
let app: string

/** tsc in the app; a failure throws with tsc's own output (its errors go to stdout). */
function run(args: string[]) {
  try {
    return execFileSync(process.execPath, [tsc, ...args], {
      cwd: app,
      encoding: "utf8",
      stdio: "pipe",
    })
  } catch (error) {
    const failure = error as Error & { stdout?: string }
    failure.message = failure.stdout ?? failure.message
    throw failure
  }
}

const check = (resolution: string, module: string, file = "app.tsx") =>
  run([
    "--noEmit",
    "--strict",
    "--jsx",
    "react-jsx",
    "--skipLibCheck",
    "--moduleResolution",
    resolution,
    "--module",
    module,
    file,
  ])

beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), "vorexy-types-"))
  const pkg = join(app, "node_modules", "medusa-payment-vorexy")
  for (const [config, folder] of [
    ["tsconfig.json", "esm"],
    ["tsconfig.cjs.json", "cjs"],
  ]) {
    const out = join(pkg, ".medusa", "storefront", folder)
    run(["-p", join(root, "src", "storefront", config), "--outDir", out])
    writeFileSync(
      join(out, "package.json"),
      JSON.stringify({ type: folder === "esm" ? "module" : "commonjs" })
    )
  }
  cpSync(join(root, "package.json"), join(pkg, "package.json"))
  mkdirSync(join(app, "node_modules", "@types"))
  for (const dep of ["react", "@types/react", "csstype"])
    symlinkSync(join(root, "node_modules", dep), join(app, "node_modules", dep))
  writeFileSync(
    join(app, "app.tsx"),
    [
      'import { VorexyPaymentFields, VorexyPayment, isVorexyProvider } from "medusa-payment-vorexy/storefront"',
      'import { createVorexyClient, type VorexyPaymentStatus } from "medusa-payment-vorexy/storefront/client"',
      'const client = createVorexyClient({ baseUrl: "http://localhost:9000", publishableKey: "pk" })',
      "const captured = (s: VorexyPaymentStatus): boolean | undefined => s.order_captured",
      'export const fields = <VorexyPaymentFields client={client} providerId="pp_vorexy-pix_vorexy" amountCents={100} />',
      'export const payment = <VorexyPayment client={client} target={{ orderId: "order_1" }} onCaptured={captured} />',
      'export const known: boolean = isVorexyProvider("pp_vorexy-pix_vorexy")',
      "",
    ].join("\n")
  )
}, 120_000)

afterAll(() => rmSync(app, { recursive: true, force: true }))

it.each([
  ["node", "esnext"],
  ["node16", "node16"],
  ["bundler", "esnext"],
])("type-checks an import of the entry points under moduleResolution %s", (resolution, module) => {
  expect(() => check(resolution, module)).not.toThrow()
})

it("fails on a wrong use, and under node without typesVersions (the check can fail)", () => {
  writeFileSync(
    join(app, "wrong.tsx"),
    'import { VorexyPaymentFields } from "medusa-payment-vorexy/storefront"\nexport const x = <VorexyPaymentFields providerId={1} />\n'
  )
  expect(() => check("node", "esnext", "wrong.tsx")).toThrow(/TS2322|TS2741/)
  const manifest = join(app, "node_modules", "medusa-payment-vorexy", "package.json")
  const withoutTypesVersions = JSON.parse(readFileSync(manifest, "utf8"))
  delete withoutTypesVersions.typesVersions
  writeFileSync(manifest, JSON.stringify(withoutTypesVersions))
  expect(() => check("node", "esnext")).toThrow(/TS2307/)
  expect(() => check("bundler", "esnext")).not.toThrow()
})
