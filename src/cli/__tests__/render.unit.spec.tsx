// The components the command adds (and the order pages it edits) render on the server, as Next
// renders them: loaded from the edited fixture tree with the package's real built storefront.
import { existsSync, readFileSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { createElement, type ComponentType, type ReactNode } from "react"
import { renderToString } from "react-dom/server"
import ts from "typescript"
import { builtStorefront } from "./storefront-build"
import { cli, starterTree } from "./tree"

// Node's own loader for the packages (React, the built storefront) the tree imports.
const nodeRequire = createRequire(__filename)
const refresh = jest.fn()
const STUBBED: Record<string, unknown> = {
  "next/navigation": {
    useRouter: () => ({ refresh, push: () => {} }),
    usePathname: () => "/br/checkout",
    redirect: () => {},
  },
  "next/cache": { revalidateTag: () => {} },
  "next/headers": { cookies: async () => ({ get: () => undefined }) },
  "@medusajs/icons": { CreditCard: () => createElement("svg") },
  "@headlessui/react": {
    RadioGroup: ({ children }: { children?: ReactNode }) => createElement("div", null, children),
  },
}

let root: string
beforeAll(() => {
  root = starterTree()
  expect(cli(["starter", "--no-install"], root).code).toBe(0)
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Loads a .ts/.tsx file of the tree as CommonJS, resolving the starter's aliases into it. */
function load(file: string, cache = new Map<string, unknown>()): Record<string, unknown> {
  if (cache.has(file)) return cache.get(file) as Record<string, unknown>
  const { outputText } = ts.transpileModule(readFileSync(file, "utf8"), {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      jsx: ts.JsxEmit.ReactJSX,
      esModuleInterop: true,
      target: ts.ScriptTarget.ES2020,
    },
  })
  const exports: Record<string, unknown> = {}
  cache.set(file, exports)
  const storefront = join(builtStorefront(), "cjs", "storefront")
  const resolveIn = (spec: string): unknown => {
    if (spec in STUBBED) return STUBBED[spec]
    if (spec === "medusa-payment-vorexy/storefront")
      return nodeRequire(join(storefront, "index.js"))
    if (spec === "medusa-payment-vorexy/storefront/client")
      return nodeRequire(join(storefront, "client.js"))
    const local = spec.startsWith("@lib/")
      ? join(root, "src/lib", spec.slice(5))
      : spec.startsWith("@modules/")
        ? join(root, "src/modules", spec.slice(9))
        : spec.startsWith(".")
          ? join(dirname(file), spec)
          : null
    if (!local) return nodeRequire(spec)
    const found = [".ts", ".tsx", "/index.tsx", "/index.ts"]
      .map((ending) => local + ending)
      .find((candidate) => existsSync(candidate))
    if (found) return load(found, cache)
    throw new Error(`cannot resolve ${spec} from ${file}`)
  }
  new Function("require", "exports", "module", "process", outputText)(
    resolveIn,
    exports,
    { exports },
    { env: { NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: "pk_test" } }
  )
  return exports
}

const component = (path: string) =>
  load(join(root, path)).default as ComponentType<Record<string, unknown>>

const boletoOrder = (extra: Record<string, unknown> = {}) => ({
  id: "order_01",
  currency_code: "brl",
  payment_status: "awaiting",
  payment_collections: [
    {
      payments: [],
      payment_sessions: [
        {
          provider_id: "pp_vorexy-boleto_vorexy",
          created_at: "2026-03-10T15:00:00.000Z",
          data: {
            digitable_line: "34191.79001 01043.510047 91020.150008 1 96610000009990",
            boleto_url: "https://boleto.test/b.pdf",
          },
        },
      ],
    },
  ],
  ...extra,
})

it("VorexyOrderPayment renders the payment view (it follows the order in the browser)", () => {
  const html = renderToString(
    createElement(component("src/modules/order/components/vorexy-payment/index.tsx"), {
      orderId: "order_01",
    })
  )
  expect(html).toContain('data-testid="vorexy-order-payment"')
  expect(html).toContain("vorexy-payment")
  expect(html).toContain("Carregando o pagamento")
  expect(refresh).not.toHaveBeenCalled()
})

it("the payment details show the boleto of an order awaiting payment, from its session", () => {
  const html = renderToString(
    createElement(component("src/modules/order/components/payment-details/index.tsx"), {
      order: boletoOrder(),
    })
  )
  expect(html).toContain("34191.79001 01043.510047 91020.150008 1 96610000009990")
  expect(html).toContain('href="https://boleto.test/b.pdf"')
  expect(html).toContain(">Boleto<")
})

it("the payment details show a card's brand and last 4, and survive an order with no payment", () => {
  const order = boletoOrder({
    payment_status: "captured",
    payment_collections: [
      {
        payments: [
          {
            provider_id: "pp_vorexy-card_vorexy",
            data: { card_brand: "Visa", card_last4: "1111" },
          },
        ],
      },
    ],
  })
  const PaymentDetails = component("src/modules/order/components/payment-details/index.tsx")
  const html = renderToString(createElement(PaymentDetails, { order })).replace(/<!-- -->/g, "")
  expect(html).toContain("Visa **** **** **** 1111")
  expect(() =>
    renderToString(createElement(PaymentDetails, { order: { ...order, payment_collections: [] } }))
  ).not.toThrow()
})

it("the confirmed page shows how to pay while awaited, and the starter's thanks once captured", async () => {
  const Template = load(join(root, "src/modules/order/templates/order-completed-template.tsx"))
    .default as (props: { order: unknown }) => Promise<JSX.Element>
  const awaiting = renderToString(await Template({ order: boletoOrder() }))
  expect(awaiting).toContain('data-testid="vorexy-order-payment"')
  expect(awaiting).not.toContain("Thank you!")
  const paid = renderToString(
    await Template({ order: boletoOrder({ payment_status: "captured" }) })
  )
  expect(paid).toContain("Thank you!")
  expect(paid).not.toContain("vorexy-order-payment")
  const manual = boletoOrder({
    payment_collections: [
      { payments: [], payment_sessions: [{ provider_id: "pp_system_default", data: {} }] },
    ],
  })
  expect(renderToString(await Template({ order: manual }))).toContain("Thank you!")
})

it("the payment step shows the Vorexy fields for a Vorexy method, and nothing of them for another", () => {
  const Payment = component("src/modules/checkout/components/payment/index.tsx")
  const cart = (providerId: string) => ({
    id: "cart_01",
    email: "maria@example.com",
    total: 94.9,
    billing_address: { first_name: "Maria", last_name: "Silva", phone: "11987654321" },
    payment_collection: {
      payment_sessions: [{ provider_id: providerId, status: "pending", data: {} }],
    },
  })
  const methods = [{ id: "pp_vorexy-pix_vorexy" }, { id: "pp_system_default" }]
  const pix = renderToString(
    createElement(Payment, { cart: cart("pp_vorexy-pix_vorexy"), availablePaymentMethods: methods })
  )
  expect(pix).toContain('data-testid="vorexy-payment-fields"')
  expect(pix).toContain("CPF ou CNPJ")
  const manual = renderToString(
    createElement(Payment, { cart: cart("pp_system_default"), availablePaymentMethods: methods })
  )
  expect(manual).not.toContain("vorexy-payment-fields")
})
