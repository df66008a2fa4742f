import { ADOPT_KEY, adoptedSessionData, withoutAdoption } from "../core/adopt-session"
import { ChargeBinding } from "../core/binding"

const binding = new ChargeBinding("sk_test_key")
const session = { session_id: "payses_1", amount_cents: 9490, status: "pending", payer_sealed: "x" }
const facts = {
  session_id: "payses_1",
  transaction_id: "tx_1",
  amount_cents: 9490,
  company_id: 1001,
}

describe("adopting a charge into its payment session", () => {
  it("writes the transaction under the server's binding", () => {
    const adoption = {
      transaction_id: "tx_1",
      company_id: 1001,
      charge_binding: binding.sign(facts),
    }
    expect(adoptedSessionData(binding, { ...session, [ADOPT_KEY]: adoption })).toEqual({
      ...session,
      transaction_id: "tx_1",
      gateway_company_id: 1001,
      charge_binding: binding.sign(facts),
      status: "pending",
    })
  })

  it("refuses a binding made for other facts, by another key, or a session that has a charge", () => {
    const forged = { transaction_id: "tx_2", company_id: 1001, charge_binding: binding.sign(facts) }
    expect(adoptedSessionData(binding, { ...session, [ADOPT_KEY]: forged })).toBeNull()
    const otherKey = new ChargeBinding("sk_other").sign(facts)
    const foreign = { transaction_id: "tx_1", company_id: 1001, charge_binding: otherKey }
    expect(adoptedSessionData(binding, { ...session, [ADOPT_KEY]: foreign })).toBeNull()
    const adoption = {
      transaction_id: "tx_1",
      company_id: 1001,
      charge_binding: binding.sign(facts),
    }
    const charged = { ...session, transaction_id: "tx_0", [ADOPT_KEY]: adoption }
    expect(adoptedSessionData(binding, charged)).toBeNull()
    expect(withoutAdoption(charged)).not.toHaveProperty(ADOPT_KEY)
  })
})
