/**
 * The layer rules of CONTRIBUTING.md, as eslint.config.mjs enforces them: synthetic files at real
 * paths, linted with the project's own config, are refused exactly the imports their layer may not
 * make. ESLint loads its config with import(), which Jest's module system cannot do without
 * --experimental-vm-modules: its Node API runs in a child process, once for every case.
 */
import { execFileSync } from "node:child_process"
import { join } from "node:path"

jest.setTimeout(60_000)

const root = join(__dirname, "..", "..")

/** [file (from the root), code, what its one layer error says, or null when it has none]. */
const CASES: Array<[string, string, string | null]> = [
  // Refused.
  ["src/gateway/x.ts", 'import { MedusaError } from "@medusajs/framework/utils"', "@medusajs/*"],
  ["src/gateway/x.ts", 'import type { Logger } from "@medusajs/framework/types"', "@medusajs/*"],
  [
    "src/modules/vorexy/x.ts",
    'import { adoptedSessionData } from "../../providers/vorexy/core/adopt-session"',
    "modules/ may import only providers/vorexy/options",
  ],
  [
    "src/api/x.ts",
    'import { initialSessionData } from "../providers/vorexy/core/payer-session"',
    "api/ may import only",
  ],
  [
    "src/api/store/vorexy/x/route.ts",
    'import { cardMethod } from "../../../../providers/vorexy/core/methods/card"',
    "api/ may import only",
  ],
  [
    "src/workflows/steps/x.ts",
    'import { errorsFor } from "../../providers/vorexy/core/errors"',
    "workflows/ may import only providers/vorexy/provider-ids",
  ],
  [
    "src/providers/vorexy/core/x.ts",
    'import { VOREXY_MODULE } from "../../../modules/vorexy"',
    "providers/ may not import modules/",
  ],
  // Upward: not even types.
  [
    "src/reconciliation/x.ts",
    'import type { SessionBody } from "../api/utils/checkout-context"',
    "reconciliation/ may not import api/",
  ],
  [
    "src/jobs/x.ts",
    'import { toCents } from "../gateway"',
    "jobs/ may not import gateway/ but for types",
  ],
  [
    "src/storefront/react/x.ts",
    'import { toCents } from "../../gateway/money.js"',
    "storefront/ may import only gateway/documents",
  ],
  [
    "src/cli/x.ts",
    'import { formatBRL } from "../storefront/format.js"',
    "cli/ may not import storefront/",
  ],
  ["src/cli/edits/x.ts", 'import React from "react"', "cli/ imports Node's own modules only"],
  [
    "src/api/utils/x.ts",
    'import { formatBRL } from "../../admin/lib/format"',
    "api/ may not import admin/",
  ],
  // Allowed.
  ["src/api/x.ts", 'import { isVorexyProviderId } from "../providers/vorexy/provider-ids"', null],
  [
    "src/modules/vorexy/x.ts",
    'import { signingSecrets } from "../../providers/vorexy/options"',
    null,
  ],
  // Types downward are the one exception.
  ["src/workflows/x.ts", 'import type { PayerSeal } from "../providers/vorexy/core/payer"', null],
  ["src/jobs/x.ts", 'import type { MajorAmountInput } from "../gateway"', null],
  // A provider's own siblings, and the gateway under it.
  [
    "src/providers/vorexy/core/x.ts",
    'import { errorsFor } from "./errors"\nimport { toCents } from "../../../gateway"',
    null,
  ],
  ["src/storefront/x.ts", 'import { classifyDocument } from "../gateway/documents.js"', null],
  // api/admin/ is the api's own folder, not the admin UI.
  ["src/api/utils/x.ts", 'import { schema } from "../admin/vorexy/validators"', null],
]

/** Lints every case with ESLint's Node API; per case, its layer messages and any fatal error. */
const LINT = `
import { readFileSync } from "node:fs"
import { ESLint } from "eslint"
const eslint = new ESLint({ cwd: process.cwd() })
const out = []
for (const [filePath, code] of JSON.parse(readFileSync(0, "utf8"))) {
  const [result] = await eslint.lintText(code + "\\n", { filePath })
  out.push(result.messages
    .filter((m) => m.fatal || m.ruleId === "no-restricted-imports")
    .map((m) => m.message))
}
process.stdout.write(JSON.stringify(out))
`

let results: string[][]
beforeAll(() => {
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", LINT], {
    cwd: root,
    input: JSON.stringify(CASES.map(([file, code]) => [join(root, file), code])),
    encoding: "utf8",
  })
  results = JSON.parse(output)
})

describe("the layer rules (eslint.config.mjs)", () => {
  it.each(CASES.map((c, i) => [...c, i] as const))("%s: %s", (_file, _code, expected, index) => {
    const messages = results[index]
    if (expected === null) expect(messages).toEqual([])
    else expect(messages).toEqual([expect.stringContaining(expected)])
  })
})
