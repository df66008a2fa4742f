import { readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { CHANGES } from "../starter"
import { cli, readTree, starterTree, writeTree } from "./tree"

const VERSION = JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "package.json"), "utf8"))
  .version as string

const roots: string[] = []
const tree = (files?: Record<string, string>) => {
  const root = starterTree(files)
  roots.push(root)
  return root
}
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })))

it("applies every edit, names each file and what changed, and installs this version", () => {
  const root = tree()
  const before = readTree(root)
  const { code, output, installs } = cli(["starter"], root)
  expect(code).toBe(0)
  const after = readTree(root)
  for (const change of CHANGES) {
    expect(after[change.path]).toBeDefined()
    expect(after[change.path]).not.toBe(before[change.path])
    expect(output).toContain(change.path)
  }
  expect(output).toMatch(/changed +src\/lib\/constants\.tsx/)
  expect(output).toMatch(/added +src\/modules\/order\/components\/vorexy-payment\/index\.tsx/)
  expect(output).toContain("initiatePaymentSession returns { error }")
  expect(installs).toEqual([`.: npm install medusa-payment-vorexy@${VERSION}`])

  expect(after["src/lib/constants.tsx"]).toContain('"pp_vorexy-boleto_vorexy": {')
  expect(after["src/lib/constants.tsx"]).toContain('title: "Cartão de crédito"')
  expect(after["src/lib/data/cart.ts"]).toContain(
    'address_2: formData.get("billing_address.address_2") ?? ""'
  )
  expect(after["src/lib/data/cart.ts"]).toContain("error: cartRes.error?.message ?? null")
  expect(after["src/lib/data/cart.ts"]).not.toMatch(
    /initiatePaymentSession[\s\S]*?\.catch\(medusaError\)\n\}/
  )
  expect(after["src/lib/data/orders.ts"]).toContain('cache: "no-store"')
  // listOrders is not retrieveOrder: left cached
  expect(after["src/lib/data/orders.ts"].match(/force-cache/g)).toHaveLength(1)
  expect(after["src/modules/checkout/components/payment/index.tsx"]).toContain(
    "await vorexyFields.current?.sessionData()"
  )
  expect(after["src/app/layout.tsx"]).toContain(
    'import "medusa-payment-vorexy/storefront/styles.css"'
  )
})

it("changes nothing the second time, and says so", () => {
  const root = tree()
  expect(cli(["starter", root]).code).toBe(0)
  // The install added the package; a real one writes package.json.
  writeFileSync(
    join(root, "package.json"),
    JSON.stringify({ dependencies: { "medusa-payment-vorexy": VERSION } })
  )
  const once = readTree(root)
  const again = cli(["starter", root])
  expect(again.code).toBe(0)
  expect(readTree(root)).toEqual(once)
  expect(again.installs).toEqual([])
  expect(again.output).toContain("Nothing to change")
  expect(again.output).not.toMatch(/^ +(changed|added)/m)
  expect(again.output).toContain("is a dependency already")
})

it("replaces the order view an earlier release wrote, and never one edited by hand", () => {
  const earlier = readFileSync(join(__dirname, "fixture", "order-payment-0.1.0.txt"), "utf8")
  const path = "src/modules/order/components/vorexy-payment/index.tsx"
  const upgraded = tree()
  expect(cli(["starter", upgraded]).code).toBe(0)
  const current = readTree(upgraded)[path]
  writeFileSync(join(upgraded, path), earlier)
  const rerun = cli(["starter", upgraded, "--no-install"])
  expect(rerun.code).toBe(0)
  expect(rerun.output).toContain("replaces an earlier release's version")
  expect(readTree(upgraded)[path]).toBe(current)

  const mine = tree()
  expect(cli(["starter", mine]).code).toBe(0)
  writeFileSync(join(mine, path), earlier.replace("VorexyPayment", "VorexyPayment /* mine */"))
  const kept = cli(["starter", mine, "--no-install"])
  expect(kept.code).toBe(1)
  expect(kept.output).toContain(`✗ ${path}: exists already, with other content`)
})

it("on a tree it does not recognise, changes nothing and names the file and the anchor", () => {
  const root = tree()
  const path = "src/modules/checkout/components/payment-button/index.tsx"
  const edited = readFileSync(join(root, path), "utf8").replace(
    "export default PaymentButton",
    "export { PaymentButton }"
  )
  writeFileSync(join(root, path), edited)
  const before = readTree(root)
  const { code, output, installs } = cli(["starter", root])
  expect(code).toBe(1)
  expect(readTree(root)).toEqual(before)
  expect(installs).toEqual([])
  expect(output).toContain(`✗ ${path}: anchor not found: export default PaymentButton`)
  expect(output).toContain("Nothing was changed")
  expect(output).toContain("dtc-starter 9233262")
})

it("refuses a missing file, and a file edited for Vorexy by hand", () => {
  const root = tree()
  rmSync(join(root, "src/lib/data/orders.ts"))
  writeTree(root, {
    "src/lib/constants.tsx":
      readFileSync(join(root, "src/lib/constants.tsx"), "utf8") +
      'export const isPix = (id?: string) => id === "pp_vorexy-pix_vorexy"\n',
  })
  const before = readTree(root)
  const { code, output } = cli(["starter", root, "--no-install"])
  expect(code).toBe(1)
  expect(readTree(root)).toEqual(before)
  expect(output).toContain("✗ src/lib/data/orders.ts: file not found")
  expect(output).toContain("✗ src/lib/constants.tsx: already mentions Vorexy")
})

it("refuses a file half edited (one of its edits there, another not)", () => {
  const root = tree()
  expect(cli(["starter", root, "--no-install"]).code).toBe(0)
  const path = join(root, "src/lib/data/orders.ts")
  writeFileSync(
    path,
    readFileSync(path, "utf8")
      .replace('cache: "no-store"', 'cache: "force-cache"')
      .replace(/ *\/\/ medusa-payment-vorexy.*\n.*\n/, "")
  )
  const before = readTree(root)
  const { code, output } = cli(["starter", root, "--no-install"])
  expect(code).toBe(1)
  expect(readTree(root)).toEqual(before)
  expect(output).toContain("src/lib/data/orders.ts: edited before, but not as this command does")
})

it("--dry-run writes and installs nothing, and says what it would do", () => {
  const root = tree()
  const before = readTree(root)
  const { code, output, installs } = cli(["starter", root, "--dry-run"])
  expect(code).toBe(0)
  expect(readTree(root)).toEqual(before)
  expect(installs).toEqual([])
  expect(output).toMatch(/would be changed src\/lib\/data\/cart\.ts/)
  expect(output).toContain(`would run npm install medusa-payment-vorexy@${VERSION}`)
  expect(output).toContain("Dry run: nothing was written or installed.")
})

it("installs --package instead, with the storefront's package manager, or not at all", () => {
  const pnpm = tree()
  writeFileSync(join(pnpm, "pnpm-lock.yaml"), "lockfileVersion: '9.0'\n")
  expect(
    cli(["starter", "--package", "/tmp/medusa-payment-vorexy-0.1.0.tgz"], pnpm).installs
  ).toEqual([".: pnpm add /tmp/medusa-payment-vorexy-0.1.0.tgz"])
  const skipped = cli(["starter", tree(), "--no-install"])
  expect(skipped.installs).toEqual([])
  expect(skipped.output).toContain("skipped   the install (--no-install)")
})

it("finds the storefront under a dtc-starter root (apps/storefront), and uses the root lockfile", () => {
  const monorepo = tree({ "pnpm-lock.yaml": "lockfileVersion: '9.0'\n" })
  const files = readTree(tree())
  writeTree(
    monorepo,
    Object.fromEntries(Object.entries(files).map(([p, c]) => [`apps/storefront/${p}`, c]))
  )
  const { code, installs } = cli(["starter"], monorepo)
  expect(code).toBe(0)
  expect(installs).toEqual([`apps/storefront: pnpm add medusa-payment-vorexy@${VERSION}`])
  expect(readTree(monorepo)["apps/storefront/src/lib/vorexy/client.ts"]).toContain(
    "createVorexyClient"
  )
})

it("prints help, and refuses unknown options", () => {
  const help = cli(["--help"])
  expect(help.code).toBe(0)
  expect(help.output).toContain("Usage: npx medusa-payment-vorexy starter [dir]")
  expect(help.output).toContain("--dry-run")
  expect(help.output).toContain("dtc-starter 9233262")
  expect(cli(["starter", "--frobnicate"]).code).toBe(2)
  expect(cli(["build"]).output).toContain('unknown command "build"')
})

it("installs a tarball given by a path relative to where it is run", () => {
  const root = tree({ ...readTree(tree()), "medusa-payment-vorexy-0.1.0.tgz": "tarball" })
  const { installs } = cli(["starter", ".", "--package", "./medusa-payment-vorexy-0.1.0.tgz"], root)
  expect(installs).toEqual([`.: npm install ${join(root, "medusa-payment-vorexy-0.1.0.tgz")}`])
})

it("refuses a file it would add that exists with other content, and an anchor found twice", () => {
  const root = tree()
  const layout = readFileSync(join(root, "src/app/layout.tsx"), "utf8")
  writeTree(root, {
    "src/lib/vorexy/client.ts": "export const vorexyClient = null\n",
    "src/app/layout.tsx": layout.replace(
      'import "styles/globals.css"\n',
      'import "styles/globals.css"\nimport "styles/globals.css"\n'
    ),
  })
  const before = readTree(root)
  const { code, output } = cli(["starter", root, "--no-install"])
  expect(code).toBe(1)
  expect(readTree(root)).toEqual(before)
  expect(output).toContain("✗ src/lib/vorexy/client.ts: exists already, with other content")
  expect(output).toContain(
    '✗ src/app/layout.tsx: anchor found 2× (once expected): import "styles/globals.css"'
  )
})

it("checks everything before writing: a folder it needs that is a file, or a broken package.json, changes nothing", () => {
  const blocked = tree()
  writeFileSync(join(blocked, "src/lib/vorexy"), "not a folder")
  const before = readTree(blocked)
  const first = cli(["starter"], blocked)
  expect(first.code).toBe(1)
  expect(first.output).toContain("src/lib/vorexy is a file, not a folder")
  expect(readTree(blocked)).toEqual(before)

  const broken = tree()
  writeFileSync(join(broken, "package.json"), "{ not json")
  const brokenBefore = readTree(broken)
  const second = cli(["starter"], broken)
  expect(second.code).toBe(1)
  expect(second.output).toMatch(/package\.json: not valid JSON/)
  expect(readTree(broken)).toEqual(brokenBefore)
  expect(second.installs).toEqual([])
})

it("edits a checkout with Windows line endings, keeping them", () => {
  const root = tree()
  for (const [path, text] of Object.entries(readTree(root)))
    writeFileSync(join(root, path), text.replace(/\n/g, "\r\n"))
  const { code } = cli(["starter"], root)
  expect(code).toBe(0)
  const after = readTree(root)
  const constants = after["src/lib/constants.tsx"]
  expect(constants).toContain('"pp_vorexy-pix_vorexy"')
  expect(constants.replace(/\r\n/g, "")).not.toContain("\n")
  // Run again (--no-install: the fake install wrote no package.json): every edit is there.
  const again = cli(["starter", "--no-install"], root)
  expect(again.output).not.toMatch(/^ +(changed|added)/m)
  expect(readTree(root)).toEqual(after)
})
