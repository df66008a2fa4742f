/**
 * What a Vorexy payment session's `data` holds. It is readable by the shopper through the Store API,
 * so it carries only what the storefront needs (the QR, its expiry, the amount, the status) plus
 * the sealed payer until the charge exists. No secret, no other shopper's data.
 */
import type { ChargeStatus } from "../../../gateway"
import { MaskedPayer, PAYER_INPUT_KEYS } from "./payer"

export type CheckoutItem = {
  title: string
  unit_price_cents: number
  quantity: number
  tangible: boolean
}

export type VorexySessionData = {
  session_id?: string
  /** Exact major units, e.g. "79.90". */
  amount: string
  amount_cents: number
  currency_code: "brl"
  payment_method: "pix" | "boleto" | "credit_card"
  /** Masked payer, for display. (`payer` is the storefront's input key and is cleared.) */
  payer_display?: MaskedPayer
  /** Full payer data, sealed (kept: a new amount needs a new charge for the same payer). */
  payer_sealed?: string | null
  payer_ip?: string | null
  /** The cart's items, attached server-side at session creation (the gateway's `items`). */
  items?: CheckoutItem[]
  transaction_id?: string
  status?: ChargeStatus
  gateway_status?: string | null
  /** PIX copy-and-paste payload. */
  qr_code?: string
  /** PNG data URL of the same payload, rendered locally. */
  qr_code_image?: string
  expires_at?: string | null
  paid_at?: string | null
  gateway_company_id?: number | null
}

/** Storefront keys that must not stay in the session in clear (the provider's data overrides them). */
export function clearedInputKeys(input: Record<string, unknown> | undefined): Record<string, null> {
  return Object.fromEntries(
    Object.keys(input ?? {})
      .filter((k) => (PAYER_INPUT_KEYS as readonly string[]).includes(k))
      .map((k) => [k, null])
  )
}

export function readSessionData(
  data: Record<string, unknown> | undefined
): Partial<VorexySessionData> {
  return (data ?? {}) as Partial<VorexySessionData>
}

/** Session data as Medusa stores it (a plain record). */
export const asRecord = (data: Partial<VorexySessionData>) =>
  data as unknown as Record<string, unknown>

type ItemInput = Partial<Record<keyof CheckoutItem, unknown>>

const isItem = (i: ItemInput): boolean =>
  typeof i.title === "string" &&
  i.title !== "" &&
  Number.isInteger(i.unit_price_cents) &&
  (i.unit_price_cents as number) >= 0 &&
  Number.isInteger(i.quantity) &&
  (i.quantity as number) > 0

/** Items as the session-creation middleware attached them; anything malformed is left out. */
export function checkoutItems(value: unknown): CheckoutItem[] | undefined {
  if (!Array.isArray(value)) return undefined
  const items = (value as ItemInput[]).filter((i) => i && typeof i === "object" && isItem(i))
  return items.length
    ? items.map((i) => ({
        title: i.title as string,
        unit_price_cents: i.unit_price_cents as number,
        quantity: i.quantity as number,
        tangible: Boolean(i.tangible),
      }))
    : undefined
}

/** The spec takes the payer's IPv4; IPv4-mapped IPv6 is unwrapped, anything else dropped. */
export function ipv4(value: unknown): string | null {
  if (typeof value !== "string") return null
  const ip = value.replace(/^::ffff:/, "")
  return /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(ip) ? ip : null
}
