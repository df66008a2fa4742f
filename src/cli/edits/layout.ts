import { insertAfter } from "../text-edit"
import type { FileEdit } from "../types"

/** src/app/layout.tsx: the components' stylesheet, once, after the starter's own. */
export const layoutEdit: FileEdit = {
  kind: "edit",
  path: "src/app/layout.tsx",
  steps: [
    {
      what: "imports medusa-payment-vorexy/storefront/styles.css",
      marker: 'import "medusa-payment-vorexy/storefront/styles.css"',
      apply: (text) =>
        insertAfter(
          text,
          'import "styles/globals.css"',
          /import "styles\/globals\.css"\n/,
          'import "medusa-payment-vorexy/storefront/styles.css"\n'
        ),
    },
  ],
}
