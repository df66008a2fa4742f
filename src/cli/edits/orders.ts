import { replaceOnce, within } from "../text-edit"
import type { FileEdit } from "../types"

const RETRIEVE = "export const retrieveOrder = "

/** src/lib/data/orders.ts: retrieveOrder reads the sessions (no payment yet) and is never cached. */
export const ordersEdit: FileEdit = {
  kind: "edit",
  path: "src/lib/data/orders.ts",
  steps: [
    {
      what: "retrieveOrder reads *payment_collections.payment_sessions (an awaiting order has no payment)",
      marker: "*payment_collections.payment_sessions",
      apply: (text) =>
        within(text, RETRIEVE, RETRIEVE, (body) =>
          replaceOnce(
            body,
            'retrieveOrder: fields "*payment_collections.payments,…"',
            '"*payment_collections.payments,',
            () => '"*payment_collections.payments,*payment_collections.payment_sessions,'
          )
        ),
    },
    {
      what: 'retrieveOrder uses cache: "no-store" (the confirmed page re-reads the order once paid)',
      marker: "// medusa-payment-vorexy: re-read on each render",
      apply: (text) =>
        within(text, RETRIEVE, RETRIEVE, (body) =>
          replaceOnce(
            body,
            'retrieveOrder: cache: "force-cache"',
            /\n([ \t]*)cache: "force-cache",/,
            ([, i]) =>
              `\n${i}// medusa-payment-vorexy: re-read on each render, so the confirmed page shows the\n` +
              `${i}// order as paid as soon as it is\n` +
              `${i}cache: "no-store",`
          )
        ),
    },
  ],
}
