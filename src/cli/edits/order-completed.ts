import { indent, insertAfter, replaceOnce } from "../text-edit"
import type { FileEdit } from "../types"

/** src/modules/order/templates/order-completed-template.tsx: how to pay, until the order is paid. */
export const orderCompletedEdit: FileEdit = {
  kind: "edit",
  path: "src/modules/order/templates/order-completed-template.tsx",
  steps: [
    {
      what: "imports VorexyOrderPayment and isAwaitingVorexyPayment",
      marker: 'import VorexyOrderPayment from "@modules/order/components/vorexy-payment"',
      apply: (text) =>
        insertAfter(
          text,
          'import PaymentDetails from "@modules/order/components/payment-details"',
          /import PaymentDetails from "@modules\/order\/components\/payment-details"\n/,
          'import VorexyOrderPayment from "@modules/order/components/vorexy-payment"\n' +
            'import { isAwaitingVorexyPayment } from "@lib/vorexy/order"\n'
        ),
    },
    {
      what: 'shows how to pay (QR, boleto, card status) instead of "Thank you!" while a Vorexy payment is awaited',
      marker: "<VorexyOrderPayment orderId={order.id}",
      apply: (text) =>
        replaceOnce(
          text,
          '<Heading level="h1" …><span>Thank you!</span>…</Heading>',
          /\n([ \t]*)(<Heading\s+level="h1"[^>]*>(?:(?!<\/Heading>)[\s\S])*?Thank you!(?:(?!<\/Heading>)[\s\S])*<\/Heading>)/,
          ([, i, heading]) =>
            `\n${i}{isAwaitingVorexyPayment(order) ? (\n` +
            `${i}  <VorexyOrderPayment orderId={order.id} />\n` +
            `${i}) : (\n` +
            `${i}${indent(heading, "  ")}\n` +
            `${i})}`
        ),
    },
  ],
}
