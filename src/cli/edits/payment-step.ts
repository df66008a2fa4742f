import { addNamedImport, block, replaceOnce } from "../text-edit"
import type { FileEdit } from "../types"

const IMPORTS = `
import { isVorexy } from "@lib/constants"
import { vorexyClient } from "@lib/vorexy/client"
import {
  VorexyPaymentFields,
  type VorexyPaymentFieldsHandle,
} from "medusa-payment-vorexy/storefront"
`

const SUBMIT = `
// medusa-payment-vorexy: the payer (and, for a card, the token made in the browser) is the
// session's data, sent each time; null means the fields already show what to fix.
setError(null)
const vorexyData = isVorexy(selectedPaymentMethod)
  ? await vorexyFields.current?.sessionData()
  : undefined
if (vorexyData === null) {
  return
}

if (!checkActiveSession || vorexyData) {
  const { error: sessionError } = await initiatePaymentSession(cart, {
    provider_id: selectedPaymentMethod,
    data: vorexyData ?? undefined,
  })
  if (sessionError) {
    setError(sessionError)
    return
  }
}`

const FIELDS = `
{isVorexy(selectedPaymentMethod) && (
  <div className="mt-4" data-testid="vorexy-payment-fields">
    <VorexyPaymentFields
      ref={vorexyFields}
      client={vorexyClient}
      providerId={selectedPaymentMethod}
      amountCents={Math.round((cart.total ?? 0) * 100)}
      email={cart.email}
      name={
        [cart.billing_address?.first_name, cart.billing_address?.last_name]
          .filter(Boolean)
          .join(" ") || null
      }
      phone={cart.billing_address?.phone}
      billingAddress={cart.billing_address}
      locale="pt-BR"
      error={error}
      disabled={isLoading}
    />
  </div>
)}`

/** src/modules/checkout/components/payment/index.tsx: the Vorexy fields and the session data. */
export const paymentStepEdit: FileEdit = {
  kind: "edit",
  path: "src/modules/checkout/components/payment/index.tsx",
  steps: [
    {
      what: "imports VorexyPaymentFields, the client and isVorexy (and useRef)",
      marker: 'from "medusa-payment-vorexy/storefront"',
      apply: (text) =>
        replaceOnce(
          addNamedImport(text, "react", "useRef"),
          'import { … } from "react"',
          /import \{[^}]*\} from "react"\n/,
          (m) => m[0] + block(IMPORTS, "")
        ),
    },
    {
      what: "a ref to the Vorexy fields",
      marker: "useRef<VorexyPaymentFieldsHandle>(null)",
      apply: (text) =>
        replaceOnce(
          text,
          "const [error, setError] = useState<string | null>(null)",
          /\n([ \t]*)const \[error, setError\] = useState<string \| null>\(null\)\n/,
          (m) => m[0] + `${m[1]}const vorexyFields = useRef<VorexyPaymentFieldsHandle>(null)\n`
        ),
    },
    {
      what: "handleSubmit sends the fields' session data and shows the error it returns",
      marker: "vorexyFields.current?.sessionData()",
      apply: (text) =>
        replaceOnce(
          text,
          "handleSubmit: if (!checkActiveSession) { await initiatePaymentSession(cart, { provider_id: selectedPaymentMethod }) }",
          /\n([ \t]*)if \(!checkActiveSession\) \{\s*await initiatePaymentSession\(cart, \{\s*provider_id: selectedPaymentMethod,?\s*\}\)\s*\}/,
          (m) => "\n" + block(SUBMIT, m[1]).replace(/\n$/, "")
        ),
    },
    {
      what: "renders VorexyPaymentFields under the methods when a Vorexy one is selected",
      marker: "<VorexyPaymentFields",
      apply: (text) =>
        replaceOnce(
          text,
          "</RadioGroup>",
          /\n([ \t]*)<\/RadioGroup>/,
          (m) => m[0] + "\n" + block(FIELDS, m[1]).replace(/\n$/, "")
        ),
    },
    {
      what: "the step's own error line stays empty for Vorexy (the fields show the error)",
      marker: "isVorexy(selectedPaymentMethod) ? null : error",
      apply: (text) =>
        replaceOnce(
          text,
          '<ErrorMessage error={error} data-testid="payment-method-error-message" />',
          /(<ErrorMessage\s+error=\{)error(\}\s+data-testid="payment-method-error-message")/,
          ([, open, close]) => `${open}isVorexy(selectedPaymentMethod) ? null : error${close}`
        ),
    },
  ],
}
