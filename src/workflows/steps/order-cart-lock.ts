import type {
  ILockingModule,
  IOrderModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  releaseRenewedLock,
  RenewedLock,
  RenewedLockTimes,
  takeRenewedLock,
} from "../utils/renewed-lock"
import { VOREXY_BUSY } from "../utils/busy"
import {
  CART_LOCK_MAX_HOLD_MS,
  CART_LOCK_RENEW_MS,
  CART_LOCK_RETRY_MS,
  CART_LOCK_S,
  CART_LOCK_WAIT_S,
} from "../../rules/timing"

/**
 * Held for the capture's few steps (well under a second), renewed while they run: a dead run's
 * lock lapses within seconds. A capture waits longer than that for one held (unless its caller
 * waits for nothing: the reconcile job moves on), so it outwaits a dead holder, and a checkout of
 * a few seconds, instead of failing and being retried later. Never renewed past a minute (a run
 * that lost its way must not keep the cart locked).
 */
const CART_LOCK: RenewedLockTimes = {
  holdS: CART_LOCK_S,
  renewMs: CART_LOCK_RENEW_MS,
  retryMs: CART_LOCK_RETRY_MS,
  maxHoldMs: CART_LOCK_MAX_HOLD_MS,
}

export type OrderCartLock = RenewedLock

const locking = (container: MedusaContainer) => container.resolve<ILockingModule>(Modules.LOCKING)

const release = (container: MedusaContainer, lock: OrderCartLock) =>
  releaseRenewedLock(locking(container), lock)

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
    try {
      await takeRenewedLock(
        locking(container),
        lock,
        CART_LOCK,
        input.wait ? CART_LOCK_WAIT_S * 1000 : 0
      )
    } catch (error) {
      const busy = new MedusaError(
        MedusaError.Types.CONFLICT,
        `Vorexy: the cart of order ${input.order_id} stayed locked (its checkout still running); will retry.`,
        VOREXY_BUSY
      )
      // The lock store's own answer, kept for whoever reads the logs (not a listed field).
      throw Object.defineProperty(busy, "cause", { value: error, enumerable: false })
    }
    try {
      const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
      const [order] = await orders.listOrders({ id: input.order_id }, { select: ["id"] })
      if (!order)
        throw new MedusaError(
          MedusaError.Types.CONFLICT,
          `Vorexy: order ${input.order_id} was rolled back by its checkout; will retry.`,
          VOREXY_BUSY
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
