/** A method's discount as the checkout shows it before the shopper chooses. */
import { formatMoney } from "./format.js"
import { textsFor } from "./texts.js"
import type { VorexyLocale, VorexyMethodDiscount } from "./types.js"

const METHOD_NAMES = { pix: "PIX", boleto: "boleto" } as const

/**
 * "5% de desconto no PIX", "R$ 10,00 de desconto no boleto em compras a partir de R$ 100,00"
 * (or in English); null when the method has no discount.
 */
export function methodDiscountText(
  discount: VorexyMethodDiscount | null | undefined,
  method: keyof typeof METHOD_NAMES,
  locale: VorexyLocale = "pt-BR"
): string | null {
  if (!discount) return null
  const texts = textsFor(locale).discount
  const what =
    discount.percent !== null
      ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(discount.percent)}%`
      : formatMoney(Math.round((discount.amount ?? 0) * 100), "brl", locale)
  const offer = texts.offer(what, METHOD_NAMES[method])
  return discount.minimum_total > 0
    ? `${offer} ${texts.minimum(formatMoney(Math.round(discount.minimum_total * 100), "brl", locale))}`
    : offer
}
