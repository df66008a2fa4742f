import { block, insertAfter, replaceOnce } from "../text-edit"
import type { FileEdit } from "../types"

const DETAILS = `
{vorexy && (
  <div className="flex flex-col gap-y-2 mt-4" data-testid="vorexy-payment-details">
    {!payment && (
      <Text className="txt-medium text-ui-fg-subtle" data-testid="payment-method">
        {paymentInfoMap[vorexy.providerId]?.title ?? vorexy.providerId}
      </Text>
    )}
    {vorexy.digitableLine && (
      <Text className="txt-medium text-ui-fg-subtle break-all">
        Linha digitável: {vorexy.digitableLine}
      </Text>
    )}
    {vorexy.boletoUrl && (
      <a
        href={vorexy.boletoUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="txt-medium text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
      >
        Boleto (PDF)
      </a>
    )}
    {vorexy.cardLast4 && (
      <Text className="txt-medium text-ui-fg-subtle">
        {vorexy.cardBrand ? \`\${vorexy.cardBrand} \` : ""}**** **** **** {vorexy.cardLast4}
      </Text>
    )}
  </div>
)}`

/** src/modules/order/components/payment-details/index.tsx: the boleto or card facts; no crash. */
export const paymentDetailsEdit: FileEdit = {
  kind: "edit",
  path: "src/modules/order/components/payment-details/index.tsx",
  steps: [
    {
      what: "imports vorexyPaymentFacts",
      marker: 'from "@lib/vorexy/order"',
      apply: (text) =>
        insertAfter(
          text,
          'import { …paymentInfoMap… } from "@lib/constants"',
          /import \{[^}]*\bpaymentInfoMap\b[^}]*\} from "@lib\/constants"\n/,
          'import { vorexyPaymentFacts } from "@lib/vorexy/order"\n'
        ),
    },
    {
      what: "reads the Vorexy facts from the payment or, before there is one, the newest session",
      marker: "const vorexy = vorexyPaymentFacts(order)",
      apply: (text) =>
        replaceOnce(
          text,
          "const payment = order.payment_collections?.[0].payments?.[0]",
          /\n([ \t]*)const payment = order\.payment_collections\?\.\[0\]\??\.payments\?\.\[0\]\n/,
          ([, i]) =>
            `\n${i}const payment = order.payment_collections?.[0]?.payments?.[0]\n` +
            `${i}// medusa-payment-vorexy: boleto line and PDF, or card brand and last 4\n` +
            `${i}const vorexy = vorexyPaymentFacts(order)\n`
        ),
    },
    {
      what: "shows the boleto line and PDF, or the card brand and last 4",
      marker: 'data-testid="vorexy-payment-details"',
      apply: (text) =>
        replaceOnce(
          text,
          '<Divider className="mt-8" />',
          /\n([ \t]*)<Divider className="mt-8" \/>/,
          (m) => "\n" + block(DETAILS, m[1]) + m[0]
        ),
    },
  ],
}
