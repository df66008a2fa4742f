/**
 * The shoppers of a simulated stretch of time (simulated-week.spec.ts, the benchmark's month): who
 * orders when, with which method, and what the gateway's side then does (a payment minutes or days
 * later, an approval after analysis, a refund in the panel, a chargeback). Seeded, so a run can be
 * told again.
 */
import type { AxiosInstance } from "axios"
import { isBankBusinessDay } from "../../src/workflows/utils/bank-calendar"
import { cardToken, TEST_CARDS } from "./cards"
import type { SandboxRef } from "./sandbox"
import {
  complete,
  createCart,
  placePixOrder,
  setBillingAddress,
  startSession,
  Store,
  storeOrder,
  VALID_PAYER,
} from "./store"

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export type Kind =
  | "pix-paid"
  | "pix-abandoned"
  | "boleto-paid"
  | "boleto-due-day"
  | "boleto-unpaid"
  | "card-approved"
  | "card-refused"
  | "card-analysis"

/** Shares of each kind (they add up to 1). */
export const MIX: Array<[Kind, number]> = [
  ["pix-paid", 0.45],
  ["pix-abandoned", 0.2],
  ["boleto-paid", 0.08],
  ["boleto-due-day", 0.04],
  ["boleto-unpaid", 0.03],
  ["card-approved", 0.1],
  ["card-refused", 0.04],
  ["card-analysis", 0.06],
]

/** What happens to an order after it is placed, relative to its placement (ms). */
export type Plan = {
  kind: Kind
  at: number
  payAfter?: number
  /**
   * Paid at the bank on its due date, and settled (the gateway says paid) this many bank business
   * days after it: 1 to 3 (sim-run.ts times it from the boleto's own due date).
   */
  settledBusinessDays?: number
  refundAfter?: number
  chargebackAfter?: number
}

/** mulberry32: a small seeded PRNG. */
export function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * `orders` plans over `spanMs` from `start`: orders come in bursts (a few minutes apart within one),
 * so the hour after each burst is watched by the recent sweep together.
 */
export function planOrders(orders: number, start: number, spanMs: number, seed = 7): Plan[] {
  const rnd = random(seed)
  const between = (lo: number, hi: number) => lo + rnd() * (hi - lo)
  const pick = (): Kind => {
    let x = rnd()
    for (const [kind, share] of MIX) if ((x -= share) < 0) return kind
    return MIX[0][0]
  }
  const bursts = Math.max(1, Math.ceil(orders / 10))
  const starts = Array.from({ length: bursts }, () => start + rnd() * spanMs).sort((a, b) => a - b)
  const plans: Plan[] = []
  for (let i = 0; i < orders; i++) {
    const burst = starts[i % bursts]
    const kind = pick()
    const plan: Plan = { kind, at: burst + Math.floor(between(0, 10)) * MINUTE }
    if (kind === "pix-paid") plan.payAfter = between(1, 20) * MINUTE
    if (kind === "boleto-paid") plan.payAfter = between(2 * HOUR, 2.5 * DAY)
    if (kind === "boleto-due-day") plan.settledBusinessDays = 1 + Math.floor(rnd() * 3)
    if (kind === "card-analysis") plan.payAfter = between(5, 120) * MINUTE
    const paid =
      kind === "pix-paid" ||
      kind === "boleto-paid" ||
      kind === "boleto-due-day" ||
      kind === "card-approved"
    const settles = (plan.payAfter ?? 0) + (plan.settledBusinessDays ? 8 * DAY : 0)
    if (paid && rnd() < 0.05) plan.refundAfter = settles + between(HOUR, 2 * DAY)
    else if (kind === "card-approved" && rnd() < 0.2) plan.chargebackAfter = between(DAY, 2 * DAY)
    plans.push(plan)
  }
  return plans.sort((a, b) => a.at - b.at)
}

export type Placed = { plan: Plan; orderId: string | null; transactionId: string | null }

/** The shopper's checkout for `plan`, through the Store API (a refused card places no order). */
export async function placeOrder(
  api: AxiosInstance,
  store: Store,
  gateway: SandboxRef,
  plan: Plan
): Promise<Placed> {
  if (plan.kind.startsWith("pix")) {
    const { orderId, transactionId } = await placePixOrder(api, store)
    return { plan, orderId, transactionId }
  }
  const cartId = await createCart(api, store)
  let data: Record<string, unknown> = VALID_PAYER
  if (plan.kind.startsWith("boleto")) {
    await setBillingAddress(api, store, cartId)
  } else {
    const number =
      plan.kind === "card-approved"
        ? TEST_CARDS.approved
        : plan.kind === "card-refused"
          ? TEST_CARDS.refused
          : TEST_CARDS.analysis
    data = { ...VALID_PAYER, card_token: await cardToken(api, store, gateway, number) }
  }
  const method = plan.kind.startsWith("boleto") ? "boleto" : "card"
  const session = await startSession(api, store, cartId, method, data)
  const sessionData = session.data?.payment_collection?.payment_sessions?.[0]?.data
  const transactionId = (sessionData?.transaction_id as string | undefined) ?? null
  const completed = await complete(api, store, cartId)
  if (completed.data?.type !== "order") return { plan, orderId: null, transactionId }
  const order = await storeOrder(api, store, completed.data.order.id)
  const placedId = order.payment_collections[0].payment_sessions[0].data.transaction_id
  return { plan, orderId: order.id, transactionId: placedId ?? transactionId }
}

/**
 * When a boleto due at `dueAt` and paid at the bank that day is settled `businessDays` later: noon
 * in Brasília of that bank business day (weekends and bank holidays skipped, as banks do).
 */
export function settledAt(dueAt: string, businessDays: number): number {
  const BRASILIA = 3 * HOUR
  let day = Math.floor((Date.parse(dueAt) - BRASILIA) / DAY) * DAY
  for (let left = businessDays; left > 0;) {
    day += DAY
    if (isBankBusinessDay(day)) left--
  }
  return day + 12 * HOUR + BRASILIA
}

/**
 * The Monday a week before the next Carnaval (Brazil's banks close that Monday and Tuesday): a
 * simulated stretch that starts then has boletos due the Friday before it.
 */
export function weekBeforeCarnaval(now: number): number {
  for (let day = Math.floor(now / DAY) * DAY + DAY; ; day += DAY) {
    const date = new Date(day)
    if (date.getUTCDay() === 1 && !isBankBusinessDay(day) && !isBankBusinessDay(day + DAY))
      if (date.getUTCMonth() === 1 || date.getUTCMonth() === 2) return day - 7 * DAY + 12 * HOUR
  }
}

/** p50 / p99 / max of `values` (ms) as minutes, for the [sim] lines. */
export function spread(values: number[]) {
  if (!values.length) return "n=0"
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
  const min = (ms: number) => `${(ms / MINUTE).toFixed(1)} min`
  return `n=${sorted.length} p50 ${min(at(0.5))}, p99 ${min(at(0.99))}, max ${min(sorted.at(-1)!)}`
}
