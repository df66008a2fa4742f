import { ChargeSyncInputs, planSyncActs } from "../charge-sync/plan"
import { ChargeSyncTrigger, readPolicy } from "../charge-sync/trigger"
import type { GatewaySnapshot, MedusaSnapshot } from "../utils/plan-charge-sync"

type Gathered = Extract<ChargeSyncInputs, { coalesced: false }>

const paid: GatewaySnapshot = { status: "paid", raw: "Paid", amount_cents: 9490 }
const awaiting: GatewaySnapshot = { status: "pending", raw: "WAITING_PAYMENT", amount_cents: 9490 }
const order = { id: "order_1", status: "pending" }
const payment = { id: "pay_1", captured_cents: 0, refunded_cents: 0 }
const lock = { owner: "run_1", wait: true }

function gathered(patch: {
  gateway?: GatewaySnapshot
  medusa?: Partial<MedusaSnapshot>
  charge?: Partial<Gathered["charge"]>
  rest?: Partial<Gathered>
}): Gathered {
  return {
    coalesced: false,
    fetched_at: "2026-11-29T10:00:00Z",
    charge: {
      id: "charge_1",
      transaction_id: "tx_1",
      status: "pending",
      amount_cents: 9490,
      expires_at: new Date(Date.now() + 3600_000),
      flag: null,
      payment_session_id: "payses_1",
      ...patch.charge,
    },
    gateway: patch.gateway ?? paid,
    medusa: { order, payment: null, ...patch.medusa },
    options: { cancelOrderOnExpiry: true, expiryGraceMinutes: 10 },
    learnt_internal_id: null,
    session_bound: true,
    unrecorded: null,
    cart_id: "cart_1",
    ...patch.rest,
  }
}

const unrecorded = {
  id: "pay_1",
  currency_code: "brl",
  captures: [{ id: "capt_1", amount: 94.9 }],
}

/** Why did it capture (or not)? One row per answer: what was gathered → what the sync does. */
const cases: Array<{
  why: string
  input: Gathered
  route: string | null
  cart_lock: boolean
  recheck?: boolean
  rebind?: boolean
  cancel?: boolean
  refund?: string
}> = [
  {
    why: "a PIX or boleto paid while its order waits: the paid session is authorised, under the cart lock, rechecked",
    input: gathered({}),
    route: "paid_session",
    cart_lock: true,
    recheck: true,
    rebind: false,
  },
  {
    why: "a card authorised at checkout, paid now: Medusa's capture of that payment",
    input: gathered({ medusa: { payment } }),
    route: "card",
    cart_lock: true,
    recheck: true,
  },
  {
    why: "paid before its cart became an order: Medusa's flow completes the cart (which locks it itself)",
    input: gathered({ medusa: { order: null } }),
    route: "complete_cart",
    cart_lock: false,
    recheck: false,
  },
  {
    why: "an order made without a cart: captured, with nothing to lock or recheck",
    input: gathered({ rest: { cart_id: null } }),
    route: "paid_session",
    cart_lock: false,
    recheck: false,
  },
  {
    why: "a session whose binding no longer verifies is signed again before the capture",
    input: gathered({ rest: { session_bound: false } }),
    route: "paid_session",
    cart_lock: true,
    rebind: true,
  },
  {
    why: "already captured, its order transaction missing (a run died): repaired, never captured again",
    input: gathered({
      charge: { status: "paid" },
      medusa: { payment: { ...payment, captured_cents: 9490 } },
      rest: { unrecorded },
    }),
    route: "repair",
    cart_lock: true,
  },
  {
    why: "already captured and recorded: nothing to do",
    input: gathered({
      charge: { status: "paid" },
      medusa: { payment: { ...payment, captured_cents: 9490 } },
    }),
    route: null,
    cart_lock: false,
  },
  {
    why: "paid with another amount: flagged, never captured",
    input: gathered({ gateway: { ...paid, amount_cents: 9000 } }),
    route: null,
    cart_lock: false,
  },
  {
    why: "still awaiting: nothing",
    input: gathered({ gateway: awaiting }),
    route: null,
    cart_lock: false,
  },
  {
    why: "lapsed with its order open: the order is cancelled under the cart lock",
    input: gathered({ gateway: { ...awaiting, status: "cancelled", raw: "Cancelled" } }),
    route: null,
    cart_lock: true,
    cancel: true,
  },
  {
    why: "refunded in the panel after its capture: the refund is recorded",
    input: gathered({
      charge: { status: "paid" },
      gateway: { ...paid, status: "refunded", raw: "Refunded", refunded_cents: 9490 },
      medusa: { payment: { ...payment, captured_cents: 9490 } },
    }),
    route: null,
    cart_lock: false,
    refund: "94.90",
  },
]

describe("planSyncActs: what a sync does, and why", () => {
  it.each(cases)("$why", (row) => {
    const acts = planSyncActs(row.input, lock)
    expect(acts.capture?.route ?? null).toBe(row.route)
    expect(acts.cart_lock).toEqual(
      row.cart_lock ? { cart_id: "cart_1", order_id: "order_1", owner: "run_1", wait: true } : null
    )
    if (row.recheck !== undefined) expect(!!acts.capture?.recheck).toBe(row.recheck)
    if (row.rebind !== undefined) expect(!!acts.capture?.rebind).toBe(row.rebind)
    expect(acts.cancel_order).toEqual(row.cancel ? { order_id: "order_1" } : null)
    expect(acts.refund?.amount ?? null).toBe(row.refund ?? null)
  })

  it("captures Medusa's amount for the session the charge was made for, and says so", () => {
    const acts = planSyncActs(gathered({}), lock)
    expect(acts.capture).toMatchObject({ session_id: "payses_1", amount: "94.90" })
    expect(acts.plan.summary).toBe("paid: capturing")
    expect(acts.row).toBe(acts.plan)
  })

  it("a repair records the missing captures of the order's payment", () => {
    const acts = planSyncActs(
      gathered({
        charge: { status: "paid" },
        medusa: { payment: { ...payment, captured_cents: 9490 } },
        rest: { unrecorded },
      }),
      lock
    )
    expect(acts.capture).toMatchObject({ order_id: "order_1", unrecorded })
    expect(acts.captured_before).toBe(true)
  })

  it("a coalesced trigger writes nothing, does nothing, and answers why", () => {
    const acts = planSyncActs(
      { coalesced: true, charge: { id: "charge_1" }, reason: "not read: 404" },
      lock
    )
    expect(acts).toMatchObject({ row: null, capture: null, cart_lock: null, cancel_order: null })
    expect(acts.plan.summary).toBe("not read: 404")
  })

  it("a caller that waits for no busy charge waits for no busy cart either", () => {
    expect(planSyncActs(gathered({}), { owner: "o", wait: false }).cart_lock?.wait).toBe(false)
  })
})

describe("readPolicy: what each trigger means for the sync", () => {
  const tx = { transaction_id: "tx_1" }
  const seen: GatewaySnapshot = paid
  const rows: Array<[ChargeSyncTrigger, Record<string, unknown>]> = [
    [
      { ...tx, by: "webhook", hint: "paid", arrived_at: "2026-11-29T10:00:00Z", vouched: true },
      { hint: "paid", not_before: "2026-11-29T10:00:00Z", vouched: true, lock_wait_s: 30 },
    ],
    [
      { ...tx, by: "job" },
      { lock_wait_s: 0, vouched: false },
    ],
    [
      { ...tx, by: "job_recheck", seen },
      { observed: seen, recheck: true, lock_wait_s: 0 },
    ],
    [
      { ...tx, by: "sweep", vouched: true },
      { vouched: true, lock_wait_s: 0 },
    ],
    [
      { ...tx, by: "admin" },
      { force: true, lock_wait_s: 30 },
    ],
    [
      { ...tx, by: "admin_unknown" },
      { force: true, lock_wait_s: 0 },
    ],
    [
      { ...tx, by: "renewal", since: "t" },
      { not_before: "t", lock_wait_s: 10 },
    ],
    [
      { ...tx, by: "shopper", requested_at: "t" },
      { not_before: "t", lock_wait_s: 0 },
    ],
    [
      { ...tx, by: "provider", seen },
      { observed: seen, lock_wait_s: 30 },
    ],
    [
      { ...tx, by: "order_cancelled" },
      { vouched: false, lock_wait_s: 30 },
    ],
    [
      { ...tx, by: "refund_recorded", refunded_cents: 1000 },
      { refunds_recorded_cents: 1000, lock_wait_s: 30 },
    ],
  ]
  it.each(rows)("%o", (trigger, policy) => {
    expect(readPolicy(trigger)).toEqual(expect.objectContaining(policy))
  })
  it("only an admin's sync forces a read, only the provider and the job's recheck bring what they saw", () => {
    for (const [trigger] of rows) {
      const policy = readPolicy(trigger)
      expect(!!policy.force).toBe(trigger.by === "admin" || trigger.by === "admin_unknown")
      expect(!!policy.observed).toBe(trigger.by === "provider" || trigger.by === "job_recheck")
    }
  })
})
