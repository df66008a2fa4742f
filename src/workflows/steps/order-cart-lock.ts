import type {
  ILockingModule,
  IOrderModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { LEASE_S } from "./charge-lease"

/** How long a capture waits for a checkout still completing the cart. */
const WAIT_S = 10
/**
 * Held for the capture's few steps (well under a second); a dead run's lock lapses this soon, as
 * its charge's lease does (charge-lease.ts), so it never holds the next run back longer.
 */
const HOLD_S = LEASE_S

export type OrderCartLock = { key: string; owner: string }

const release = (container: MedusaContainer, lock: OrderCartLock) =>
  container
    .resolve<ILockingModule>(Modules.LOCKING)
    .release(lock.key, { ownerId: lock.owner })
    .catch(() => undefined)

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
    const locking = container.resolve(Modules.LOCKING)
    const lock: OrderCartLock = { key: input.cart_id, owner: input.owner }
    const until = Date.now() + WAIT_S * 1000
    for (;;) {
      try {
        await locking.acquire(lock.key, { ownerId: lock.owner, expire: HOLD_S })
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
