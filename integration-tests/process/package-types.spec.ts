/**
 * The packed plugin ships type declarations for its public exports and a LICENSE: `npm run build`,
 * `npm pack`, then a store-like consumer importing `medusa-payment-vorexy/gateway` and the
 * storefront entry points (`/storefront`, `/storefront/client`, from CommonJS and from ESM)
 * type-checks with `strict` and Node16 resolution against the unpacked tarball (its other
 * dependencies are this checkout's, by symlink), and both storefront builds load in Node.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { strictStore, typeCheck } from "../helpers/strict-store"
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

/** A CommonJS store file (the consumer has no "type": "module"): the `require` conditions. */
const STOREFRONT_CJS = `import { createElement } from "react"
import { VorexyPix, VorexyPayerForm, formatDocument } from "medusa-payment-vorexy/storefront"
import type { VorexyPayer, VorexyPaymentStatus } from "medusa-payment-vorexy/storefront"
import { createVorexyClient, sessionData } from "medusa-payment-vorexy/storefront/client"

declare const status: VorexyPaymentStatus
export const client = createVorexyClient({ baseUrl: "https://api.store.test", publishableKey: "pk" })
export const pix = createElement(VorexyPix, { status, locale: "en" })
const payer: VorexyPayer = {
  name: "Maria",
  email: "maria@example.com",
  document: formatDocument("52998224725"),
  phone: "11987654321",
}
export const data: Record<string, string | number> = sessionData(payer)
// @ts-expect-error locale is "pt-BR" | "en": the declarations are real types, not any
export const wrong = createElement(VorexyPayerForm, { value: payer, onChange: () => {}, locale: "fr" })
`

/** An ES module store file: the "import" conditions. */
const STOREFRONT_ESM = `import { createVorexyClient, type VorexyClient } from "medusa-payment-vorexy/storefront/client"
import { VorexyCardForm, useVorexyStatus } from "medusa-payment-vorexy/storefront"

export const client: VorexyClient = createVorexyClient({ baseUrl: "https://x.test", publishableKey: "pk" })
export const hook: typeof useVorexyStatus = useVorexyStatus
export const form: typeof VorexyCardForm = VorexyCardForm
// @ts-expect-error status() needs a target
export const missing = client.status()
`

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
      "package/.medusa/storefront/styles.css",
      "package/.medusa/storefront/esm/package.json",
      "package/.medusa/storefront/esm/storefront/index.d.ts",
      "package/.medusa/storefront/cjs/storefront/client.d.ts",
      "package/.medusa/storefront/cjs/gateway/documents.js",
    ])
  )
  // Tests and the build script stay out of the package; the backend build skips the storefront.
  expect(files.filter((f) => /__tests__|build\.mjs|server\/src\/storefront/.test(f))).toEqual([])

  const consumer = join(work, "consumer")
  strictStore(
    consumer,
    (installed) => run("tar", ["-xzf", tarball, "-C", installed, "--strip-components=1"]),
    {
      "index.ts": CONSUMER,
      "storefront.ts": STOREFRONT_CJS,
      "storefront-esm.mts": STOREFRONT_ESM,
    }
  )
  const diagnostics = typeCheck(consumer)
  expect(diagnostics).toBe("")

  // Both builds load: require() picks the CommonJS one, import the ES module one.
  const load = (...args: string[]) => run(process.execPath, args, consumer).trim()
  const probe = "m.formatDocument('11222333000181') + ' ' + typeof m.VorexyPix"
  expect(
    load("-e", `const m = require("medusa-payment-vorexy/storefront"); console.log(${probe})`)
  ).toBe("11.222.333/0001-81 function")
  expect(
    load(
      "--input-type=module",
      "-e",
      `import * as m from "medusa-payment-vorexy/storefront"; console.log(${probe})`
    )
  ).toBe("11.222.333/0001-81 function")
  expect(
    load(
      "-e",
      `console.log(typeof require("medusa-payment-vorexy/storefront/client").createVorexyClient)`
    )
  ).toBe("function")
})
