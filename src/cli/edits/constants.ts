import { block, insertAfter, requireCode } from "../text-edit"
import type { FileEdit } from "../types"

const METHODS: [string, string][] = [
  ["pp_vorexy-pix_vorexy", "PIX"],
  ["pp_vorexy-boleto_vorexy", "Boleto"],
  ["pp_vorexy-card_vorexy", "Cartão de crédito"],
]

const ENTRIES = `
// medusa-payment-vorexy: without these, the order pages throw on a Vorexy payment
${METHODS.map(([id, title]) => `"${id}": {\n  title: "${title}",\n  icon: <CreditCard />,\n},`).join("\n")}
`

const IS_VOREXY = `
// medusa-payment-vorexy: PIX, boleto and card
export const isVorexy = (providerId?: string | null) =>
  !!providerId?.startsWith("pp_vorexy-")
`

/** src/lib/constants.tsx: the three methods' titles, and isVorexy(). */
export const constantsEdit: FileEdit = {
  kind: "edit",
  path: "src/lib/constants.tsx",
  steps: [
    {
      what: "PIX, Boleto and Cartão de crédito in paymentInfoMap",
      marker: `"pp_vorexy-pix_vorexy": {`,
      apply: (text) => {
        requireCode(
          text,
          'import { CreditCard } from "@medusajs/icons"',
          /import \{[^}]*\bCreditCard\b[^}]*\} from "@medusajs\/icons"/
        )
        return insertAfter(
          text,
          "export const paymentInfoMap … = {",
          /export const paymentInfoMap\b[^=]*=\s*\{\n/,
          block(ENTRIES, "  ")
        )
      },
    },
    {
      what: "isVorexy(providerId), after isManual",
      marker: "export const isVorexy = ",
      apply: (text) =>
        insertAfter(
          text,
          "export const isManual = (providerId?: string) => { … }",
          /export const isManual = [^\n]*\{\n[\s\S]*?\n\}\n/,
          IS_VOREXY
        ),
    },
  ],
}
