import { sessionAmountMismatch } from "../utils/session-amount"

const session = (amount: unknown, status = "pending", provider_id = "pp_vorexy-card_vorexy") => ({
  provider_id,
  status,
  amount,
})
const cart = (total: unknown, sessions: unknown[]) =>
  ({ total, payment_collection: { payment_sessions: sessions } }) as Parameters<
    typeof sessionAmountMismatch
  >[0]

describe("one amount per cart at completion", () => {
  it("passes sessions for the cart's total, compared in cents", () => {
    expect(sessionAmountMismatch(cart(174.8, [session(174.8)]))).toBeNull()
    expect(sessionAmountMismatch(cart("174.80", [session(174.8)]))).toBeNull()
    // A total with a fraction of a cent (3 % of R$ 159,80) is the session's amount once rounded.
    expect(sessionAmountMismatch(cart(170.006, [session(170.006)]))).toBeNull()
    expect(sessionAmountMismatch(cart(170.006, [session(170.01)]))).toBeNull()
  })

  it("refuses any provider's session made for another total, in words", () => {
    expect(sessionAmountMismatch(cart(254.7, [session(174.8)]))).toBe(
      "This cart's total is R$ 254,70, but its payment was prepared for R$ 174,80 (the cart changed while it was being prepared). Choose your payment method again to pay R$ 254,70; nothing was charged."
    )
    expect(
      sessionAmountMismatch(cart(174.8, [session(166.81, "pending", "pp_system_default")]))
    ).toMatch(/prepared for R\$ 166,81/)
    expect(sessionAmountMismatch(cart(174.8, [session("not money")]))).toMatch(
      /prepared for another amount/
    )
  })

  it("ignores sessions Medusa would not authorize, and carts with nothing to pay", () => {
    expect(sessionAmountMismatch(cart(174.8, [session(1, "canceled"), session(174.8)]))).toBeNull()
    expect(sessionAmountMismatch(cart(0, [session(10)]))).toBeNull()
    expect(sessionAmountMismatch(undefined)).toBeNull()
  })
})
