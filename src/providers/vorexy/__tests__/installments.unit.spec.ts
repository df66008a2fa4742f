import { buildChargeRequest } from "../core/charge-request"
import { cardMethod } from "../core/methods/card"
import { PayerSeal } from "../core/payer"
import { initialSessionData, updatedSessionData } from "../core/payer-session"
import { installmentPlan, installmentTerms } from "../installments"
import { VorexyCardService } from "../services/vorexy-card"
import { parseVorexyOptions, type VorexyOptions } from "../options"

const valid = {
  baseUrl: "https://vorexy.example",
  clientId: "client",
  apiKey: "sk_live_very_secret_key",
  cardPublicKey: "pk_test",
  cardTokenScriptUrl: "https://js.vorexy.example/card.js",
}
const options = (extra: Record<string, unknown>) => parseVorexyOptions({ ...valid, ...extra })
const RATE = options({
  maxInstallments: 6,
  interestFreeInstallments: 3,
  installmentInterestPercent: 2.99,
})
const TABLE = options({
  maxInstallments: 5,
  interestFreeInstallments: 3,
  installmentInterestTable: "4:4.5, 5:6",
})

describe("installments with interest", () => {
  it("charges the order's amount up to the interest-free count, and the Price table above it", () => {
    expect(installmentTerms(10_000, 3, RATE)).toEqual({
      installments: 3,
      installment_cents: 3333,
      total_cents: 10_000,
      interest_cents: 0,
    })
    // R$ 100 in 6 at 2.99% a month: 6 × R$ 18,46 (18.4536 up to the cent).
    expect(installmentTerms(10_000, 6, RATE)).toEqual({
      installments: 6,
      installment_cents: 1846,
      total_cents: 11_076,
      interest_cents: 1076,
    })
  })

  it("splits a table's surcharge evenly, the total always N times the installment", () => {
    // R$ 94,90 + 4.5% = 99.17; 4 × 24.7926 → 4 × R$ 24,80.
    expect(installmentTerms(9490, 4, TABLE)).toMatchObject({
      installment_cents: 2480,
      total_cents: 9920,
      interest_cents: 430,
    })
    expect(installmentTerms(9490, 5, TABLE)).toMatchObject({ total_cents: 10_060 })
    for (const terms of installmentPlan(9490, TABLE)) {
      if (terms.interest_cents > 0)
        expect(terms.total_cents).toBe(terms.installment_cents * terms.installments)
      expect(terms.total_cents).toBeGreaterThanOrEqual(9490)
    }
  })

  it("never charges less than the order, however small the rate", () => {
    const tiny = options({
      maxInstallments: 12,
      interestFreeInstallments: 1,
      installmentInterestPercent: 0.01,
      minInstallmentCents: 1,
    })
    for (const cents of [1, 7, 999, 1000, 123_457]) {
      for (const terms of installmentPlan(cents, tiny)) {
        expect(terms.total_cents).toBeGreaterThanOrEqual(cents)
        expect(terms.interest_cents).toBe(terms.total_cents - cents)
      }
    }
  })

  it("offers only the splits the minimum installment allows", () => {
    expect(installmentPlan(1200, RATE).map((t) => t.installments)).toEqual([1, 2])
  })

  it("keeps every installment interest-free when the store sets no interest", () => {
    const free = options({ maxInstallments: 6 })
    expect(installmentPlan(9490, free).every((t) => t.interest_cents === 0)).toBe(true)
  })

  it.each([
    [
      { maxInstallments: 6, interestFreeInstallments: 3 },
      /needs installmentInterestPercent or installmentInterestTable/,
    ],
    [{ maxInstallments: 6, installmentInterestPercent: 2 }, /needs interestFreeInstallments/],
    [
      { maxInstallments: 3, interestFreeInstallments: 3, installmentInterestPercent: 2 },
      /leaves no installment to bear it/,
    ],
    [
      { maxInstallments: 6, interestFreeInstallments: 8, installmentInterestPercent: 2 },
      /above maxInstallments/,
    ],
    [
      {
        maxInstallments: 6,
        interestFreeInstallments: 3,
        installmentInterestPercent: 2,
        installmentInterestTable: { 4: 1, 5: 2, 6: 3 },
      },
      /set one of them, not both/,
    ],
    [
      { maxInstallments: 6, interestFreeInstallments: 3, installmentInterestTable: "4:2,6:3" },
      /needs exactly the counts 4, 5, 6/,
    ],
    [
      { maxInstallments: 5, interestFreeInstallments: 3, installmentInterestTable: "4:6,5:4" },
      /never costs less/,
    ],
    [
      { maxInstallments: 6, interestFreeInstallments: 3, installmentInterestPercent: 25 },
      /at most 10/,
    ],
    [
      { maxInstallments: 5, interestFreeInstallments: 3, installmentInterestTable: "4:x,5:2" },
      /installmentInterestTable/,
    ],
    // A decimal comma, a stray part, a count twice: refused, never read as another price.
    [
      {
        maxInstallments: 6,
        interestFreeInstallments: 3,
        installmentInterestTable: "4:4,5,5:6,6:7",
      },
      /installmentInterestTable: cannot read "5"/,
    ],
    [
      { maxInstallments: 5, interestFreeInstallments: 3, installmentInterestTable: "4:4.5:99,5:6" },
      /cannot read "4:4.5:99"/,
    ],
    [
      {
        maxInstallments: 5,
        interestFreeInstallments: 3,
        installmentInterestTable: "4:9,4:4.5,5:6",
      },
      /cannot read "4:4.5"/,
    ],
  ])("refuses options that make no sense: %j", (extra, message) => {
    expect(() => options(extra)).toThrow(message)
  })
})

describe("a card session in installments with interest", () => {
  const seal = new PayerSeal("installments-secret-installments")
  const data = (installments: number) => ({
    session_id: "payses_1",
    name: "Ana Souza",
    email: "ana@example.com",
    document: "52998224725",
    card_token: "tok_12345678",
    installments,
    items: [{ title: "Camiseta", unit_price_cents: 9490, quantity: 1, tangible: true }],
  })

  function start(installments: number, opts: VorexyOptions = RATE) {
    return initialSessionData(seal, cardMethod, opts, 10_000, data(installments)).data
  }

  it("charges the gateway the total with interest, keeping the order's amount beside it", () => {
    const session = start(6)
    expect(session).toMatchObject({
      amount: "110.76",
      amount_cents: 11_076,
      order_amount_cents: 10_000,
      installments: 6,
      interest_cents: 1076,
    })
    const request = buildChargeRequest({
      sessionId: "payses_1",
      session: session as never,
      payer: { ...seal.open(session.payer_sealed, "payses_1")! } as never,
      method: cardMethod,
      options: RATE,
    })
    expect(request).toMatchObject({ amount: 11_076, installments: 6 })
    // The order's lines add up to the order; the interest is an item of its own.
    expect(request.items).toEqual([
      expect.objectContaining({ unitPrice: 10_000 }),
      expect.objectContaining({ title: "Juros do parcelamento (6x)", unitPrice: 1076 }),
    ])
  })

  it("charges the order's amount for an interest-free split", () => {
    expect(start(3)).toMatchObject({
      amount_cents: 10_000,
      order_amount_cents: null,
      interest_cents: 0,
    })
  })

  it("works the interest out again when the cart's total changes, and forgets the old charge", () => {
    const session = { ...start(6), transaction_id: "tx_old" }
    const charged = cardMethod.charged!(20_000, session, RATE)
    const next = updatedSessionData(
      seal,
      "card",
      { orderCents: 20_000, charged },
      session,
      undefined
    )
    expect(next).toMatchObject({
      amount_cents: 22_146,
      order_amount_cents: 20_000,
      interest_cents: 2146,
      installments: 6,
      transaction_id: null,
    })
    // The same order amount again: nothing changes, the charge stays.
    const same = cardMethod.charged!(10_000, session, RATE)
    expect(
      updatedSessionData(seal, "card", { orderCents: 10_000, charged: same }, session, undefined)
    ).toBeNull()
  })

  it("never turns a made charge into another when the store's options change before it is paid", async () => {
    // A 6× card made under 2.99% a month, still in analysis when the store drops its interest
    // (or a session from before the store had any): Medusa's amount is the same, so it stays.
    const made = { ...start(6), transaction_id: "tx_made", charge_binding: "signed" }
    const noInterest = new VorexyCardService({}, { ...valid, maxInstallments: 6 })
    const kept = await noInterest.updatePayment({ amount: 100, currency_code: "brl", data: made })
    expect(kept.data).toMatchObject({ transaction_id: "tx_made", amount_cents: 11_076 })

    const older = { ...start(6, options({ maxInstallments: 6 })), transaction_id: "tx_old" }
    expect(older).toMatchObject({ amount_cents: 10_000, interest_cents: 0 })
    const withInterest = new VorexyCardService({}, { ...valid, ...RATE })
    const same = await withInterest.updatePayment({
      amount: 100,
      currency_code: "brl",
      data: older,
    })
    expect(same.data).toMatchObject({ transaction_id: "tx_old", amount_cents: 10_000 })
  })

  it("fits the split to a smaller cart total's smallest installment", () => {
    const charged = cardMethod.charged!(1200, start(6), RATE)
    expect(charged).toEqual({ cents: 1200, shown: { installments: 2, interest_cents: 0 } })
  })
})
