import { parseVorexyOptions } from "../../providers/vorexy/options"
import { choiceMatters } from "../choose-method"
import {
  discountsOf,
  matches,
  methodOfCode,
  methodOfProvider,
  promotionFor,
  type ExistingPromotion,
} from "../promotions"

const valid = { baseUrl: "https://vorexy.example", clientId: "client", apiKey: "sk_test_key" }

describe("method discount options", () => {
  it("take a percent or an amount in reais, with a minimum defaulting to none", () => {
    const options = parseVorexyOptions({
      ...valid,
      pixDiscount: { percent: "5" },
      boletoDiscount: { amount: 10.5, minimumTotal: "100" },
    })
    expect(discountsOf(options)).toEqual({
      pix: { percent: 5, minimumTotal: 0 },
      boleto: { amount: 10.5, minimumTotal: 100 },
    })
    expect(discountsOf(parseVorexyOptions(valid))).toEqual({})
  })

  it.each([
    [{ percent: 5, amount: 10 }, /pixDiscount needs either percent or amount \(not both\)/],
    [{}, /pixDiscount needs either percent or amount/],
    [{ percent: 0 }, /pixDiscount.percent must be more than 0/],
    [{ percent: 95 }, /pixDiscount.percent is at most 90/],
    [{ percent: 4.755 }, /pixDiscount.percent has at most two decimal places/],
    [{ amount: 1.001 }, /pixDiscount.amount is in reais, with at most two decimal places/],
    [{ percent: 5, minimumTotal: -1 }, /pixDiscount.minimumTotal cannot be negative/],
    [{ percent: 5, everything: true }, /everything/],
    // A discount as large as the cart would let Medusa place the order without any payment.
    [{ amount: 10 }, /pixDiscount.amount needs a minimumTotal above it/],
    [{ amount: 10, minimumTotal: 10 }, /pixDiscount.amount needs a minimumTotal above it/],
  ])("refuse %j at boot", (pixDiscount, message) => {
    expect(() => parseVorexyOptions({ ...valid, pixDiscount })).toThrow(message)
  })
})

describe("the promotion of a method discount", () => {
  it("is automatic, for BRL carts that chose the method, with the minimum on the items before discounts", () => {
    expect(promotionFor("pix", { percent: 5, minimumTotal: 100 })).toEqual({
      code: "DESCONTO-PIX",
      type: "standard",
      status: "active",
      is_automatic: true,
      application_method: {
        type: "percentage",
        target_type: "order",
        allocation: "across",
        value: 5,
      },
      rules: [
        { attribute: "metadata.vorexy_payment_method", operator: "eq", values: ["pix"] },
        { attribute: "currency_code", operator: "eq", values: ["brl"] },
        { attribute: "original_item_total", operator: "gte", values: ["100"] },
      ],
      metadata: { vorexy: "method-discount" },
    })
    const fixed = promotionFor("boleto", { amount: 10, minimumTotal: 50 })
    expect(fixed.code).toBe("DESCONTO-BOLETO")
    expect(fixed.application_method).toEqual({
      type: "fixed",
      target_type: "order",
      allocation: "across",
      value: 10,
      currency_code: "brl",
    })
    expect(fixed.rules.map((rule) => rule.attribute)).toEqual([
      "metadata.vorexy_payment_method",
      "currency_code",
      "original_item_total",
    ])
    expect(
      promotionFor("pix", { percent: 5, minimumTotal: 0 }).rules.map((rule) => rule.attribute)
    ).toEqual(["metadata.vorexy_payment_method", "currency_code"])
  })

  const asListed = (desired: ReturnType<typeof promotionFor>): ExistingPromotion => ({
    id: "promo_1",
    code: desired.code,
    status: "active",
    is_automatic: true,
    application_method: { currency_code: null, ...desired.application_method },
    rules: [...desired.rules].reverse().map((rule, index) => ({
      id: `rule_${index}`,
      attribute: rule.attribute,
      operator: rule.operator,
      values: rule.values.map((value) => ({ value })),
    })),
  })

  it("is left alone when it already is what the options say, and corrected otherwise", () => {
    const desired = promotionFor("pix", { percent: 5, minimumTotal: 100 })
    expect(matches(asListed(desired), desired)).toBe(true)
    expect(matches({ ...asListed(desired), status: "inactive" }, desired)).toBe(false)
    expect(
      matches(asListed(desired), promotionFor("pix", { percent: 10, minimumTotal: 100 }))
    ).toBe(false)
    expect(matches(asListed(desired), promotionFor("pix", { percent: 5, minimumTotal: 0 }))).toBe(
      false
    )
    const edited = asListed(desired)
    edited.rules = edited.rules!.slice(1)
    expect(matches(edited, desired)).toBe(false)
  })
})

describe("a shopper's choice of method", () => {
  it("is known from the provider id, whatever id the store registered the provider with", () => {
    expect(methodOfProvider("pp_vorexy-pix_vorexy")).toBe("pix")
    expect(methodOfProvider("pp_vorexy-boleto_payments")).toBe("boleto")
    expect(methodOfProvider("pp_vorexy-card_vorexy")).toBe("card")
    expect(methodOfProvider("pp_stripe_stripe")).toBe("other")
    expect(methodOfProvider("pp_vorexy-crypto_vorexy")).toBe("other")
    expect(methodOfCode("DESCONTO-PIX")).toBe("pix")
    expect(methodOfCode("desconto-pix")).toBeNull()
  })

  it("changes the cart only when the old or the new method has a discount", () => {
    const discounts = { pix: { percent: 5, minimumTotal: 0 } }
    const cart = (method?: string) => ({
      id: "cart_1",
      metadata: method ? { vorexy_payment_method: method } : null,
    })
    expect(choiceMatters(cart(), "pp_vorexy-pix_vorexy", discounts)).toBe(true)
    expect(choiceMatters(cart("pix"), "pp_vorexy-pix_vorexy", discounts)).toBe(false)
    expect(choiceMatters(cart("pix"), "pp_vorexy-card_vorexy", discounts)).toBe(true)
    expect(choiceMatters(cart("pix"), "pp_stripe_stripe", discounts)).toBe(true)
    expect(choiceMatters(cart(), "pp_vorexy-card_vorexy", discounts)).toBe(false)
    expect(choiceMatters(cart("card"), "pp_vorexy-boleto_vorexy", discounts)).toBe(false)
    expect(
      choiceMatters(
        { ...cart("pix"), completed_at: new Date() },
        "pp_vorexy-card_vorexy",
        discounts
      )
    ).toBe(false)
  })
})
