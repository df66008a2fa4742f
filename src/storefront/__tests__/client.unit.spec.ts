import { createVorexyClient, VorexyStorefrontError } from "../client"
import { pixStatus } from "./fixtures"

type Answer = { status?: number; body: unknown }

/** A fetch that records each request and answers from a queue. */
function fakeFetch(...answers: Answer[]) {
  const requests: { url: URL; init: RequestInit }[] = []
  const fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: new URL(String(input)), init: init ?? {} })
    const answer = answers.shift() ?? { status: 500, body: { message: "no answer queued" } }
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 })
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests }
}

const client = (fetch: typeof globalThis.fetch) =>
  createVorexyClient({ baseUrl: "https://api.store.test/", publishableKey: "pk_123", fetch })

it("reads the config with the publishable key and the amount", async () => {
  const vorexy = { pix: { expires_in_days: 1 }, boleto: { expires_in_days: 3 }, card: null }
  const { fetch, requests } = fakeFetch({ body: { vorexy } })
  await expect(client(fetch).config(9990)).resolves.toEqual(vorexy)
  expect(requests[0].url.pathname).toBe("/store/vorexy/config")
  expect(requests[0].url.searchParams.get("amount_cents")).toBe("9990")
  expect(new Headers(requests[0].init.headers).get("x-publishable-api-key")).toBe("pk_123")
})

it("tells the store the shopper's payment method, as JSON, and gives back the cart's totals", async () => {
  const choice = {
    cart_id: "cart_01",
    payment_method: "pix",
    total: 166.81,
    discount_total: 7.99,
    method_discount: { code: "DESCONTO-PIX", amount: 7.99 },
  }
  const { fetch, requests } = fakeFetch(
    { body: choice },
    { status: 404, body: { message: "Cart x was not found" } }
  )
  await expect(
    client(fetch).choosePaymentMethod("cart_01", "pp_vorexy-pix_vorexy")
  ).resolves.toEqual(choice)
  expect(requests[0].url.pathname).toBe("/store/vorexy/carts/cart_01/payment-method")
  expect(requests[0].init.method).toBe("POST")
  expect(new Headers(requests[0].init.headers).get("content-type")).toBe("application/json")
  expect(JSON.parse(String(requests[0].init.body))).toEqual({ provider_id: "pp_vorexy-pix_vorexy" })
  await expect(client(fetch).choosePaymentMethod("x", "pp_vorexy-pix_vorexy")).rejects.toThrow(
    "Cart x was not found"
  )
})

it("asks for a new charge for an order as JSON, and says the store's reason when refused", async () => {
  const { fetch, requests } = fakeFetch(
    { body: { payment_status: pixStatus({ transaction_id: "tx_02" }) } },
    { status: 409, body: { message: "This order is already paid: there is nothing more to pay." } }
  )
  await expect(client(fetch).renewCharge("order_01", "v1.token")).resolves.toMatchObject({
    transaction_id: "tx_02",
  })
  expect(requests[0].url.pathname).toBe("/store/vorexy/orders/order_01/renew-charge")
  expect(requests[0].init.method).toBe("POST")
  expect(new Headers(requests[0].init.headers).get("content-type")).toBe("application/json")
  // The order's token travels in the body, never in the URL.
  expect(JSON.parse(String(requests[0].init.body))).toEqual({ order_token: "v1.token" })
  expect(requests[0].url.search).toBe("")
  await expect(client(fetch).renewCharge("order_01")).rejects.toThrow("already paid")
})

it("reads a status by order or session, long-polling when asked", async () => {
  const { fetch, requests } = fakeFetch(
    { body: { payment_status: pixStatus() } },
    {
      body: { payment_status: pixStatus() },
    }
  )
  const c = client(fetch)
  await expect(c.status({ orderId: "order_01" })).resolves.toMatchObject({ status: "pending" })
  expect(Object.fromEntries(requests[0].url.searchParams)).toEqual({ order_id: "order_01" })

  await c.status(
    { paymentSessionId: "payses_01" },
    { wait: true, lastStatus: "pending", timeoutMs: 20000 }
  )
  expect(Object.fromEntries(requests[1].url.searchParams)).toEqual({
    payment_session_id: "payses_01",
    wait: "true",
    last_status: "pending",
    timeout_ms: "20000",
  })
})

it("notes how far the device's clock is from the store's, from each status answer", async () => {
  jest.useFakeTimers().setSystemTime(Date.parse("2026-03-10T15:05:00.000Z"))
  try {
    const { fetch } = fakeFetch(
      { body: { payment_status: pixStatus({ server_time: "2026-03-10T15:00:00.000Z" }) } },
      { body: { payment_status: pixStatus() } },
      { body: { payment_status: pixStatus({ server_time: "2026-03-10T15:07:00.000Z" }) } }
    )
    const c = client(fetch)
    await expect(c.status({ orderId: "order_01" })).resolves.toMatchObject({
      clock_offset_ms: -5 * 60_000,
    })
    // An older store says nothing: the device's clock is taken as it is.
    await expect(c.status({ orderId: "order_01" })).resolves.toMatchObject({ clock_offset_ms: 0 })
    // A new charge's answer too.
    await expect(c.renewCharge("order_01")).resolves.toMatchObject({ clock_offset_ms: 2 * 60_000 })
  } finally {
    jest.useRealTimers()
  }
})

it("throws the server's message and HTTP status", async () => {
  const { fetch } = fakeFetch({
    status: 404,
    body: { type: "not_found", message: "No Vorexy charge for order order_x" },
  })
  const error = await client(fetch)
    .status({ orderId: "order_x" })
    .catch((e: unknown) => e)
  expect(error).toBeInstanceOf(VorexyStorefrontError)
  expect(error).toMatchObject({ status: 404, message: "No Vorexy charge for order order_x" })
})

it("reports an unreachable store as a network error (status 0)", async () => {
  const fetch = jest.fn().mockRejectedValue(new TypeError("Failed to fetch"))
  await expect(client(fetch).status({ orderId: "order_01" })).rejects.toMatchObject({
    status: 0,
    code: "network",
  })
})

it("picks the newest Vorexy session of a cart and of an order", async () => {
  const session = (id: string, provider_id: string, created_at: string) => ({
    id,
    provider_id,
    status: "pending",
    created_at,
    data: { id },
  })
  const { fetch, requests } = fakeFetch(
    {
      body: {
        cart: {
          payment_collection: {
            payment_sessions: [
              session("payses_old", "pp_vorexy-pix_vorexy", "2026-01-01T00:00:00Z"),
              session("payses_new", "pp_vorexy-card_vorexy", "2026-01-02T00:00:00Z"),
              session("payses_sys", "pp_system_default", "2026-01-03T00:00:00Z"),
            ],
          },
        },
      },
    },
    {
      body: {
        order: {
          payment_collections: [
            {
              payment_sessions: [session("payses_a", "pp_vorexy-pix_vorexy", "2026-01-05T00:00Z")],
            },
            {
              payment_sessions: [session("payses_b", "pp_vorexy-pix_vorexy", "2026-01-04T00:00Z")],
            },
          ],
        },
      },
    },
    { body: { cart: { payment_collection: null } } }
  )
  const c = client(fetch)
  await expect(c.cartSession("cart_1")).resolves.toEqual({
    id: "payses_new",
    provider_id: "pp_vorexy-card_vorexy",
    status: "pending",
    data: { id: "payses_new" },
  })
  expect(requests[0].url.pathname).toBe("/store/carts/cart_1")
  expect(requests[0].url.searchParams.get("fields")).toBe("*payment_collection.payment_sessions")
  await expect(c.orderSession("order_1")).resolves.toMatchObject({ id: "payses_a" })
  expect(requests[1].url.searchParams.get("fields")).toBe("*payment_collections.payment_sessions")
  await expect(c.cartSession("cart_2")).resolves.toBeNull()
})

it("follow() reads, then long-polls with last_status, and stops on paid", async () => {
  const { fetch, requests } = fakeFetch(
    { body: { payment_status: pixStatus() } },
    { body: { payment_status: pixStatus({ status: "paid", paid: true, payable: false }) } }
  )
  const seen: boolean[] = []
  await new Promise<void>((done) => {
    client(fetch).follow(
      { orderId: "order_01" },
      {
        timeoutMs: 5000,
        onStatus: (s) => seen.push(s.paid),
        onStateChange: (state) => state === "done" && done(),
      }
    )
  })
  expect(seen).toEqual([false, true])
  expect(requests[0].url.searchParams.get("wait")).toBeNull()
  expect(Object.fromEntries(requests[1].url.searchParams)).toMatchObject({
    wait: "true",
    last_status: "pending",
    last_payable: "true",
    timeout_ms: "5000",
  })
})
