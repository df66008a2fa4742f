/**
 * The packed plugin ships type declarations for its public exports and a LICENSE: `npm run build`,
 * `npm pack`, then a store-like consumer importing `medusa-payment-vorexy/gateway` type-checks with
 * `strict` and Node16 resolution against the unpacked tarball (its other dependencies are this
 * checkout's, by symlink).
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

jest.setTimeout(180_000)

const root = join(__dirname, "..", "..")
const work = mkdtempSync(join(tmpdir(), "vorexy-pack-"))
const run = (command: string, args: string[], cwd = root) =>
  execFileSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, MEDUSA_DISABLE_TELEMETRY: "true", NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  })

const CONSUMER = `import { VorexyClient, toCents } from "medusa-payment-vorexy/gateway"

const cents: number = toCents("19.99")
export const client: VorexyClient = new VorexyClient({
  baseUrl: "https://vorexy.invalid",
  clientId: "client",
  apiKey: "key",
})
// @ts-expect-error toCents answers a number: the declarations are real types, not any
export const wrong: string = toCents(cents)
`

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    module: "node16",
    moduleResolution: "node16",
    target: "es2022",
    noEmit: true,
    types: ["node"],
    // As a Medusa store has it; checking zod's and Node's own declarations would take most of the
    // run. The build (declaration: true) already fails on a declaration it cannot emit.
    skipLibCheck: true,
  },
  files: ["index.ts"],
}

afterAll(() => rmSync(work, { recursive: true, force: true }))

it("packs declarations and a LICENSE that a strict store type-checks against", () => {
  run("npm", ["run", "build"])
  run("npm", ["pack", "--pack-destination", work])
  const tarball = join(
    work,
    readdirSync(work).find((f) => f.endsWith(".tgz"))!
  )
  const files = run("tar", ["-tzf", tarball]).split("\n")
  expect(files).toEqual(
    expect.arrayContaining([
      "package/LICENSE",
      "package/.medusa/server/src/gateway/index.d.ts",
      "package/.medusa/server/src/gateway/client.d.ts",
      "package/.medusa/server/src/gateway/money.d.ts",
    ])
  )

  const consumer = join(work, "consumer")
  const installed = join(consumer, "node_modules", "medusa-payment-vorexy")
  mkdirSync(installed, { recursive: true })
  run("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"])
  for (const dependency of readdirSync(join(root, "node_modules")))
    if (!["medusa-payment-vorexy", ".bin", ".package-lock.json"].includes(dependency))
      symlinkSync(
        join(root, "node_modules", dependency),
        join(consumer, "node_modules", dependency)
      )
  writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "store", private: true }))
  writeFileSync(join(consumer, "tsconfig.json"), JSON.stringify(TSCONFIG))
  writeFileSync(join(consumer, "index.ts"), CONSUMER)

  const tsc = join(root, "node_modules", "typescript", "bin", "tsc")
  let diagnostics = ""
  try {
    run(process.execPath, [tsc, "-p", "tsconfig.json"], consumer)
  } catch (error) {
    diagnostics = String((error as { stdout?: string }).stdout ?? error)
  }
  expect(diagnostics).toBe("")
})
