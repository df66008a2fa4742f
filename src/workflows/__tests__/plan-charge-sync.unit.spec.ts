import { ChargeSnapshot, MedusaSnapshot, planChargeSync } from "../utils/plan-charge-sync"

const charge = (patch: Partial<ChargeSnapshot> = {}): ChargeSnapshot => ({
  status: "pending",
  amount_cents: 9490,
  expires_at: new Date(Date.now() + 3600_000),
  flag: null,
  payment_session_id: "payses_1",
  ...patch,
})
const order = { id: "order_1", status: "pending" }
const medusa = (patch: Partial<MedusaSnapshot> = {}): MedusaSnapshot => ({
  order,
  payment: null,
  ...patch,
})
const options = { cancelOrderOnExpiry: true, expiryGraceMinutes: 10 }
const paid = { status: "paid" as const, raw: "Paid", amount_cents: 9490 }

describe("planChargeSync", () => {
  it("captures a pending charge the gateway reports paid for the exact amount", () => {
    expect(planChargeSync(charge(), paid, medusa(), options)).toMatchObject({
      status: "paid",
      paid_amount_cents: 9490,
      action: { type: "capture", session_id: "payses_1", amount: "94.90" },
    })
  })

  it("captures Medusa's amount of a card charged with installment interest", () => {
    const plan = planChargeSync(
      charge({ amount_cents: 10_512, interest_cents: 1022 }),
      { ...paid, amount_cents: 10_512 },
      medusa(),
      options
    )
    expect(plan).toMatchObject({
      status: "paid",
      paid_amount_cents: 10_512,
      action: { type: "capture", amount: "94.90" },
    })
  })

  it("does not capture twice", () => {
    const plan = planChargeSync(
      charge({ status: "paid" }),
      paid,
      medusa({ payment: { id: "pay_1", captured_cents: 9490, refunded_cents: 0 } }),
      options
    )
    expect(plan).toMatchObject({
      status: null,
      action: { type: "none" },
      summary: "already captured",
    })
  })

  it("flags refunds recorded in Medusa beyond what the gateway gave back, records nothing from them", () => {
    const payment = (refunded_cents: number) =>
      medusa({ payment: { id: "pay_1", captured_cents: 9490, refunded_cents } })
    const partly = { ...paid, refunded_cents: 1000 }
    const twice = planChargeSync(charge({ status: "paid" }), partly, payment(2000), options)
    expect(twice).toMatchObject({
      status: null,
      action: { type: "none" },
      flag: {
        flag: "refund_mismatch",
        detail: expect.stringMatching(
          /^Medusa records R\$ 20,00 refunded, but Vorexy reports R\$ 10,00 given back/
        ),
      },
    })
    // As much as the gateway gave back: nothing to flag; less: the rest recorded.
    expect(
      planChargeSync(charge({ status: "paid" }), partly, payment(1000), options).flag
    ).toBeNull()
    expect(planChargeSync(charge({ status: "paid" }), partly, payment(0), options)).toMatchObject({
      flag: null,
      action: { type: "record_refund", amount: "10.00" },
    })
    // Refunded in full (no amount said: all of it) covers what Medusa recorded.
    const whole = { status: "refunded" as const, raw: "Refunded", amount_cents: 9490 }
    expect(
      planChargeSync(charge({ status: "paid" }), whole, payment(9490), options).flag
    ).toBeNull()
    // The gateway not saying what it refunded of a paid charge: nothing to compare.
    expect(planChargeSync(charge({ status: "paid" }), paid, payment(2000), options).flag).toBeNull()
    // Agreeing again (the difference refunded in the panel): said, so the flag is cleared.
    const agreed = planChargeSync(
      charge({ status: "paid", flag: "refund_mismatch" }),
      { ...paid, refunded_cents: 2000 },
      payment(2000),
      options
    )
    expect(agreed).toMatchObject({ flag: null, action: { type: "none" } })
    expect(agreed.no_longer).toContain("refund_mismatch")
    expect(twice.no_longer).not.toContain("refund_mismatch")
    // Money kept for a cancelled order says more: that flag stays.
    const cancelledOrder = planChargeSync(
      charge({ status: "paid" }),
      partly,
      {
        ...payment(2000),
        order: { id: "order_1", status: "canceled" },
      },
      options
    )
    expect(cancelledOrder.flag?.flag).toBe("late_payment")
    // A chargeback recorded all of it: refunded afterwards with less said is no mismatch.
    const lost = planChargeSync(
      charge({ status: "disputed" }),
      { ...whole, refunded_cents: 0 },
      payment(9490),
      options
    )
    expect(lost).toMatchObject({ status: "refunded", flag: null, action: { type: "none" } })
    // Refunded in the panel, a second payment the order did not take (another transaction's
    // payment): nothing of it is in Medusa, nothing recorded, nothing flagged.
    const second = planChargeSync(
      charge({ status: "paid", transaction_id: "tx_2", flag: "late_payment" }),
      whole,
      medusa({
        payment: { id: "pay_1", captured_cents: 9490, refunded_cents: 0, transaction_id: "tx_1" },
      }),
      options
    )
    expect(second).toMatchObject({ status: "refunded", flag: null, action: { type: "none" } })
    // Refunded as its flag asked: the flag goes.
    expect(second.no_longer).toContain("late_payment")
  })

  it("leaves the order alone when a payment it did not take is refunded, and records no refund without an order", () => {
    const whole = { status: "refunded" as const, raw: "Refunded", amount_cents: 9490 }
    // Paid another amount, or paid late after a renewal: refunded as the flag asked; the order
    // still waits for its own payment.
    for (const flag of ["amount_mismatch", "late_payment"] as const) {
      const plan = planChargeSync(charge({ status: "paid", flag }), whole, medusa(), options)
      expect(plan).toMatchObject({ status: "refunded", flag: null, action: { type: "none" } })
    }
    expect(
      planChargeSync(charge({ status: "paid" }), whole, medusa({ replaced: true }), options).action
    ).toEqual({ type: "none" })
    // The one payment its order waited on, refunded before its capture: the order is cancelled.
    expect(planChargeSync(charge({ status: "paid" }), whole, medusa(), options).action.type).toBe(
      "cancel_order"
    )
    // Captured into a cart that never became an order: Medusa's refund flow needs an order, so
    // nothing is recorded (it would fail every sync); the flag goes.
    const noOrder = medusa({
      order: null,
      payment: { id: "pay_1", captured_cents: 9490, refunded_cents: 0 },
    })
    const refunded = planChargeSync(
      charge({ status: "paid", flag: "paid_without_order" }),
      whole,
      noOrder,
      options
    )
    expect(refunded).toMatchObject({ status: "refunded", action: { type: "none" } })
    expect(refunded.no_longer).toContain("paid_without_order")
    const chargeback = { status: "disputed" as const, raw: "chargedback", amount_cents: 9490 }
    expect(planChargeSync(charge({ status: "paid" }), chargeback, noOrder, options).action).toEqual(
      { type: "none" }
    )
  })

  it("flags a capture kept for an order cancelled meanwhile, until it is refunded", () => {
    const cancelled = { order: { id: "order_1", status: "canceled" } }
    const kept = planChargeSync(
      charge({ status: "paid" }),
      paid,
      medusa({ ...cancelled, payment: { id: "pay_1", captured_cents: 9490, refunded_cents: 0 } }),
      options
    )
    expect(kept).toMatchObject({ action: { type: "none" }, flag: { flag: "late_payment" } })
    expect(kept.flag!.detail).toMatch(/R\$ 94,90 kept for a cancelled order; refund it/)
    // Refunded (the cancel's own refund, or the admin's): nothing is kept, nothing to flag.
    const refunded = planChargeSync(
      charge({ status: "paid" }),
      paid,
      medusa({
        ...cancelled,
        payment: { id: "pay_1", captured_cents: 9490, refunded_cents: 9490 },
      }),
      options
    )
    expect(refunded).toMatchObject({ flag: null, summary: "already captured" })
    // The flag asking for that refund goes.
    expect(refunded.no_longer).toContain("late_payment")
    // Part refunded in the panel, recorded by this very read: the rest is still kept, flagged.
    const part = planChargeSync(
      charge({ status: "paid" }),
      { ...paid, refunded_cents: 4000 },
      medusa({ ...cancelled, payment: { id: "pay_1", captured_cents: 9490, refunded_cents: 0 } }),
      options
    )
    expect(part).toMatchObject({
      action: { type: "record_refund", amount: "40.00" },
      flag: { flag: "late_payment" },
    })
    expect(part.flag!.detail).toMatch(/R\$ 54,90 kept/)
  })

  it("flags a charge captured into a cart that produced no order, for the admin to refund", () => {
    const captured = { payment: { id: "pay_1", captured_cents: 9490, refunded_cents: 0 } }
    const plan = planChargeSync(
      charge({ status: "paid" }),
      paid,
      medusa({ ...captured, order: null, session_exists: true }),
      options
    )
    expect(plan).toMatchObject({
      action: { type: "none" },
      flag: { flag: "paid_without_order" },
    })
    expect(plan.flag!.detail).toMatch(/produced no order.*refund it in the Vorexy panel/)
    // With its order, the same is only "already captured", and a flag set while the shopper's
    // checkout was still making the order no longer holds (the apply step clears it).
    const placed = planChargeSync(
      charge({ status: "paid", flag: "paid_without_order" }),
      paid,
      medusa(captured),
      options
    )
    expect(placed).toMatchObject({ flag: null })
    expect(placed.no_longer).toContain("paid_without_order")
  })

  it("captures a charge marked paid whose Medusa payment is not captured yet (a crash in between)", () => {
    expect(planChargeSync(charge({ status: "paid" }), paid, medusa(), options).action.type).toBe(
      "capture"
    )
  })

  it("flags a paid amount that differs and never captures it", () => {
    const plan = planChargeSync(charge(), { ...paid, amount_cents: 9400 }, medusa(), options)
    expect(plan).toMatchObject({
      status: null,
      action: { type: "none" },
      flag: { flag: "amount_mismatch" },
    })
    expect(plan.flag!.detail).toBe(
      "Vorexy reports R$ 94,00 paid for a R$ 94,90 charge; not captured."
    )
  })

  it("captures a payment of a charge closed here while its order is open (renewals on, or orders kept)", () => {
    const plan = planChargeSync(
      charge({ status: "cancelled", closed_here: true }),
      paid,
      medusa(),
      {
        ...options,
        cancelOrderOnExpiry: false,
      }
    )
    expect(plan).toMatchObject({
      status: "paid",
      flag: null,
      action: { type: "capture", session_id: "payses_1", amount: "94.90" },
    })
    expect((plan.action as { revive?: boolean }).revive).toBeUndefined()
  })

  it("flags a payment that arrives after the order was cancelled or the charge closed", () => {
    for (const [c, m] of [
      [charge(), medusa({ order: { id: "order_1", status: "canceled" } })],
      [charge({ status: "cancelled" }), medusa()],
      [
        charge({ status: "cancelled", closed_here: true }),
        medusa({ order: { id: "order_1", status: "canceled" } }),
      ],
    ] as const) {
      expect(planChargeSync(c, paid, m, options)).toMatchObject({
        status: null,
        action: { type: "none" },
        flag: { flag: "late_payment" },
      })
    }
  })

  it("closes an unpaid charge and cancels its open order", () => {
    expect(
      planChargeSync(
        charge(),
        { status: "cancelled", raw: "Cancelled", amount_cents: 9490 },
        medusa(),
        options
      )
    ).toMatchObject({
      status: "cancelled",
      action: { type: "cancel_order", order_id: "order_1" },
    })
    expect(
      planChargeSync(
        charge(),
        { status: "failed", raw: "Failed", amount_cents: 9490 },
        medusa(),
        options
      ).status
    ).toBe("failed")
  })

  it("awaits a charge the gateway cancelled at its expiry through its grace, then closes it", () => {
    const cancelled = { status: "cancelled" as const, raw: "Cancelled", amount_cents: 9490 }
    const expired = (minutesAgo: number) =>
      charge({ expires_at: new Date(Date.now() - minutesAgo * 60_000) })
    // Within its 10 minutes of grace: nothing closed, nothing cancelled; read again at its end.
    for (const minutesAgo of [0, 9]) {
      expect(planChargeSync(expired(minutesAgo), cancelled, medusa(), options)).toMatchObject({
        status: null,
        action: { type: "none" },
        summary: expect.stringMatching(/at its expiry: awaited through its grace/),
      })
    }
    // A payment of its last moments, confirmed meanwhile, completes the order.
    expect(planChargeSync(expired(9), paid, medusa(), options)).toMatchObject({
      status: "paid",
      action: { type: "capture" },
    })
    // Past its grace: closed, its order cancelled.
    expect(planChargeSync(expired(11), cancelled, medusa(), options)).toMatchObject({
      status: "cancelled",
      action: { type: "cancel_order" },
    })
    // Cancelled (in the panel) well before its expiry, though read only now: closed at once.
    const early = new Date(Date.now() - 3 * 3600_000).toISOString()
    expect(
      planChargeSync(expired(1), { ...cancelled, updated_at: early }, medusa(), options).status
    ).toBe("cancelled")
    // A card has no expiry of this kind.
    expect(
      planChargeSync({ ...expired(1), method: "credit_card" }, cancelled, medusa(), options).status
    ).toBe("cancelled")
    // A boleto is payable all its due day (25 November, to 23:59 in Brasília): the gateway's
    // expiry from that day's first moment is its expiry; a cancel the evening before is not.
    const boleto = charge({ method: "boleto", expires_at: "2026-11-26T02:59:59.999Z" })
    const inGrace = {
      ...options,
      expiryGraceMinutes: 3 * 1440,
      now: new Date("2026-11-26T15:00:00Z"),
    }
    const cancelledOn = (at: string) =>
      planChargeSync(boleto, { ...cancelled, updated_at: at }, medusa(), inGrace)
    expect(cancelledOn("2026-11-25T03:00:00Z")).toMatchObject({
      status: null,
      action: { type: "none" },
    })
    expect(cancelledOn("2026-11-25T02:59:00Z").status).toBe("cancelled")
    // A due instant written as the next day's first moment: the day before is its due day.
    const exclusive = charge({ method: "boleto", expires_at: "2026-11-26T03:00:00.000Z" })
    const justBefore = { ...cancelled, updated_at: "2026-11-26T02:59:30Z" }
    expect(planChargeSync(exclusive, justBefore, medusa(), inGrace).status).toBeNull()
    // Failed is not an expiry: closed at once.
    expect(
      planChargeSync(
        expired(1),
        { ...cancelled, status: "failed", raw: "Failed" },
        medusa(),
        options
      ).status
    ).toBe("failed")
  })

  it("leaves the order alone when the option is off, it is already cancelled, or there is none", () => {
    const cancelled = { status: "cancelled" as const, raw: "Cancelled", amount_cents: 9490 }
    expect(
      planChargeSync(charge(), cancelled, medusa(), { ...options, cancelOrderOnExpiry: false })
        .action.type
    ).toBe("none")
    expect(
      planChargeSync(
        charge(),
        cancelled,
        medusa({ order: { id: "o", status: "canceled" } }),
        options
      ).action.type
    ).toBe("none")
    expect(planChargeSync(charge(), cancelled, medusa({ order: null }), options).action.type).toBe(
      "none"
    )
  })

  describe("a new charge for the same order (renewal)", () => {
    const cancelled = { status: "cancelled" as const, raw: "Cancelled", amount_cents: 9490 }
    const until = new Date(Date.now() + 3600_000)

    it("keeps the order open while the shopper may ask for a new charge, and looks again then", () => {
      const plan = planChargeSync(charge(), cancelled, medusa(), {
        ...options,
        renewalUntil: until,
      })
      expect(plan).toMatchObject({
        status: "cancelled",
        action: { type: "none" },
        recheck_at: until.toISOString(),
        renewable_until: until.toISOString(),
      })
    })

    it("cancels the order when the window ended without a new charge", () => {
      const ended = new Date(Date.now() - 1000)
      const plan = planChargeSync(charge({ status: "cancelled" }), cancelled, medusa(), {
        ...options,
        renewalUntil: ended,
      })
      expect(plan).toMatchObject({ action: { type: "cancel_order", order_id: "order_1" } })
      expect(plan.recheck_at).toBeUndefined()
    })

    it("never cancels the order for a charge a newer one replaced", () => {
      const replaced = medusa({ superseded: true, replaced: true })
      const plan = planChargeSync(charge(), cancelled, replaced, { ...options, renewalUntil: null })
      expect(plan).toMatchObject({ status: "cancelled", action: { type: "none" } })
      expect(plan.renewable_until).toBeUndefined()
    })

    it("still cancels at the window's end when the new charge asked for never came", () => {
      // A renewal whose create failed (or whose process died): this charge still stands for the order.
      const asked = medusa({ superseded: true, replaced: false })
      const plan = planChargeSync(charge({ status: "cancelled" }), cancelled, asked, {
        ...options,
        renewalUntil: new Date(Date.now() - 1000),
      })
      expect(plan.action).toEqual({ type: "cancel_order", order_id: "order_1" })
    })

    it("never cancels an order its store was paid for otherwise (another payment)", () => {
      const plan = planChargeSync(charge(), cancelled, medusa({ paid_otherwise: true }), {
        ...options,
        renewalUntil: null,
      })
      expect(plan).toMatchObject({ status: "cancelled", action: { type: "none" } })
    })

    it("tells the e-mail until when, even where the store never cancels orders", () => {
      const plan = planChargeSync(charge(), cancelled, medusa(), {
        ...options,
        cancelOrderOnExpiry: false,
        renewalUntil: until,
      })
      expect(plan).toMatchObject({ action: { type: "none" }, renewable_until: until.toISOString() })
      expect(plan.recheck_at).toBeUndefined()
    })

    it("captures a replaced charge paid while its order is open, pointing the session back at it", () => {
      for (const c of [charge(), charge({ status: "cancelled", closed_here: true })]) {
        const plan = planChargeSync(c, paid, medusa({ superseded: true, replaced: true }), options)
        expect(plan).toMatchObject({
          status: "paid",
          flag: null,
          action: { type: "capture", session_id: "payses_1", amount: "94.90", revive: true },
        })
      }
    })

    it("flags a replaced charge paid when its order cannot take it", () => {
      for (const m of [
        medusa({ superseded: true, newer_paid: true }),
        medusa({ superseded: true, paid_otherwise: true }),
        medusa({ superseded: true, session_amount_cents: 9000 }),
        medusa({ superseded: true, order: { id: "order_1", status: "canceled" } }),
        medusa({ superseded: true, order: null }),
      ]) {
        const plan = planChargeSync(charge(), paid, m, options)
        expect(plan).toMatchObject({
          status: null,
          action: { type: "none" },
          flag: { flag: "late_payment" },
        })
      }
      // The gateway closed it itself: never revived.
      const closedThere = planChargeSync(
        charge({ status: "cancelled" }),
        paid,
        medusa({ superseded: true }),
        options
      )
      expect(closedThere).toMatchObject({ flag: { flag: "late_payment" } })
      expect(closedThere.flag?.detail).toMatch(/new charge replaced it/)
    })
  })

  it("expires a charge the gateway still calls awaiting, after the grace period", () => {
    const awaiting = { status: "pending" as const, raw: "Awaiting", amount_cents: 9490 }
    const expired = charge({ expires_at: new Date(Date.now() - 11 * 60_000) })
    expect(planChargeSync(expired, awaiting, medusa(), options)).toMatchObject({
      status: "cancelled",
      action: { type: "cancel_order" },
    })
    const withinGrace = charge({ expires_at: new Date(Date.now() - 5 * 60_000) })
    expect(planChargeSync(withinGrace, awaiting, medusa(), options)).toMatchObject({
      status: null,
      action: { type: "none" },
    })
  })

  it("records a refund made in the panel on the captured payment, once", () => {
    const refunded = { status: "refunded" as const, raw: "Refunded", amount_cents: 9490 }
    expect(
      planChargeSync(
        charge({ status: "paid" }),
        refunded,
        medusa({ payment: { id: "pay_1", captured_cents: 9490, refunded_cents: 0 } }),
        options
      )
    ).toMatchObject({
      status: "refunded",
      action: { type: "record_refund", payment_id: "pay_1", amount: "94.90" },
    })
    expect(
      planChargeSync(
        charge({ status: "refunded" }),
        refunded,
        medusa({ payment: { id: "pay_1", captured_cents: 9490, refunded_cents: 9490 } }),
        options
      ).action.type
    ).toBe("none")
  })

  it("never moves a terminal charge backwards", () => {
    const awaiting = { status: "pending" as const, raw: "Awaiting", amount_cents: 9490 }
    expect(
      planChargeSync(charge({ status: "paid" }), awaiting, medusa(), options).status
    ).toBeNull()
    expect(planChargeSync(charge({ status: "refunded" }), paid, medusa(), options)).toMatchObject({
      status: null,
      action: { type: "none" },
    })
  })
})

describe("planChargeSync after a fault", () => {
  const captured = { id: "pay_1", captured_cents: 9490, refunded_cents: 0 }

  it("flags a second payment for a session already paid by another transaction", () => {
    const paidByFirst = { ...captured, transaction_id: "tx_first" }
    const plan = planChargeSync(
      charge({ status: "pending", transaction_id: "tx_second" }),
      paid,
      medusa({
        payment: paidByFirst,
      }),
      options
    )
    expect(plan).toMatchObject({ flag: { flag: "late_payment" }, action: { type: "none" } })
    expect(plan.flag!.detail).toMatch(/already captured from transaction tx_first/)
    // The transaction the payment was made for is only "already captured".
    expect(
      planChargeSync(
        charge({ status: "paid", transaction_id: "tx_first" }),
        paid,
        medusa({
          payment: paidByFirst,
        }),
        options
      )
    ).toMatchObject({ flag: null, action: { type: "none" } })
  })

  it("flags a payment with no payment session left to capture into", () => {
    const plan = planChargeSync(
      charge(),
      paid,
      medusa({ session_exists: false, order: null }),
      options
    )
    expect(plan).toMatchObject({ action: { type: "none" }, flag: { flag: "late_payment" } })
    expect(plan.flag!.detail).toMatch(/payment session was replaced or deleted/)
  })

  it("keeps watching an unpaid charge whose order was cancelled", () => {
    const awaiting = { status: "pending" as const, raw: "Awaiting", amount_cents: 9490 }
    const plan = planChargeSync(
      charge(),
      awaiting,
      medusa({ order: { id: "order_1", status: "canceled" } }),
      options
    )
    expect(plan).toMatchObject({ status: null, action: { type: "none" } })
    expect(plan.summary).toMatch(/watched/)
  })

  it("records a partial refund on the captured payment, and only what is missing", () => {
    const partly = { ...paid, refunded_cents: 1000 }
    expect(
      planChargeSync(charge({ status: "paid" }), partly, medusa({ payment: captured }), options)
    ).toMatchObject({
      status: null,
      refunded_amount_cents: 1000,
      action: { type: "record_refund", payment_id: "pay_1", amount: "10.00" },
    })
    const recorded = { ...captured, refunded_cents: 1000 }
    expect(
      planChargeSync(charge({ status: "paid" }), partly, medusa({ payment: recorded }), options)
        .action.type
    ).toBe("none")
    const whole = {
      status: "refunded" as const,
      raw: "Refunded",
      amount_cents: 9490,
      refunded_cents: 9490,
    }
    expect(
      planChargeSync(charge({ status: "paid" }), whole, medusa({ payment: recorded }), options)
    ).toMatchObject({ status: "refunded", action: { type: "record_refund", amount: "84.90" } })
  })

  it("cancels the open order of a charge refunded before anything was captured", () => {
    const refunded = { status: "refunded" as const, raw: "Refunded", amount_cents: 9490 }
    expect(planChargeSync(charge(), refunded, medusa(), options)).toMatchObject({
      status: "refunded",
      flag: { flag: "refund_before_capture" },
      action: { type: "cancel_order", order_id: "order_1" },
    })
    const closed = medusa({ order: { id: "order_1", status: "canceled" } })
    expect(planChargeSync(charge(), refunded, closed, options)).toMatchObject({
      status: "refunded",
      flag: null,
      action: { type: "none" },
    })
  })
})

describe("planChargeSync for a dispute", () => {
  const captured = { id: "pay_1", captured_cents: 9490, refunded_cents: 0 }
  const chargeback = { status: "disputed" as const, raw: "Chargedback", amount_cents: 9490 }

  it("records what was captured as refunded and flags the dispute, once", () => {
    const plan = planChargeSync(
      charge({ status: "paid" }),
      chargeback,
      medusa({ payment: captured }),
      options
    )
    expect(plan).toMatchObject({
      status: "disputed",
      flag: { flag: "disputed" },
      action: { type: "record_refund", payment_id: "pay_1", amount: "94.90" },
    })
    expect(plan.flag!.detail).toMatch(/Chargedback.*R\$ 94,90 recorded as refunded/)
    const again = planChargeSync(
      charge({ status: "disputed" }),
      chargeback,
      medusa({ payment: { ...captured, refunded_cents: 9490 } }),
      options
    )
    expect(again).toMatchObject({ status: null, action: { type: "none" } })
  })

  it("records only what a partial refund left", () => {
    expect(
      planChargeSync(
        charge({ status: "paid" }),
        chargeback,
        medusa({ payment: { ...captured, refunded_cents: 1000 } }),
        options
      )
    ).toMatchObject({ action: { type: "record_refund", amount: "84.90" } })
  })

  it("flags a protest without recording a refund, and records it once Vorexy refunds", () => {
    const protest = { status: "disputed" as const, raw: "InProtest", amount_cents: 9490 }
    const plan = planChargeSync(
      charge({ status: "paid" }),
      protest,
      medusa({ payment: captured }),
      options
    )
    expect(plan).toMatchObject({
      status: "disputed",
      flag: { flag: "disputed" },
      action: { type: "none" },
    })
    expect(plan.flag!.detail).toMatch(/InProtest.*R\$ 94,90 held/)
    const refunded = { status: "refunded" as const, raw: "Refunded", amount_cents: 9490 }
    expect(
      planChargeSync(
        charge({ status: "disputed" }),
        refunded,
        medusa({ payment: captured }),
        options
      )
    ).toMatchObject({
      status: "refunded",
      action: { type: "record_refund", payment_id: "pay_1", amount: "94.90" },
    })
  })

  it("records the refund when a protest (money held) becomes a chargeback (money taken)", () => {
    const protest = { status: "disputed" as const, raw: "InProtest", amount_cents: 9490 }
    const held = charge({ status: "disputed" })
    expect(planChargeSync(held, protest, medusa({ payment: captured }), options)).toMatchObject({
      status: null,
      summary: "still disputed",
    })
    const taken = planChargeSync(held, chargeback, medusa({ payment: captured }), options)
    expect(taken).toMatchObject({
      flag: { flag: "disputed" },
      action: { type: "record_refund", payment_id: "pay_1", amount: "94.90" },
    })
    expect(taken.flag!.detail).toMatch(/Chargedback.*R\$ 94,90 recorded as refunded/)
  })

  it("never counts a disputed charge as paid again", () => {
    expect(planChargeSync(charge({ status: "disputed" }), paid, medusa(), options)).toMatchObject({
      status: null,
      action: { type: "none" },
    })
  })
})
