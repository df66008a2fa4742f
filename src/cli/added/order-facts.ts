import type { NewFile } from "../types"

/** src/lib/vorexy/order.ts: what the order pages read of a Vorexy payment. */
export const orderFacts: NewFile = {
  kind: "new",
  path: "src/lib/vorexy/order.ts",
  what: "isAwaitingVorexyPayment(order) and vorexyPaymentFacts(order), for the order pages",
  content: `// Written by medusa-payment-vorexy (npx medusa-payment-vorexy starter).
import { isVorexy } from "@lib/constants"
import { HttpTypes } from "@medusajs/types"

type PaymentRecord = {
  provider_id: string
  data?: Record<string, unknown> | null
  created_at?: string | Date | null
}

export type VorexyPaymentFacts = {
  providerId: string
  digitableLine: string | null
  boletoUrl: string | null
  cardBrand: string | null
  cardLast4: string | null
}

// The order is paid (or refunded): the starter's own "Thank you!" page applies.
const SETTLED = ["captured", "partially_captured", "refunded", "partially_refunded"]

const time = (record: PaymentRecord) => new Date(record.created_at ?? 0).getTime() || 0

function newest(records: PaymentRecord[]): PaymentRecord | null {
  const vorexy = records.filter((record) => isVorexy(record.provider_id))
  // Stable: without dates, the last one listed wins.
  return vorexy.reduce<PaymentRecord | null>(
    (found, record) => (!found || time(record) >= time(found) ? record : found),
    null
  )
}

/** The order's Vorexy payment or, while there is none (awaiting), its newest Vorexy session. */
function vorexyRecord(order: HttpTypes.StoreOrder): PaymentRecord | null {
  const collections = order.payment_collections ?? []
  const payments: PaymentRecord[] = collections.flatMap((c) => c.payments ?? [])
  const sessions: PaymentRecord[] = collections.flatMap((c) => c.payment_sessions ?? [])
  return newest(payments) ?? newest(sessions)
}

/** A Vorexy order the store has not captured yet: its page shows how to pay. */
export function isAwaitingVorexyPayment(order: HttpTypes.StoreOrder): boolean {
  return !!vorexyRecord(order) && !SETTLED.includes(String(order.payment_status))
}

const text = (value: unknown) =>
  typeof value === "string" && value.trim() ? value.trim() : null

/** The boleto line and PDF, or the card brand and last 4, of the order's Vorexy payment. */
export function vorexyPaymentFacts(order: HttpTypes.StoreOrder): VorexyPaymentFacts | null {
  const record = vorexyRecord(order)
  if (!record) return null
  const data = record.data ?? {}
  const boletoUrl = text(data.boleto_url)
  return {
    providerId: record.provider_id,
    digitableLine: text(data.digitable_line),
    boletoUrl: boletoUrl && /^https?:\\/\\//i.test(boletoUrl) ? boletoUrl : null,
    cardBrand: text(data.card_brand),
    cardLast4: text(data.card_last4),
  }
}
`,
}
