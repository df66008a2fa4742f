// The edited fixture starter type-checks as the starter does (moduleResolution "node", paths
// @lib/* and @modules/*), against the package's real built storefront types.
import { execFileSync } from "node:child_process"
import { rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { builtStorefront, REPO } from "./storefront-build"
import { STUBS } from "./fixture"
import { cli, starterTree, writeTree } from "./tree"

jest.setTimeout(120_000)

let root: string
afterAll(() => root && rmSync(root, { recursive: true, force: true }))

it("the edited starter files type-check", () => {
  const built = join(builtStorefront(), "cjs", "storefront")
  root = starterTree()
  expect(cli(["starter", "--no-install"], root).code).toBe(0)
  writeTree(join(root, "stubs"), STUBS)
  const modules = join(REPO, "node_modules")
  const config = {
    compilerOptions: {
      target: "es2020",
      lib: ["dom", "dom.iterable", "esnext"],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      esModuleInterop: true,
      module: "esnext",
      moduleResolution: "node",
      isolatedModules: true,
      jsx: "react-jsx",
      types: [],
      baseUrl: "./src",
      paths: {
        "@lib/*": ["lib/*"],
        "@modules/*": ["modules/*"],
        next: ["../stubs/next/index.d.ts"],
        "next/*": ["../stubs/next/*"],
        "@medusajs/js-sdk": ["../stubs/medusajs-js-sdk.d.ts"],
        "@medusajs/icons": ["../stubs/medusajs-icons.d.ts"],
        "@headlessui/react": ["../stubs/headlessui-react.d.ts"],
        "@medusajs/types": [join(modules, "@medusajs/types/dist/index.d.ts")],
        react: [join(modules, "@types/react/index.d.ts")],
        "react/jsx-runtime": [join(modules, "@types/react/jsx-runtime.d.ts")],
        "medusa-payment-vorexy/storefront": [join(built, "index.d.ts")],
        "medusa-payment-vorexy/storefront/client": [join(built, "client.d.ts")],
      },
    },
    include: ["src/**/*.ts", "src/**/*.tsx"],
  }
  writeFileSync(join(root, "tsconfig.json"), JSON.stringify(config, null, 2))
  const tsc = require.resolve("typescript/bin/tsc")
  let output = ""
  try {
    execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.json")], { encoding: "utf8" })
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error)
  }
  expect(output).toBe("")
})
