/**
 * The load benchmarks: a burst of webhook deliveries for many paid orders, and a thousand
 * long-polls waiting while other Store API routes are timed.
 */
import { readFileSync } from "node:fs"
import { Client } from "@medusajs/framework/pg"
import { countByRoute, inBatches, perOrder, placePix, stats } from "./measure"
import { PLUGIN_ROUTE, type BenchStore } from "./stores"

/**
 * `orders` PIX orders paid at the sandbox with its webhooks off, then `deliveries` webhook
 * deliveries sent to the store, 50 at a time, in random order: one paid delivery per order, the
 * rest awaiting ones, 30% of all repeats of another (same event id). Timed until every order is
 * captured; then the captures per order and the gateway calls per order.
 */
export async function webhookBurst(
  bs: BenchStore,
  databaseUrl: string,
  orders: number,
  deliveries: number
) {
  bs.sandbox.setWebhookUrl(null)
  const placed = await inBatches(orders, 5, () => placePix(bs))
  for (const { transactionId } of placed) bs.sandbox.state.payTransaction(transactionId)
  const unique = Math.round(deliveries * 0.7)
  const events = Array.from({ length: unique }, (_, i) => {
    const { transactionId } = placed[i % orders]
    const status = i < orders ? "paid" : "waiting_payment"
    return {
      id: `burst_${transactionId}_${i}`,
      body: { object: "transaction", status, transactionId },
    }
  })
  while (events.length < deliveries) events.push(events[Math.floor(Math.random() * unique)])
  events.sort(() => Math.random() - 0.5)
  const before = countByRoute(bs)

  const started = performance.now()
  await inBatches(events.length, 50, (i) =>
    bs.api.post(PLUGIN_ROUTE, events[i].body, { headers: { "x-webhook-event-id": events[i].id } })
  )
  const ids = placed.map((p) => p.orderId)
  let captured = 0
  while (captured < orders) {
    captured = Number(
      (await capturesByOrder(databaseUrl, ids)).filter((c) => c.captures > 0).length
    )
    if (performance.now() - started > 300_000)
      throw new Error(`only ${captured}/${orders} captured in 5 min`)
    if (captured < orders) await new Promise((r) => setTimeout(r, 100))
  }
  const drainMs = performance.now() - started
  await new Promise((r) => setTimeout(r, 3_000)) // late duplicates would capture now
  const counts = await capturesByOrder(databaseUrl, ids)
  return {
    drainMs,
    exactlyOnce: counts.every((c) => c.captures === 1),
    maxCaptures: Math.max(...counts.map((c) => c.captures)),
    calls: perOrder(countByRoute(bs), before, orders),
  }
}

async function capturesByOrder(databaseUrl: string, orderIds: string[]) {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `select o.id, count(c.id)::int as captures
         from "order" o
         join order_payment_collection opc on opc.order_id = o.id and opc.deleted_at is null
         join payment p on p.payment_collection_id = opc.payment_collection_id and p.deleted_at is null
         left join capture c on c.payment_id = p.id and c.deleted_at is null
        where o.id = any($1)
        group by o.id`,
      [orderIds]
    )
    return rows as Array<{ id: string; captures: number }>
  } finally {
    await client.end()
  }
}

/** p95 of `count` sequential GETs of each route. */
async function routeTimes(bs: BenchStore, count: number) {
  const routes = ["/store/regions", `/store/products?region_id=${bs.store.region.id}`]
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await bs.api.get(routes[i % routes.length], bs.store.storeHeaders)
    times.push(performance.now() - started)
  }
  return stats(times)
}

/**
 * Other routes idle, then with `waiters` long-polls open (timeout `timeoutMs`) on 20 pending
 * orders; half the orders are paid while they wait. Reports how late each long-poll answered
 * after its timeout or after its order's payment.
 */
export async function longPollLoad(bs: BenchStore, waiters: number, timeoutMs: number) {
  const idle = await routeTimes(bs, 200)
  const burst = await longPolls(bs, waiters, 0, timeoutMs, async () => {
    await new Promise((r) => setTimeout(r, 1_000))
    return routeTimes(bs, 200)
  })
  // The same number arriving evenly over 10 s, paid once all have arrived.
  const spread = await longPolls(bs, waiters, 10_000, timeoutMs, async () => {
    await new Promise((r) => setTimeout(r, 11_000))
  })
  return {
    idle,
    loaded: burst.during!,
    lateAfterChange: burst.lateAfterChange,
    lateAfterTimeout: burst.lateAfterTimeout,
    overflows: burst.overflows,
    spread: {
      lateAfterChange: spread.lateAfterChange,
      lateAfterTimeout: spread.lateAfterTimeout,
      overflows: spread.overflows,
    },
  }
}

/**
 * Connections the kernel dropped because a listen queue was full (Linux's ListenOverflows, for
 * the whole machine), or null where it does not say. A dropped connection is tried again by the
 * client 1 s later.
 */
function listenOverflows(): number | null {
  try {
    const [names, values] = readFileSync("/proc/net/netstat", "utf8")
      .split("\n")
      .filter((line) => line.startsWith("TcpExt:"))
      .map((line) => line.trim().split(/\s+/))
    const at = names?.indexOf("ListenOverflows") ?? -1
    return at < 0 || !values ? null : Number(values[at])
  } catch {
    return null
  }
}

/**
 * `waiters` long-polls on 20 new pending orders, sent evenly over `overMs` (0: all at once);
 * `meanwhile` runs, then 10 of the orders are paid. How late each answered after its order's
 * payment, or after its timeout counted from when it was sent.
 */
async function longPolls<T>(
  bs: BenchStore,
  waiters: number,
  overMs: number,
  timeoutMs: number,
  meanwhile: () => Promise<T>
) {
  const orders = await inBatches(20, 5, () => placePix(bs))
  bs.sandbox.setWebhookUrl(`${bs.base}${PLUGIN_ROUTE}`)
  // What placing the orders set off (events, e-mails, the worker's announcements) settles first:
  // the long-polls meet the server as a shopper's would, not in the middle of the setup.
  await new Promise((r) => setTimeout(r, 2_000))
  const overflowsBefore = listenOverflows()
  const paidAt = new Map<string, number>()
  const begun = performance.now()
  const polls = Array.from({ length: waiters }, async (_, i) => {
    const { orderId } = orders[i % orders.length]
    const at = begun + (overMs * i) / waiters
    if (overMs) await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())))
    const sent = performance.now()
    const { data } = await bs.api.get(
      `/store/vorexy/payment-status?order_id=${orderId}&wait=true&last_status=pending&timeout_ms=${timeoutMs}`,
      bs.store.storeHeaders
    )
    const answered = performance.now()
    const due = data.payment_status.paid ? paidAt.get(orderId)! : sent + timeoutMs
    return { late: answered - due, paid: data.payment_status.paid as boolean }
  })
  const during = await meanwhile()
  for (const { orderId, transactionId } of orders.slice(0, 10)) {
    paidAt.set(orderId, performance.now())
    bs.sandbox.state.payTransaction(transactionId)
  }
  const answers = await Promise.all(polls)
  const overflowsAfter = listenOverflows()
  return {
    during,
    overflows:
      overflowsBefore === null || overflowsAfter === null ? null : overflowsAfter - overflowsBefore,
    lateAfterChange: stats(answers.filter((a) => a.paid).map((a) => a.late)),
    lateAfterTimeout: stats(answers.filter((a) => !a.paid).map((a) => a.late)),
  }
}
