import { block, replaceOnce } from "../text-edit"
import type { FileEdit, Step } from "../types"

type Prefix = "shipping_address" | "billing_address"

/** A line `"<prefix>.address_2": <source>?.address_2 || "",` after the address_1 one. */
function stateLine(prefix: Prefix, source: string, where: string): Step {
  const from = source.replace(/[.?]/g, "\\$&")
  return {
    what: `${prefix}.address_2 in the form's ${where}`,
    marker: `"${prefix}.address_2": ${source}?.address_2`,
    apply: (text) =>
      replaceOnce(
        text,
        `${where}: "${prefix}.address_1": ${source}?.address_1 || ""`,
        new RegExp(`\\n([ \\t]*)"${prefix}\\.address_1": ${from}\\?\\.address_1 \\|\\| "",`),
        (m) => `${m[0]}\n${m[1]}"${prefix}.address_2": ${source}?.address_2 || "",`
      ),
  }
}

const input = (prefix: Prefix, testId: string) => `
<Input
  label="Bairro"
  name="${prefix}.address_2"
  autoComplete="address-level3"
  value={formData["${prefix}.address_2"]}
  onChange={handleChange}
  data-testid="${testId}"
/>`

function neighbourhoodInput(prefix: Prefix, addressTestId: string, testId: string): Step {
  return {
    what: `a "Bairro" (neighbourhood) input after the address, stored in ${prefix}.address_2`,
    marker: `name="${prefix}.address_2"`,
    apply: (text) =>
      replaceOnce(
        text,
        `<Input … data-testid="${addressTestId}" />`,
        new RegExp(`\\n([ \\t]*)<Input\\n[^<]*?data-testid="${addressTestId}"\\n[ \\t]*/>`),
        (m) => m[0] + "\n" + block(input(prefix, testId), m[1]).replace(/\n$/, "")
      ),
  }
}

/** src/modules/checkout/components/shipping-address/index.tsx */
export const shippingAddressEdit: FileEdit = {
  kind: "edit",
  path: "src/modules/checkout/components/shipping-address/index.tsx",
  steps: [
    stateLine("shipping_address", "cart?.shipping_address", "initial state"),
    stateLine("shipping_address", "address", "setFormAddress"),
    neighbourhoodInput("shipping_address", "shipping-address-input", "shipping-address-2-input"),
  ],
}

/** src/modules/checkout/components/billing_address/index.tsx */
export const billingAddressEdit: FileEdit = {
  kind: "edit",
  path: "src/modules/checkout/components/billing_address/index.tsx",
  steps: [
    stateLine("billing_address", "cart?.billing_address", "initial state"),
    neighbourhoodInput("billing_address", "billing-address-input", "billing-address-2-input"),
  ],
}
