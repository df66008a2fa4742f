import { gatewayAddress } from "../core/address"
import { chargeItems } from "../core/charge-items"

const line = (title: string, cents: number, quantity = 1) => ({
  title,
  unit_price_cents: cents,
  quantity,
  tangible: true,
})

describe("chargeItems: items plus shipping add up to the amount", () => {
  it("sends the cart's lines when they add up with the shipping fee", () => {
    expect(chargeItems([line("Camiseta", 7990)], 1500, 9490)).toEqual({
      items: [{ title: "Camiseta", unitPrice: 7990, quantity: 1, tangible: true }],
      fee: 1500,
    })
  })

  it("sends one summary item when a discount or tax makes the lines not add up", () => {
    const discounted = chargeItems([line("Camiseta", 7990, 2), line("Boné", 3000)], 1500, 17_481)
    expect(discounted).toEqual({
      items: [{ title: "Pedido (3 itens)", unitPrice: 15_981, quantity: 1, tangible: true }],
      fee: 1500,
    })
    const { items, fee } = discounted
    expect(items.reduce((t, i) => t + i.unitPrice * i.quantity, 0) + fee).toBe(17_481)
  })

  it("never sends a fee above the amount, nor items that do not add up", () => {
    expect(chargeItems([], 5000, 3000)).toEqual({
      items: [{ title: "Pedido", unitPrice: 3000, quantity: 1, tangible: false }],
      fee: 0,
    })
  })
})

describe("gatewayAddress", () => {
  it("reads street and number, neighbourhood and state from a Medusa address", () => {
    expect(
      gatewayAddress({
        address_1: "Rua Augusta, 100",
        address_2: "apto 12 - Consolação",
        city: "São Paulo",
        province: "São Paulo",
        postal_code: "01305-000",
        country_code: "BR",
      })
    ).toEqual({
      address: {
        street: "Rua Augusta",
        streetNumber: "100",
        complement: "apto 12",
        zipCode: "01305000",
        neighborhood: "Consolação",
        city: "São Paulo",
        state: "SP",
        country: "br",
      },
    })
  })

  it("names what a boleto would miss", () => {
    const result = gatewayAddress({ address_1: "Rua Augusta", city: "", postal_code: "123" })
    expect(result).toEqual({
      missing: [
        'number (address_1, e.g. "Rua Augusta, 100")',
        "neighbourhood (address_2)",
        "city",
        "state (province, e.g. SP)",
        "CEP (postal_code, 8 digits)",
      ],
    })
    expect(gatewayAddress(null)).toEqual({ missing: ["the whole billing address"] })
  })
})
