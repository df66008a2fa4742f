/**
 * A discount for paying with PIX or boleto is a Medusa promotion, so the cart, the order, the
 * admin and refunds all see it as Medusa sees any discount. The plugin keeps one automatic
 * promotion per discounted method; it applies only while the cart's metadata names that method
 * (the plugin writes it when the shopper chooses, see choose-method.ts), for BRL carts whose items
 * reach the minimum.
 */
import type { VorexyOptions } from "../providers/vorexy/options"
import { VOREXY_PROVIDER_PREFIX } from "../providers/vorexy/provider-ids"

export const DISCOUNT_METHODS = ["pix", "boleto"] as const
export type DiscountMethod = (typeof DISCOUNT_METHODS)[number]

/** Reserved for the plugin: a promotion with one of these codes is kept as the options say. */
export const DISCOUNT_CODES: Record<DiscountMethod, string> = {
  pix: "DESCONTO-PIX",
  boleto: "DESCONTO-BOLETO",
}

/** The cart metadata key holding the method the shopper chose ("pix", "boleto", "card", "other"). */
export const METHOD_KEY = "vorexy_payment_method"

export type MethodDiscount = { percent?: number; amount?: number; minimumTotal: number }
export type MethodDiscounts = Partial<Record<DiscountMethod, MethodDiscount>>

export function discountsOf(options: Pick<VorexyOptions, "pixDiscount" | "boletoDiscount">) {
  const discounts: MethodDiscounts = {}
  if (options.pixDiscount) discounts.pix = options.pixDiscount
  if (options.boletoDiscount) discounts.boleto = options.boletoDiscount
  return discounts
}

export type PaymentMethodChoice = DiscountMethod | "card" | "other"

/** What a provider id pays with: "pp_vorexy-pix_vorexy" -> "pix"; another store's provider -> "other". */
export function methodOfProvider(providerId: string): PaymentMethodChoice {
  if (!providerId.startsWith(VOREXY_PROVIDER_PREFIX)) return "other"
  const method = providerId.slice(VOREXY_PROVIDER_PREFIX.length).split("_")[0]
  return method === "pix" || method === "boleto" || method === "card" ? method : "other"
}

export const isDiscountMethod = (method: unknown): method is DiscountMethod =>
  method === "pix" || method === "boleto"

/** The values the plugin writes under METHOD_KEY. */
export const isPaymentMethodChoice = (value: unknown): value is PaymentMethodChoice =>
  value === "pix" || value === "boleto" || value === "card" || value === "other"

/** On the plugin's promotions' metadata: a store's own promotion of the same code is never touched. */
export const PROMOTION_MARK = { vorexy: "method-discount" } as const

export const isOurPromotion = (promotion: { metadata?: Record<string, unknown> | null }) =>
  promotion.metadata?.vorexy === PROMOTION_MARK.vorexy

/** The method a discount code belongs to, if it is one of the plugin's. */
export function methodOfCode(code: unknown): DiscountMethod | null {
  return DISCOUNT_METHODS.find((method) => DISCOUNT_CODES[method] === code) ?? null
}

export type PromotionRule = { attribute: string; operator: "eq" | "gte"; values: string[] }

export type DesiredPromotion = {
  code: string
  type: "standard"
  status: "active"
  is_automatic: true
  application_method: {
    type: "percentage" | "fixed"
    target_type: "order"
    allocation: "across"
    value: number
    currency_code?: string
  }
  rules: PromotionRule[]
  metadata: typeof PROMOTION_MARK
}

/** The promotion that gives `discount` to carts paying with `method`. */
export function promotionFor(method: DiscountMethod, discount: MethodDiscount): DesiredPromotion {
  const rules: PromotionRule[] = [
    { attribute: `metadata.${METHOD_KEY}`, operator: "eq", values: [method] },
    { attribute: "currency_code", operator: "eq", values: ["brl"] },
  ]
  // The items with their taxes, before any discount: a rule on what the discount itself lowers
  // would switch it off and on.
  if (discount.minimumTotal > 0)
    rules.push({
      attribute: "original_item_total",
      operator: "gte",
      values: [String(discount.minimumTotal)],
    })
  return {
    code: DISCOUNT_CODES[method],
    type: "standard",
    status: "active",
    is_automatic: true,
    application_method:
      discount.percent !== undefined
        ? {
            type: "percentage",
            target_type: "order",
            allocation: "across",
            value: discount.percent,
          }
        : {
            type: "fixed",
            target_type: "order",
            allocation: "across",
            value: discount.amount!,
            currency_code: "brl",
          },
    rules,
    metadata: PROMOTION_MARK,
  }
}

/** A promotion as the promotion module lists it, in what `matches` compares. */
export type ExistingPromotion = {
  id: string
  code?: string | null
  metadata?: Record<string, unknown> | null
  status?: string | null
  is_automatic?: boolean | null
  application_method?: {
    type?: string | null
    target_type?: string | null
    allocation?: string | null
    value?: unknown
    currency_code?: string | null
  } | null
  rules?: Array<{
    id: string
    attribute?: string | null
    operator?: string | null
    values?: Array<{ value?: string | null }> | null
  }> | null
}

const ruleKey = (rule: { attribute?: string | null; operator?: string | null; values: string[] }) =>
  `${rule.attribute}|${rule.operator}|${[...rule.values].sort().join(",")}`

/** True when the promotion already is the desired one (nothing to write). */
export function matches(existing: ExistingPromotion, desired: DesiredPromotion): boolean {
  const method = existing.application_method
  if (
    existing.status !== "active" ||
    !existing.is_automatic ||
    method?.type !== desired.application_method.type ||
    method?.target_type !== "order" ||
    method?.allocation !== "across" ||
    Number(method?.value) !== desired.application_method.value ||
    (desired.application_method.currency_code ?? null) !== (method?.currency_code ?? null)
  )
    return false
  const have = (existing.rules ?? [])
    .map((rule) =>
      ruleKey({ ...rule, values: (rule.values ?? []).map((value) => String(value.value)) })
    )
    .sort()
  const want = desired.rules.map(ruleKey).sort()
  return have.length === want.length && have.every((key, index) => key === want[index])
}
