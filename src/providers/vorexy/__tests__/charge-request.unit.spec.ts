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

  it("never sends an item priced 0: a free line is left out, shipping that is all of it is an item", () => {
    expect(chargeItems([line("Camiseta", 7990), line("Brinde", 0)], 1500, 9490).items).toEqual([
      { title: "Camiseta", unitPrice: 7990, quantity: 1, tangible: true },
    ])
    expect(chargeItems([line("Camiseta", 7990)], 1500, 1500)).toEqual({
      items: [{ title: "Pedido (1 item)", unitPrice: 1500, quantity: 1, tangible: true }],
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

  const base = { address_2: "Centro", city: "São Paulo", province: "SP", postal_code: "01001000" }

  it("takes the number after the last comma when the street's name has numbers", () => {
    const result = gatewayAddress({ ...base, address_1: "Rua 25 de Março, 100 - loja 3" })
    expect(result).toMatchObject({
      address: { street: "Rua 25 de Março", streetNumber: "100", complement: "loja 3" },
    })
    expect(gatewayAddress({ ...base, address_1: "Avenida Paulista 1578" })).toMatchObject({
      address: { street: "Avenida Paulista", streetNumber: "1578" },
    })
  })

  it("names parts longer than the gateway takes, at session creation", () => {
    const result = gatewayAddress({
      ...base,
      address_1: `${"R".repeat(201)}, 1`,
      metadata: { number: "1".repeat(21) },
    })
    expect(result).toEqual({
      missing: [
        "street (address_1) shorter than 200 characters",
        "number of at most 20 characters",
      ],
    })
  })
})
