import { discountMismatch } from "../mismatch"

const OURS = { code: "DESCONTO-PIX", metadata: { vorexy: "method-discount" } }
const PIX_ON = { pix: { percent: 5, minimumTotal: 0 } }
const session = (provider_id: string, status = "pending") => ({ provider_id, status })
const cart = (promotions: unknown[], sessions: unknown[], total = 166.81) =>
  ({
    total,
    credit_line_total: 0,
    promotions,
    payment_collection: { payment_sessions: sessions },
  }) as Parameters<typeof discountMismatch>[0]

const check = (c: Parameters<typeof discountMismatch>[0]) => discountMismatch(c, PIX_ON)

describe("a cart with the plugin's PIX discount", () => {
  it("may be completed when every session Medusa may authorize is a PIX one", () => {
    expect(check(cart([OURS], [session("pp_vorexy-pix_vorexy")]))).toBeNull()
    // A cancelled or errored session is not one Medusa would take.
    expect(
      check(
        cart([OURS], [session("pp_vorexy-pix_vorexy"), session("pp_stripe_stripe", "canceled")])
      )
    ).toBeNull()
  })

  it("is refused with a card or another provider among them, whatever their order or status", () => {
    expect(
      check(
        cart(
          [OURS],
          [session("pp_vorexy-pix_vorexy"), session("pp_vorexy-card_vorexy", "authorized")]
        )
      )
    ).toBe(
      "The DESCONTO-PIX discount is for paying by PIX, but this cart is paid by card. Choose PIX, or choose your payment method again so the discount is removed."
    )
    expect(check(cart([OURS], [session("pp_stripe_stripe", "pending_authorization")]))).toMatch(
      /but this cart is paid another method/
    )
  })

  it("is refused without any session, unless there is nothing to pay", () => {
    expect(check(cart([OURS], []))).toBe(
      "The DESCONTO-PIX discount is for paying by PIX: choose PIX to place this order."
    )
    expect(check(cart([OURS], [], 0))).toBeNull()
  })

  it("is not the plugin's business when the promotion is the store's own of that code", () => {
    expect(
      check(cart([{ code: "DESCONTO-PIX", metadata: null }], [session("pp_stripe_stripe")]))
    ).toBeNull()
    expect(check(cart([], [session("pp_vorexy-card_vorexy")]))).toBeNull()
    expect(discountMismatch(undefined, PIX_ON)).toBeNull()
  })

  it("is not enforced once the store has removed that discount (the cart keeps its price)", () => {
    const paidByCard = cart([OURS], [session("pp_vorexy-card_vorexy", "authorized")])
    expect(discountMismatch(paidByCard, {})).toBeNull()
    expect(discountMismatch(paidByCard, { boleto: { percent: 3, minimumTotal: 0 } })).toBeNull()
    expect(discountMismatch(paidByCard, PIX_ON)).toMatch(/is for paying by PIX/)
  })
})
