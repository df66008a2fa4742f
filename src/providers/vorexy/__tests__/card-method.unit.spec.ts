import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { normaliseChargeStatus } from "../../../gateway"
import type { CreatedTransaction } from "../../../gateway"
import { cardMethod } from "../core/methods/card"
import type { VorexyOptions } from "../options"

const OPTIONS = {} as VorexyOptions

const created = (status: string, extra: Partial<CreatedTransaction> = {}) =>
  ({
    id: "tx_1",
    amountCents: 9490,
    status: normaliseChargeStatus(status),
    card: { brand: "visa", lastDigits: "41111111", refusedReason: undefined },
    raw: {},
    ...extra,
  }) as unknown as CreatedTransaction

describe("what a card's first answer means", () => {
  const session = { amount_cents: 9490, installments: 2 }

  it("captures a card paid for the session's amount, keeping only the last 4 digits", async () => {
    const outcome = await cardMethod.outcome(created("PAID"), session, OPTIONS)
    expect(outcome.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(outcome.amountMismatch).toBeUndefined()
    expect(outcome.facts).toEqual({
      card_brand: "visa",
      card_last4: "1111",
      installments: 2,
      interest_cents: 0,
      refused_reason: null,
      expires_at: null,
    })
  })

  it("never captures a card paid with another amount, and says so for recording", async () => {
    const outcome = await cardMethod.outcome(
      created("PAID", { amountCents: 9990 }),
      session,
      OPTIONS
    )
    expect(outcome.status).toBe(PaymentSessionStatus.ERROR)
    expect(outcome.amountMismatch).toBe(true)
  })

  it.each(["REFUSED", "declined", "failed", "canceled"])("refuses a card %s", async (status) => {
    const outcome = await cardMethod.outcome(created(status), session, OPTIONS)
    expect(outcome.status).toBe(PaymentSessionStatus.ERROR)
    expect(outcome.amountMismatch).toBeUndefined()
  })

  it.each(["IN_ANALISYS", "processing", "authorized", "something_new"])(
    "waits on a card %s, for 3 days at most",
    async (status) => {
      const outcome = await cardMethod.outcome(created(status), session, OPTIONS)
      expect(outcome.status).toBe(PaymentSessionStatus.PENDING_AUTHORIZATION)
      const days = (Date.parse(outcome.facts.expires_at!) - Date.now()) / 86_400_000
      expect(days).toBeGreaterThan(2.99)
      expect(days).toBeLessThan(3.01)
    }
  )
})
