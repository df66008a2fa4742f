import {
  addNamedImport,
  block,
  insertAfter,
  insertBefore,
  replaceOnce,
  requireCode,
} from "../text-edit"
import type { FileEdit } from "../types"

const BUTTON = `
// medusa-payment-vorexy: places the order (the charge was made with the session); the order page
// then shows how to pay. placeOrder returns why the order was not placed (a declined card).
const VorexyPaymentButton = ({
  notReady,
  "data-testid": dataTestId,
}: {
  notReady: boolean
  "data-testid"?: string
}) => {
  const [submitting, setSubmitting] = useState(false)
  const [errorMessage, setErrorMessage] = useState<string | null>(null)

  const handlePayment = async () => {
    setSubmitting(true)
    setErrorMessage(null)
    await placeOrder()
      .then((result) => setErrorMessage(result?.error ?? null))
      .catch((err) => setErrorMessage(err instanceof Error ? err.message : String(err)))
      .finally(() => setSubmitting(false))
  }

  return (
    <>
      <Button
        disabled={notReady}
        isLoading={submitting}
        onClick={handlePayment}
        size="large"
        data-testid={dataTestId ?? "submit-order-button"}
      >
        Place order
      </Button>
      <ErrorMessage
        error={errorMessage && shopperMessage(errorMessage, "pt-BR")}
        data-testid="vorexy-payment-error-message"
      />
    </>
  )
}

`

// What the button is made of, as the manual provider's button has it.
const USES: [string, RegExp][] = [
  [
    'import { placeOrder } from "@lib/data/cart"',
    /import \{[^}]*\bplaceOrder\b[^}]*\} from "@lib\/data\/cart"/,
  ],
  ["import ErrorMessage from …", /import ErrorMessage from /],
  ["import { Button } from …", /import \{[^}]*\bButton\b[^}]*\} from /],
  ['import React, { useState } from "react"', /import [^\n]*\buseState\b[^\n]*from "react"/],
]

/** src/modules/checkout/components/payment-button/index.tsx: a button for Vorexy sessions. */
export const paymentButtonEdit: FileEdit = {
  kind: "edit",
  path: "src/modules/checkout/components/payment-button/index.tsx",
  steps: [
    {
      what: "imports isVorexy",
      marker: /import \{[^}]*\bisVorexy\b[^}]*\} from "@lib\/constants"/,
      apply: (text) => addNamedImport(text, "@lib/constants", "isVorexy"),
    },
    {
      what: "imports shopperMessage (the plugin's errors in the shopper's words)",
      marker: 'import { shopperMessage } from "medusa-payment-vorexy/storefront/client"',
      apply: (text) =>
        insertAfter(
          text,
          'import { … } from "@lib/constants"',
          /import \{[^}]*\} from "@lib\/constants"\n/,
          'import { shopperMessage } from "medusa-payment-vorexy/storefront/client"\n'
        ),
    },
    {
      what: "a case for Vorexy sessions in PaymentButton's switch",
      marker: "case isVorexy(paymentSession?.provider_id):",
      apply: (text) =>
        replaceOnce(
          text,
          "switch (true) { … default: return <Button disabled>",
          /\n([ \t]*)default:\n\s*return <Button disabled>/,
          (m) =>
            `\n${m[1]}case isVorexy(paymentSession?.provider_id):\n` +
            `${m[1]}  return (\n` +
            `${m[1]}    <VorexyPaymentButton notReady={notReady} data-testid={dataTestId} />\n` +
            `${m[1]}  )` +
            m[0]
        ),
    },
    {
      what: "VorexyPaymentButton: places the order and shows placeOrder's error by the button",
      marker: "const VorexyPaymentButton = ",
      apply: (text) => {
        for (const [anchor, pattern] of USES) requireCode(text, anchor, pattern)
        return insertBefore(
          text,
          "export default PaymentButton",
          /export default PaymentButton\b/,
          block(BUTTON, "")
        )
      },
    },
  ],
}
