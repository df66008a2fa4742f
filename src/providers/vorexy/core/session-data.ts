/**
 * What a Vorexy payment session's `data` holds. It is readable by the shopper through the Store API,
 * so it carries only what the storefront needs (the QR, its expiry, the amount, the status) plus
 * the sealed payer and the charge's binding. No secret, no payer's data in the clear (not even
 * masked), no other shopper's data. SECURITY.md ("What an order id reveals") lists it.
 *
 * Medusa stores a session's data as the storefront's `data` merged with the provider's, and the
 * Store API accepts any keys: every key here is written by the provider only (`ownedData`), and
 * every other key the storefront sent is blanked.
 */
import { forgottenFacts, SESSION_FACT_KEYS } from "../../../charge-facts"
import type { ChargeMethodName, SessionChargeFacts } from "../../../charge-facts"
import type { ChargeStatus } from "../../../gateway"

export type CheckoutItem = {
  title: string
  unit_price_cents: number
  quantity: number
  tangible: boolean
}

/** The session's own fields, and the charge's facts it holds (`charge-facts/fields.ts`). */
export type VorexySessionData = SessionChargeFacts & {
  session_id?: string
  /** amount_cents in exact major units, e.g. "79.90". */
  amount: string
  /** What the gateway charges, in cents: the order's amount, or more (installments with interest). */
  amount_cents: number
  /** Medusa's amount for the session, in cents, when the charge differs from it; else null. */
  order_amount_cents?: number | null
  currency_code: "brl"
  payment_method: ChargeMethodName
  /**
   * Always null: the payer masked for display, no longer kept (a storefront needs none of it to take
   * the payment, and whoever holds the order id reads the session data). Blanked on each write.
   */
  payer_display?: null
  /** Full payer data and IP, sealed (kept: a new amount needs a new charge for the same payer). */
  payer_sealed?: string | null
  /** Always null: the payer's IP is sealed with the payer (the key is blanked if a storefront sends it). */
  payer_ip?: null
  /** The cart's items and shipping, attached server-side at session creation. */
  items?: CheckoutItem[] | null
  shipping_fee_cents?: number | null
  transaction_id?: string | null
  status?: ChargeStatus | null
  gateway_status?: string | null
  paid_at?: string | null
  gateway_company_id?: number | null
  /** Signature binding transaction_id to this session (binding.ts). */
  charge_binding?: string | null
  canceled_locally_at?: string | null
  /** Refunds recorded in Medusa so far (on the payment's data): they count against the gateway's. */
  refunds_recorded_cents?: number | null
  /**
   * New charges made for this session's order after its charge lapsed ("Gerar novo PIX"), and
   * when the latest was asked for: a charge of the session made before then is replaced.
   */
  renewals?: number | null
  renewed_at?: string | null
}

/** Every key the provider owns (the facts too), so none can be left holding a storefront's value. */
const PROVIDER_KEYS: ReadonlyArray<keyof VorexySessionData> = [
  "session_id",
  "amount",
  "amount_cents",
  "order_amount_cents",
  "currency_code",
  "payment_method",
  "payer_display",
  "payer_sealed",
  "payer_ip",
  "items",
  "transaction_id",
  "status",
  "gateway_status",
  "paid_at",
  "gateway_company_id",
  "charge_binding",
  "canceled_locally_at",
  "refunds_recorded_cents",
  "shipping_fee_cents",
  "renewals",
  "renewed_at",
  ...SESSION_FACT_KEYS,
]

/**
 * What the store route attaches to a new session from the cart and the connection (the items, the
 * shipping fee, the addresses, the payer's IP), over anything the storefront sent under those names.
 */
export const CHECKOUT_CONTEXT_KEYS = [
  "items",
  "shipping_fee_cents",
  "billing_address",
  "shipping_address",
  "payer_ip",
] as const
export type CheckoutContextKey = (typeof CHECKOUT_CONTEXT_KEYS)[number]

/** The session data without what the store route attached: what the storefront itself sent. */
export function storefrontSent(data: Record<string, unknown> | undefined) {
  const sent = { ...(data ?? {}) }
  for (const key of CHECKOUT_CONTEXT_KEYS) delete sent[key]
  return sent
}

/** Only the provider's own keys of some session data. */
export function providerFields(data: Partial<VorexySessionData>): Partial<VorexySessionData> {
  const values = data as Record<string, unknown>
  return Object.fromEntries(
    PROVIDER_KEYS.filter((k) => k in data).map((k) => [k, values[k]])
  ) as Partial<VorexySessionData>
}

/**
 * The data to store for a session: the provider's fields, every other provider key null, and
 * every key the storefront sent blanked (Medusa merges the storefront's data under ours).
 */
export function ownedData(
  input: Record<string, unknown> | undefined,
  output: Partial<VorexySessionData>
): Record<string, unknown> {
  const blank = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, null]))
  return { ...blank(Object.keys(input ?? {})), ...blank(PROVIDER_KEYS), ...definedOnly(output) }
}

const definedOnly = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>

export function readSessionData(
  data: Record<string, unknown> | undefined
): Partial<VorexySessionData> {
  return (data ?? {}) as Partial<VorexySessionData>
}

/** The session without its charge fields (a charge it did not create is dropped whole). */
export function withoutCharge(session: Partial<VorexySessionData>): Partial<VorexySessionData> {
  return {
    ...session,
    transaction_id: null,
    status: null,
    gateway_status: null,
    ...forgottenFacts(),
    paid_at: null,
    gateway_company_id: null,
    charge_binding: null,
  }
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
