import type {
  ILockingModule,
  IOrderModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/**
 * Held for the capture's few steps (well under a second), renewed while they run: a dead run's
 * lock lapses within seconds. A capture waits longer than that for one held (unless its caller
 * waits for nothing: the reconcile job moves on), so it outwaits a dead holder, and a checkout of
 * a few seconds, instead of failing and being retried later.
 */
const HOLD_S = 5
const RENEW_MS = 1_500
const WAIT_S = 12
/** Never renewed past this (a run that lost its way must not keep the cart locked). */
const MAX_HOLD_MS = 60_000

export type OrderCartLock = { key: string; owner: string }

/**
 * This process's cart locks, renewed by a timer until released. `confirmedAt`: when the last
 * take or renewal that succeeded was sent (monotonic clock).
 */
type Held = { timer: NodeJS.Timeout; renewing: Promise<unknown>; confirmedAt: number }
const held = new Map<string, Held>()

const locking = (container: MedusaContainer) => container.resolve<ILockingModule>(Modules.LOCKING)

/** Renews it, unless it may have lapsed (then it is let go, never taken back unseen). */
async function renew(container: MedusaContainer, lock: OrderCartLock, state: Held) {
  const sent = performance.now()
  if (sent - state.confirmedAt >= HOLD_S * 1000) return stop(lock)
  const renewed = await locking(container)
    .acquire(lock.key, { ownerId: lock.owner, expire: HOLD_S })
    .then(
      () => true,
      () => false
    )
  if (!renewed || performance.now() - state.confirmedAt >= HOLD_S * 1000) return stop(lock)
  state.confirmedAt = Math.max(state.confirmedAt, sent)
}

function stop(lock: OrderCartLock) {
  const state = held.get(lock.owner)
  if (state) clearInterval(state.timer)
}

/** Stops renewing (a renewal in flight lands first), then lets go. */
async function release(container: MedusaContainer, lock: OrderCartLock) {
  const state = held.get(lock.owner)
  held.delete(lock.owner)
  if (state) {
    clearInterval(state.timer)
    await state.renewing
  }
  await locking(container)
    .release(lock.key, { ownerId: lock.owner })
    .catch(() => undefined)
}

/**
 * Takes the lock of the cart an order was made from: the one Medusa's cart completion holds from
 * start to end, and its order transactions recorded. A capture into the order then never
 * interleaves with a checkout still completing (both authorising the session, or both recording
 * the same capture on the order), and a repair never doubles the completion's transaction. Once
 * held, the order must still exist: a completion that failed meanwhile rolled it back, and the
 * sync is retried on what is there now. The charge's lease, not this lock, keeps the capture to
 * one run.
 */
export const lockOrderCartStep = createStep(
  "vorexy-lock-order-cart",
  async (
    input: { cart_id: string; order_id: string; owner: string; wait: boolean } | null,
    { container }
  ) => {
    // Nothing to lock: no order, or no capture, repair or cancel for it (charge-sync/plan.ts).
    if (!input) return new StepResponse<OrderCartLock | null>(null, null)
    const lock: OrderCartLock = { key: input.cart_id, owner: input.owner }
    const until = Date.now() + (input.wait ? WAIT_S * 1000 : 0)
    let sent: number
    for (;;) {
      sent = performance.now()
      try {
        await locking(container).acquire(lock.key, { ownerId: lock.owner, expire: HOLD_S })
        break
      } catch {
        if (Date.now() >= until)
          throw new MedusaError(
            MedusaError.Types.CONFLICT,
            `Vorexy: the cart of order ${input.order_id} stayed locked (its checkout still running); will retry.`
          )
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
    const renewUntil = Date.now() + MAX_HOLD_MS
    const state: Held = {
      confirmedAt: sent,
      renewing: Promise.resolve(),
      timer: setInterval(() => {
        if (Date.now() > renewUntil) return stop(lock)
        state.renewing = renew(container, lock, state)
      }, RENEW_MS),
    }
    state.timer.unref()
    held.set(lock.owner, state)
    try {
      const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
      const [order] = await orders.listOrders({ id: input.order_id }, { select: ["id"] })
      if (!order)
        throw new MedusaError(
          MedusaError.Types.CONFLICT,
          `Vorexy: order ${input.order_id} was rolled back by its checkout; will retry.`
        )
    } catch (error) {
      // Failed here, the step's compensation gets nothing to release: let go now.
      await release(container, lock)
      throw error
    }
    return new StepResponse<OrderCartLock | null>(lock, lock)
  },
  async (lock, { container }) => {
    if (lock) await release(container, lock)
  }
)

export const releaseOrderCartStep = createStep(
  "vorexy-release-order-cart",
  async (lock: OrderCartLock | null, { container }) => {
    if (lock) await release(container, lock)
    return new StepResponse(true)
  }
)
