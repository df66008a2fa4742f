import { methodDiscountText } from "../discount"

const discount = (over: Partial<Parameters<typeof methodDiscountText>[0] & object> = {}) => ({
  code: "DESCONTO-PIX",
  percent: 5 as number | null,
  amount: null as number | null,
  minimum_total: 0,
  ...over,
})

// Intl writes a no-break space between "R$" and the amount in pt-BR.
it("says a method's discount before the shopper chooses, in pt-BR and English", () => {
  expect(methodDiscountText(discount(), "pix")).toBe("5% de desconto no PIX")
  expect(methodDiscountText(discount({ percent: 4.5 }), "pix", "en")).toBe("4.5% off with PIX")
  expect(
    methodDiscountText(discount({ percent: null, amount: 10, minimum_total: 100 }), "boleto")
  ).toBe("R$\u00a010,00 de desconto no boleto em compras a partir de R$\u00a0100,00")
  expect(
    methodDiscountText(discount({ percent: null, amount: 10, minimum_total: 100 }), "boleto", "en")
  ).toBe("R$10.00 off with boleto on orders from R$100.00")
  expect(methodDiscountText(null, "pix")).toBeNull()
})
