import { block, insertBefore, replaceOnce, within } from "../text-edit"
import type { FileEdit, Step } from "../types"

const ACTION_ERROR = `
// medusa-payment-vorexy: in a production build Next.js replaces the message of an error thrown by
// a server action with a generic one, so the errors the shopper must read (a CPF typo, a missing
// address part, a refused card) are returned instead.
function actionErrorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : typeof err === "string" ? err : ""
  return message || "Something went wrong. Please try again."
}

`

const INITIATE = "export async function initiatePaymentSession("
const PLACE_ORDER = "export async function placeOrder("
const SET_ADDRESSES = "export async function setAddresses("

const returnsErrors: Step = {
  what: "initiatePaymentSession returns { error } instead of throwing it",
  marker: "function actionErrorMessage(",
  apply: (text) => {
    const edited = within(text, INITIATE, INITIATE, (body) =>
      replaceOnce(
        body,
        "initiatePaymentSession: .then(… return resp …).catch(medusaError)",
        /\n([ \t]*)return resp\n([ \t]*)\}\)\n([ \t]*)\.catch\(medusaError\)/,
        ([, inner, close, chain]) =>
          `\n${inner}return { ...resp, error: null }\n${close}})\n` +
          `${chain}.catch((err: unknown) => ({\n` +
          `${chain}  payment_collection: null,\n` +
          `${chain}  error: actionErrorMessage(err),\n` +
          `${chain}}))`
      )
    )
    return insertBefore(edited, INITIATE, INITIATE, block(ACTION_ERROR, ""))
  },
}

const placeOrderError: Step = {
  what: "placeOrder returns the cart's error message (a declined card) instead of dropping it",
  marker: "error: cartRes.error?.message ?? null",
  apply: (text) =>
    within(text, PLACE_ORDER, PLACE_ORDER, (body) =>
      replaceOnce(
        body,
        "placeOrder: return cartRes.cart",
        /\n([ \t]*)return cartRes\.cart\n/,
        ([, i]) =>
          `\n${i}// medusa-payment-vorexy: the reason the order was not placed, for the button\n` +
          `${i}return { cart: cartRes.cart, error: cartRes.error?.message ?? null }\n`
      )
    ),
}

function keepsNeighbourhood(prefix: "shipping_address" | "billing_address"): Step {
  return {
    what: `setAddresses keeps ${prefix}.address_2 (Bairro)`,
    marker: `formData.get("${prefix}.address_2")`,
    apply: (text) =>
      within(text, SET_ADDRESSES, SET_ADDRESSES, (body) =>
        replaceOnce(
          body,
          `setAddresses: address_2: "" after ${prefix}.address_1`,
          new RegExp(
            `(address_1: formData\\.get\\("${prefix}\\.address_1"\\),\\n([ \\t]*))address_2: "",`
          ),
          ([, before]) => `${before}address_2: formData.get("${prefix}.address_2") ?? "",`
        )
      ),
  }
}

/** src/lib/data/cart.ts: errors the shopper reads are returned; the neighbourhood is kept. */
export const cartEdit: FileEdit = {
  kind: "edit",
  path: "src/lib/data/cart.ts",
  steps: [
    returnsErrors,
    placeOrderError,
    keepsNeighbourhood("shipping_address"),
    keepsNeighbourhood("billing_address"),
  ],
}
