import { discountMismatch } from "../mismatch"

const OURS = { code: "DESCONTO-PIX", metadata: { vorexy: "method-discount" } }
const session = (provider_id: string, status = "pending") => ({ provider_id, status })
const cart = (promotions: unknown[], sessions: unknown[], total = 166.81) =>
  ({
    total,
    credit_line_total: 0,
    promotions,
    payment_collection: { payment_sessions: sessions },
  }) as Parameters<typeof discountMismatch>[0]

describe("a cart with the plugin's PIX discount", () => {
  it("may be completed when every session Medusa may authorize is a PIX one", () => {
    expect(discountMismatch(cart([OURS], [session("pp_vorexy-pix_vorexy")]))).toBeNull()
    // A cancelled or errored session is not one Medusa would take.
    expect(
      discountMismatch(
        cart([OURS], [session("pp_vorexy-pix_vorexy"), session("pp_stripe_stripe", "canceled")])
      )
    ).toBeNull()
  })

  it("is refused with a card or another provider among them, whatever their order or status", () => {
    expect(
      discountMismatch(
        cart(
          [OURS],
          [session("pp_vorexy-pix_vorexy"), session("pp_vorexy-card_vorexy", "authorized")]
        )
      )
    ).toBe(
      "The DESCONTO-PIX discount is for paying by PIX, but this cart is paid by card. Choose PIX, or choose your payment method again so the discount is removed."
    )
    expect(
      discountMismatch(cart([OURS], [session("pp_stripe_stripe", "pending_authorization")]))
    ).toMatch(/but this cart is paid another method/)
  })

  it("is refused without any session, unless there is nothing to pay", () => {
    expect(discountMismatch(cart([OURS], []))).toBe(
      "The DESCONTO-PIX discount is for paying by PIX: choose PIX to place this order."
    )
    expect(discountMismatch(cart([OURS], [], 0))).toBeNull()
  })

  it("is not the plugin's business when the promotion is the store's own of that code", () => {
    expect(
      discountMismatch(
        cart([{ code: "DESCONTO-PIX", metadata: null }], [session("pp_stripe_stripe")])
      )
    ).toBeNull()
    expect(discountMismatch(cart([], [session("pp_vorexy-card_vorexy")]))).toBeNull()
    expect(discountMismatch(undefined)).toBeNull()
  })
})
