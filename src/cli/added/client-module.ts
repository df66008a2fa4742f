import type { NewFile } from "../types"

/** src/lib/vorexy/client.ts: the one client the Vorexy components share. */
export const clientModule: NewFile = {
  kind: "new",
  path: "src/lib/vorexy/client.ts",
  what: "the Vorexy client (the starter's NEXT_PUBLIC_MEDUSA_* settings)",
  content: `// Written by medusa-payment-vorexy (npx medusa-payment-vorexy starter).
import { createVorexyClient } from "medusa-payment-vorexy/storefront/client"

/** Reads the Store API's Vorexy routes with the storefront's publishable key. */
export const vorexyClient = createVorexyClient({
  baseUrl: process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL ?? "http://localhost:9000",
  publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY!,
})
`,
}
