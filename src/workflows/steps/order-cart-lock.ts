import type {
  ILockingModule,
  IOrderModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/**
 * Held for the capture's few steps (well under a second), renewed while they run: a dead run's
 * lock lapses within seconds. A capture waits longer than that for one held, so it outwaits a dead
 * holder (and a checkout of a few seconds) instead of failing and being retried later.
 */
const HOLD_S = 5
const RENEW_MS = 1_500
const WAIT_S = 12
/** Never renewed past this (a run that lost its way must not keep the cart locked). */
const MAX_HOLD_MS = 60_000

export type OrderCartLock = { key: string; owner: string }

/** This process's cart locks, each renewed by its timer until released. */
const renewals = new Map<string, NodeJS.Timeout>()

const locking = (container: MedusaContainer) => container.resolve<ILockingModule>(Modules.LOCKING)

const release = async (container: MedusaContainer, lock: OrderCartLock) => {
  clearInterval(renewals.get(lock.owner))
  renewals.delete(lock.owner)
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
 * sync is retried on what is there now.
 */
export const lockOrderCartStep = createStep(
  "vorexy-lock-order-cart",
  async (input: { cart_id: string; order_id: string; owner: string }, { container }) => {
    const lock: OrderCartLock = { key: input.cart_id, owner: input.owner }
    const until = Date.now() + WAIT_S * 1000
    for (;;) {
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
    // Renewed as its owner (a failed renewal is left to lapse: the charge's lease, not this lock,
    // keeps the capture to one run).
    const renewUntil = Date.now() + MAX_HOLD_MS
    const timer = setInterval(() => {
      if (Date.now() > renewUntil) return clearInterval(timer)
      void locking(container)
        .acquire(lock.key, { ownerId: lock.owner, expire: HOLD_S })
        .catch(() => undefined)
    }, RENEW_MS)
    timer.unref()
    renewals.set(lock.owner, timer)
    const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
    const [order] = await orders.listOrders({ id: input.order_id }, { select: ["id"] })
    if (!order) {
      await release(container, lock)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Vorexy: order ${input.order_id} was rolled back by its checkout; will retry.`
      )
    }
    return new StepResponse(lock, lock)
  },
  async (lock, { container }) => {
    if (lock) await release(container, lock)
  }
)

export const releaseOrderCartStep = createStep(
  "vorexy-release-order-cart",
  async (lock: OrderCartLock, { container }) => {
    await release(container, lock)
    return new StepResponse(true)
  }
)
