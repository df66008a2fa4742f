/**
 * `medusa-payment-vorexy/storefront/client`: the framework-free storefront client. It reads the
 * Store API (with the publishable key), follows a charge's status and tokenises cards. No React, and
 * nothing touches `window` or `document` until a function is called.
 */
import { tokenizeCard } from "./card-token.js"
import { isAbort, VorexyStorefrontError } from "./errors.js"
import { createStatusFollower, type FollowerState, type StatusFollower } from "./follower.js"
import { cartVorexySession, orderVorexySession, type CartBody, type OrderBody } from "./sessions.js"
import type {
  VorexyCardConfig,
  VorexyCardInput,
  VorexyPaymentStatus,
  VorexySession,
  VorexyStatusTarget,
  VorexyStoreConfig,
} from "./types.js"

export type VorexyClientOptions = {
  /** The Medusa backend, e.g. https://api.example.com (no trailing path). */
  baseUrl: string
  publishableKey: string
  /** Defaults to the global fetch, read when a request is made. */
  fetch?: typeof fetch
}

export type VorexyStatusOptions = {
  /** Long-poll: answer when the status differs from `lastStatus` (or at the server's timeout). */
  wait?: boolean
  lastStatus?: string
  /** Long-poll: also answer when `order_captured` differs from this. */
  lastCaptured?: boolean
  /** Long-poll: also answer when `payable` differs from this. */
  lastPayable?: boolean
  timeoutMs?: number
  signal?: AbortSignal
}

export type VorexyFollowOptions = {
  onStatus: (status: VorexyPaymentStatus) => void
  onError?: (error: unknown) => void
  onStateChange?: (state: FollowerState) => void
  /** How long the server holds each long-poll (500–30000 ms; the server's default is 25 s). */
  timeoutMs?: number
}

/** The cart after the shopper picked a payment method (its discount applied or removed). */
export type VorexyMethodChoice = {
  cart_id: string
  payment_method: "pix" | "boleto" | "card" | "other"
  /** Reais, as Medusa's cart totals. */
  total: number
  discount_total: number
  /** This method's discount on the cart, if it has one. */
  method_discount: { code: string; amount: number } | null
}

export type VorexyClient = {
  config(amountCents?: number): Promise<VorexyStoreConfig>
  /** Tells the store the shopper picked this payment provider: a PIX or boleto discount follows. */
  choosePaymentMethod(cartId: string, providerId: string): Promise<VorexyMethodChoice>
  status(target: VorexyStatusTarget, opts?: VorexyStatusOptions): Promise<VorexyPaymentStatus>
  cartSession(cartId: string): Promise<VorexySession | null>
  orderSession(orderId: string): Promise<VorexySession | null>
  /**
   * A new PIX or boleto for an order whose charge lapsed (while `renewable_until` allows): answers
   * the new charge's status. A second call answers the same charge; a refusal throws its reason.
   * `orderToken`: the order's token, from the `vorexy_token` parameter of the order page link the
   * store's e-mails carry; without it (and without the order's customer logged in) the store
   * refuses (403), asking the shopper to open the latest e-mail or log in.
   */
  renewCharge(orderId: string, orderToken?: string | null): Promise<VorexyPaymentStatus>
  follow(target: VorexyStatusTarget, options: VorexyFollowOptions): StatusFollower
  tokenizeCard(card: VorexyCardInput, config: VorexyCardConfig): Promise<string>
}

/** A long-poll the server should have answered by now is a dead connection: give up on it. */
const WATCHDOG_MARGIN_MS = 15_000
const SERVER_WAIT_MS = 25_000

/** A status as the store answered it, with how far the device's clock is from the store's. */
function withClockOffset(status: VorexyPaymentStatus): VorexyPaymentStatus {
  const serverTime = status.server_time ? Date.parse(status.server_time) : NaN
  return { ...status, clock_offset_ms: Number.isFinite(serverTime) ? serverTime - Date.now() : 0 }
}

export function createVorexyClient(options: VorexyClientOptions): VorexyClient {
  const base = options.baseUrl.replace(/\/+$/, "")

  async function get<T>(path: string, query: Record<string, string>, signal?: AbortSignal) {
    const search = new URLSearchParams(query).toString()
    return request<T>(`${path}${search ? `?${search}` : ""}`, { signal })
  }

  async function request<T>(path: string, init: { signal?: AbortSignal; body?: unknown }) {
    const doFetch = options.fetch ?? globalThis.fetch
    let response: Response
    try {
      response = await doFetch(`${base}${path}`, {
        method: init.body === undefined ? "GET" : "POST",
        headers: {
          accept: "application/json",
          "x-publishable-api-key": options.publishableKey,
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: "include",
        signal: init.signal,
      })
    } catch (error) {
      if (isAbort(error)) throw error
      const reason = error instanceof Error ? error.message : String(error)
      throw new VorexyStorefrontError(`Could not reach the store: ${reason}`, 0, "network")
    }
    const body = (await response.json().catch(() => null)) as (T & { message?: string }) | null
    if (!response.ok || body === null)
      throw new VorexyStorefrontError(
        body?.message ?? `The store answered HTTP ${response.status}`,
        response.status
      )
    return body
  }

  async function status(target: VorexyStatusTarget, opts: VorexyStatusOptions = {}) {
    const query: Record<string, string> =
      "orderId" in target
        ? { order_id: target.orderId }
        : { payment_session_id: target.paymentSessionId }
    if (opts.wait) {
      query.wait = "true"
      if (opts.lastStatus) query.last_status = opts.lastStatus
      if (opts.lastCaptured !== undefined) query.last_captured = String(opts.lastCaptured)
      if (opts.lastPayable !== undefined) query.last_payable = String(opts.lastPayable)
      if (opts.timeoutMs) query.timeout_ms = String(opts.timeoutMs)
    }
    const body = await get<{ payment_status: VorexyPaymentStatus }>(
      "/store/vorexy/payment-status",
      query,
      opts.signal
    )
    return withClockOffset(body.payment_status)
  }

  /** One request of the follower, abandoned if the server holds it well past its own timeout. */
  function watched(target: VorexyStatusTarget, timeoutMs: number | undefined) {
    return (
      lastStatus: string | undefined,
      signal: AbortSignal,
      lastCaptured?: boolean,
      lastPayable?: boolean
    ) => {
      const controller = new AbortController()
      const abort = () => controller.abort()
      signal.addEventListener("abort", abort)
      let timedOut = false
      const watchdog = setTimeout(
        () => {
          timedOut = true
          controller.abort()
        },
        (timeoutMs ?? SERVER_WAIT_MS) + WATCHDOG_MARGIN_MS
      )
      const wait = lastStatus !== undefined
      return status(target, {
        wait,
        lastStatus,
        lastCaptured,
        lastPayable,
        timeoutMs,
        signal: controller.signal,
      })
        .catch((error) => {
          if (timedOut) throw new VorexyStorefrontError("The store did not answer", 0, "timeout")
          throw error
        })
        .finally(() => {
          clearTimeout(watchdog)
          signal.removeEventListener("abort", abort)
        })
    }
  }

  return {
    async config(amountCents) {
      const query: Record<string, string> =
        amountCents === undefined ? {} : { amount_cents: String(Math.round(amountCents)) }
      return (await get<{ vorexy: VorexyStoreConfig }>("/store/vorexy/config", query)).vorexy
    },
    choosePaymentMethod(cartId, providerId) {
      return request<VorexyMethodChoice>(
        `/store/vorexy/carts/${encodeURIComponent(cartId)}/payment-method`,
        { body: { provider_id: providerId } }
      )
    },
    status,
    async cartSession(cartId) {
      const body = await get<CartBody>(`/store/carts/${encodeURIComponent(cartId)}`, {
        fields: "*payment_collection.payment_sessions",
      })
      return cartVorexySession(body)
    },
    async orderSession(orderId) {
      const body = await get<OrderBody>(`/store/orders/${encodeURIComponent(orderId)}`, {
        fields: "*payment_collections.payment_sessions",
      })
      return orderVorexySession(body)
    },
    async renewCharge(orderId, orderToken) {
      const path = `/store/vorexy/orders/${encodeURIComponent(orderId)}/renew-charge`
      const body = orderToken ? { order_token: orderToken } : {}
      const answer = await request<{ payment_status: VorexyPaymentStatus }>(path, { body })
      return withClockOffset(answer.payment_status)
    },
    follow(target, { onStatus, onError, onStateChange, timeoutMs }) {
      const load = watched(target, timeoutMs)
      return createStatusFollower({ load, onStatus, onError, onStateChange })
    },
    tokenizeCard,
  }
}

export { VorexyStorefrontError, isFinalError } from "./errors.js"
export type { VorexyStorefrontErrorCode } from "./errors.js"
export * from "./follower.js"
export { loadCardTokeniser, normaliseCard, tokenizeCard } from "./card-token.js"
export type { VorexyCardTokeniser } from "./card-token.js"
export * from "./payer.js"
export * from "./card-checks.js"
export * from "./format.js"
export { methodDiscountText } from "./discount.js"
export { shopperMessage } from "./shopper-message.js"
export { isVorexyProvider, vorexyMethodOf, neighbourhoodOf } from "./method.js"
export { viewState } from "./view-state.js"
export { textsFor, VOREXY_TEXTS, type VorexyTexts } from "./texts.js"
export { newestVorexySession } from "./sessions.js"
export type * from "./types.js"
