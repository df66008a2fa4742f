import { ChargeBinding } from "../core/binding"
import { ownedData, withoutCharge } from "../core/session-data"

const charge = {
  session_id: "payses_1",
  transaction_id: "tx-1",
  amount_cents: 9490,
  company_id: 1001,
}

describe("ChargeBinding", () => {
  const binding = new ChargeBinding("sk_test_key")

  it("holds for exactly the facts it signed, under the same key", () => {
    const signed = binding.sign(charge)
    expect(binding.verify(charge, signed)).toBe(true)
    for (const changed of [
      { session_id: "payses_2" },
      { transaction_id: "tx-2" },
      { amount_cents: 9491 },
      { company_id: 2002 },
    ]) {
      expect(binding.verify({ ...charge, ...changed }, signed)).toBe(false)
    }
    expect(new ChargeBinding("sk_other_key").verify(charge, signed)).toBe(false)
    expect(binding.verify(charge, "v1.planted")).toBe(false)
    expect(binding.verify(charge, undefined)).toBe(false)
  })
})

describe("ownedData", () => {
  it("blanks every key the storefront sent and every provider key it does not set", () => {
    const input = { transaction_id: "tx-A", status: "paid", name: "Ana", anything: { x: 1 } }
    const data = ownedData(input, { amount_cents: 100, session_id: "payses_1" })
    expect(data).toMatchObject({
      transaction_id: null,
      status: null,
      name: null,
      anything: null,
      charge_binding: null,
      amount_cents: 100,
      session_id: "payses_1",
    })
    // Medusa stores { ...storefront, ...provider }: nothing of the storefront's survives.
    expect({ ...input, ...data }).toMatchObject({ transaction_id: null, status: null })
  })

  it("drops a charge whole", () => {
    expect(
      withoutCharge({ transaction_id: "tx", charge_binding: "v1.x", amount_cents: 5 })
    ).toMatchObject({ transaction_id: null, charge_binding: null, amount_cents: 5 })
  })
})
