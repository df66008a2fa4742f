/**
 * What each benchmark does to a running store (bench/stores.ts). Every figure is measured from
 * the outside, over HTTP, as a storefront, the gateway's webhooks or an admin would see it.
 */
import { complete, createCart, startPix } from "../integration-tests/helpers/store"
import type { PaidGateway } from "./gateways"
import { PLUGIN_ROUTE, type BenchStore } from "./stores"

export const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1)! }
}

/** `count` jobs, `width` at a time. */
export async function inBatches<T>(count: number, width: number, job: (i: number) => Promise<T>) {
  const results: T[] = []
  for (let start = 0; start < count; start += width) {
    const batch = Array.from({ length: Math.min(width, count - start) }, (_, k) => job(start + k))
    results.push(...(await Promise.all(batch)))
  }
  return results
}

const elapsed = async (work: () => Promise<unknown>) => {
  const started = performance.now()
  await work()
  return performance.now() - started
}

/** A placed PIX order: its id and transaction. */
export async function placePix(bs: BenchStore) {
  const cartId = await createCart(bs.api, bs.store)
  await startPix(bs.api, bs.store, cartId)
  const { data } = await complete(bs.api, bs.store, cartId)
  if (data.type !== "order") throw new Error(`not placed: ${JSON.stringify(data).slice(0, 300)}`)
  const status = await bs.api.get(
    `/store/vorexy/payment-status?order_id=${data.order.id}`,
    bs.store.storeHeaders
  )
  return {
    orderId: data.order.id as string,
    transactionId: status.data.payment_status.transaction_id as string,
  }
}

/**
 * Checkout's payment step, timed: payment collection, session, cart completion, for one provider
 * (the cart, with its address and shipping, is made first and not timed). Interleaved, so both
 * providers see the same store, and each goes first every other round, so neither always
 * follows the other's background work (its subscribers, its e-mail).
 */
export async function cartCompletion(bs: BenchStore, samples: number) {
  const times: Record<"vorexy" | "system", number[]> = { vorexy: [], system: [] }
  for (let i = 0; i < samples; i++) {
    const order = i % 2 ? (["system", "vorexy"] as const) : (["vorexy", "system"] as const)
    for (const provider of order) {
      const cartId = await createCart(bs.api, bs.store)
      times[provider].push(
        await elapsed(async () => {
          if (provider === "vorexy") await startPix(bs.api, bs.store, cartId)
          else await systemSession(bs, cartId)
          const { data } = await complete(bs.api, bs.store, cartId)
          if (data.type !== "order") throw new Error(`${provider}: cart not completed`)
        })
      )
    }
  }
  return { vorexy: stats(times.vorexy), system: stats(times.system) }
}

async function systemSession(bs: BenchStore, cartId: string) {
  const { data } = await bs.api.post(
    "/store/payment-collections",
    { cart_id: cartId },
    bs.store.storeHeaders
  )
  await bs.api.post(
    `/store/payment-collections/${data.payment_collection.id}/payment-sessions`,
    { provider_id: "pp_system_default" },
    bs.store.storeHeaders
  )
}

/**
 * Payment → the storefront knows: `samples` orders paid at the sandbox (which POSTs its webhook to
 * `route`), 10 at a time, each timed from the pay call to its long-poll answering paid.
 */
export async function paymentToPaid(bs: BenchStore, route: string, samples: number) {
  bs.sandbox.setWebhookUrl(`${bs.base}${route}`)
  const callsBefore = countByRoute(bs)
  const orders = await inBatches(samples, 5, () => placePix(bs))
  const times = await inBatches(samples, 10, async (i) => {
    const { orderId, transactionId } = orders[i]
    const poll = bs.api.get(
      `/store/vorexy/payment-status?order_id=${orderId}&wait=true&last_status=pending&timeout_ms=30000`,
      bs.store.storeHeaders
    )
    await new Promise((r) => setTimeout(r, 50))
    const started = performance.now()
    bs.sandbox.state.payTransaction(transactionId)
    const { data } = await poll
    if (!data.payment_status.paid) throw new Error(`${orderId}: not paid within 30 s`)
    return performance.now() - started
  })
  await bs.sandbox.webhooks.idle(30_000)
  return { ...stats(times), calls: perOrder(countByRoute(bs), callsBefore, samples) }
}

/** The sandbox's log of API calls, by route. */
export function countByRoute(bs: BenchStore) {
  const counts: Record<string, number> = {}
  for (const r of bs.sandbox.requests) counts[r.route] = (counts[r.route] ?? 0) + 1
  return counts
}

export function perOrder(now: Record<string, number>, before: Record<string, number>, n: number) {
  return Object.fromEntries(
    Object.keys(now).map((route) => [route, (now[route] - (before[route] ?? 0)) / n])
  )
}

/**
 * Paid under load (issue: "10 payments at once on server + worker"): `rounds` rounds of `width`
 * PIX orders paid at `gateway` in the same instant, its webhooks to the plugin's route. Each order
 * is timed from its pay call to its long-poll answering paid, and to an answer saying the order
 * is captured (a second long-poll, `last_captured=false`, when the first did not say so yet).
 * `calls`: the store's API calls at the gateway from the pay calls to the last order captured.
 */
export async function paidUnderLoad(
  bs: BenchStore,
  gateway: PaidGateway,
  rounds: number,
  width = 10
) {
  await gateway.setWebhookUrl(`${bs.base}${PLUGIN_ROUTE}`)
  const paid: number[] = []
  const captured: number[] = []
  const calls: Record<string, number> = {}
  const poll = (orderId: string, query: string) =>
    bs.api
      .get(
        `/store/vorexy/payment-status?order_id=${orderId}&wait=true&${query}&timeout_ms=30000`,
        bs.store.storeHeaders
      )
      .then((r) => r.data.payment_status)
  for (let round = 0; round < rounds; round++) {
    const orders = await inBatches(width, 5, () => placePix(bs))
    const polls = orders.map((o) => poll(o.orderId, "last_status=pending"))
    await new Promise((r) => setTimeout(r, 100))
    await gateway.startCounting()
    const started = performance.now()
    await Promise.all([
      gateway.pay(orders.map((o) => o.transactionId)),
      ...orders.map(async (o, i) => {
        // A long-poll answers after 30 s at most: on a machine busy with other work the payment
        // may take longer to apply, and the shopper's page would ask again.
        let status = await polls[i]
        while (!status.paid) {
          if (performance.now() - started > 120_000)
            throw new Error(
              `${o.orderId}: not paid within 120 s; the gateway's last deliveries: ${JSON.stringify(await gateway.lastDeliveries())}`
            )
          status = await poll(o.orderId, "last_status=pending")
        }
        paid.push(performance.now() - started)
        while (!status.order_captured) {
          if (performance.now() - started > 120_000) throw new Error(`${o.orderId}: not captured`)
          status = await poll(o.orderId, "last_status=paid&last_captured=false")
        }
        captured.push(performance.now() - started)
      }),
    ])
    for (const [route, n] of Object.entries(await gateway.counted()))
      calls[route] = (calls[route] ?? 0) + n
  }
  return {
    paid: stats(paid),
    captured: stats(captured),
    samples: { paid, captured },
    calls,
    orders: rounds * width,
  }
}
