/**
 * The status follower: reads a charge's status once, then long-polls for changes until the charge is
 * paid or can no longer be paid. Pure: the request, the timers and the "tab woke up" signal are
 * injected, so tests drive it with fake timers.
 */
import { isAbort, isFinalError } from "./errors.js"
import { storeTime } from "./format.js"
import type { VorexyPaymentStatus } from "./types.js"

export type FollowerState = "loading" | "waiting" | "backoff" | "done" | "stopped"

export type FollowerTimers = {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
}

/** Calls `wake` when the page may have slept (tab visible again, back online); returns unsubscribe. */
export type WakeSource = (wake: () => void) => () => void

export type StatusFollowerOptions = {
  /**
   * One request: without `lastStatus` answer at once; with it, long-poll until the status changes
   * (or, given `lastCaptured`, until whether the store has captured the order changes; given
   * `lastPayable`, until whether it can be paid changes).
   */
  load: (
    lastStatus: string | undefined,
    signal: AbortSignal,
    lastCaptured?: boolean,
    lastPayable?: boolean
  ) => Promise<VorexyPaymentStatus>
  onStatus: (status: VorexyPaymentStatus) => void
  onError?: (error: unknown) => void
  onStateChange?: (state: FollowerState) => void
  timers?: FollowerTimers
  visibility?: WakeSource
  /**
   * After "paid", how long to keep following until the store has captured the order
   * (`order_captured`), in ms; then the follower ends anyway. Default 2 minutes.
   */
  captureWaitMs?: number
}

export type StatusFollower = { stop(): void; readonly state: FollowerState }

export const MAX_BACKOFF_MS = 30_000

/**
 * A long-poll that comes back unchanged sooner than this (a cache, a server holding no waits)
 * is asked again only once this much time has passed since it was sent: never a tight loop.
 */
export const MIN_POLL_GAP_MS = 1_000

/** 1 s, 2 s, 4 s … capped at 30 s, for the nth failure in a row (from 0). */
export const backoffDelay = (failures: number) => Math.min(1000 * 2 ** failures, MAX_BACKOFF_MS)

/** How long a paid charge is followed, by default, until the store has captured its order. */
export const CAPTURE_WAIT_MS = 120_000

/** A paid charge the store has not captured into the order yet (an older server never says). */
export const awaitingCapture = (status: VorexyPaymentStatus) =>
  status.paid && status.order_captured === false

/**
 * A lapsed PIX or boleto whose order waits for a new one: the store still watches it, so a payment
 * of the old code, or a new one asked for in another tab, reaches the page without a reload.
 */
export const orderWaits = (status: VorexyPaymentStatus) =>
  !status.paid &&
  !status.payable &&
  Boolean(status.renewable_until) &&
  Date.parse(status.renewable_until!) > storeTime(status, Date.now())

/**
 * Still awaited by the store though nothing can be paid (the gateway closed it at its expiry): a
 * payment made in time may still be confirmed, so the page keeps following it.
 */
export const storeAwaits = (status: VorexyPaymentStatus) =>
  !status.paid && status.status === "pending" && !status.closed_reason

/**
 * Nothing more to follow: paid and captured by the store (or paid, from a server that does not
 * say), no longer payable (unless its order waits for a new one, or the store still awaits it), or
 * a payment the store could not confirm (only the store changes that).
 */
export const isFinalStatus = (status: VorexyPaymentStatus) =>
  Boolean(status.unconfirmed_reason) ||
  (status.paid
    ? !awaitingCapture(status)
    : !status.payable && !orderWaits(status) && !storeAwaits(status))

const globalTimers: FollowerTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
}

/** The browser's wake signals; nothing on a server (read when a follower starts, not at import). */
export const browserWakeSource: WakeSource = (wake) => {
  if (typeof document === "undefined" || typeof window === "undefined") return () => {}
  const onVisibility = () => {
    if (document.visibilityState === "visible") wake()
  }
  document.addEventListener("visibilitychange", onVisibility)
  window.addEventListener("online", wake)
  return () => {
    document.removeEventListener("visibilitychange", onVisibility)
    window.removeEventListener("online", wake)
  }
}

export function createStatusFollower(options: StatusFollowerOptions): StatusFollower {
  const timers = options.timers ?? globalTimers
  let state: FollowerState | "idle" = "idle"
  let current: VorexyPaymentStatus | undefined
  let failures = 0
  let request: AbortController | undefined
  let retry: unknown
  // Answers to a request that was replaced (aborted on wake) or stopped are dropped.
  let generation = 0

  const over = () => state === "done" || state === "stopped"
  const enter = (next: FollowerState) => {
    if (state === next) return
    state = next
    options.onStateChange?.(next)
  }

  let sentAt = 0
  let paidAt: number | undefined
  const captureWaitMs = options.captureWaitMs ?? CAPTURE_WAIT_MS

  function run(lastStatus: string | undefined) {
    const mine = ++generation
    sentAt = Date.now()
    request = new AbortController()
    enter(lastStatus === undefined ? "loading" : "waiting")
    const signal = request.signal
    // A load that throws at once is a failure like any other, not an exception out of run().
    // While waiting for the store's capture, the long-poll also ends when that changes.
    const lastCaptured =
      lastStatus !== undefined && current && awaitingCapture(current) ? false : undefined
    // While it can be paid, the long-poll also ends when it no longer can (the gateway closed it);
    // asked only of a server that says `closing`, which takes it (an older one refuses it).
    const lastPayable =
      lastStatus !== undefined && current?.payable && current.closing !== undefined
        ? true
        : undefined
    new Promise<VorexyPaymentStatus>((resolve) =>
      resolve(options.load(lastStatus, signal, lastCaptured, lastPayable))
    ).then(
      (status) => mine === generation && !over() && received(status),
      (error) => mine === generation && !over() && failed(error)
    )
  }

  function received(status: VorexyPaymentStatus) {
    failures = 0
    const unchanged =
      current?.status === status.status &&
      current?.order_captured === status.order_captured &&
      current?.payable === status.payable
    current = status
    options.onStatus(status)
    if (over()) return // onStatus may have stopped us
    if (isFinalStatus(status)) return finish("done")
    // Paid, the store not yet caught up: followed a while longer, never forever.
    if (status.paid) paidAt ??= Date.now()
    if (captureWaitOver()) return finish("done")
    const gap = unchanged ? MIN_POLL_GAP_MS - (Date.now() - sentAt) : 0
    if (gap <= 0) return run(status.status)
    retry = timers.setTimeout(() => {
      retry = undefined
      run(status.status)
    }, gap)
  }

  /** Paid, and the store has not captured it within captureWaitMs: stop following. */
  const captureWaitOver = () => paidAt !== undefined && Date.now() - paidAt >= captureWaitMs

  function failed(error: unknown) {
    if (isAbort(error)) return
    options.onError?.(error)
    if (over()) return
    // Failures after "paid" do not extend the wait for the capture either.
    if (isFinalError(error) || captureWaitOver()) return finish("done")
    enter("backoff")
    retry = timers.setTimeout(() => {
      retry = undefined
      run(current?.status)
    }, backoffDelay(failures++))
  }

  /** A sleeping tab's long-poll may be a dead connection, and its backoff needlessly long. */
  function wake() {
    if (state !== "backoff" && state !== "waiting") return
    if (retry !== undefined) timers.clearTimeout(retry)
    retry = undefined
    request?.abort()
    run(undefined)
  }

  function finish(final: "done" | "stopped") {
    generation++
    if (retry !== undefined) timers.clearTimeout(retry)
    retry = undefined
    request?.abort()
    unsubscribe()
    enter(final)
  }

  const unsubscribe = (options.visibility ?? browserWakeSource)(() => {
    if (!over()) wake()
  })
  run(undefined)

  return {
    stop() {
      if (!over()) finish("stopped")
    },
    get state() {
      return state as FollowerState
    },
  }
}
