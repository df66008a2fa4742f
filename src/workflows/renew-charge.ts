import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { RENEWAL_LEASE_WAIT_S } from "../rules/timing"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { releaseChargeLeaseStep, takeChargeLeaseStep } from "./steps/charge-lease"
import { lockOrderCartStep, releaseOrderCartStep } from "./steps/order-cart-lock"
import { renewSessionChargeStep } from "./steps/renew-session-charge"

export type RenewChargeInput = {
  order_id: string
  /** The order's newest charge, lapsed: its lease keeps its sync from cancelling the order meanwhile. */
  transaction_id: string
}

/** The cart the charge's order was made from (null: an order made without one). */
const chargeCartStep = createStep(
  "vorexy-charge-cart",
  async (input: { transaction_id: string }, { container }) => {
    const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const [charge] = await vorexy.listVorexyCharges(
      { transaction_id: input.transaction_id },
      { select: ["payment_session_id"] }
    )
    if (!charge) return new StepResponse<string | null>(null)
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "payment_session",
      fields: ["payment_collection.cart_link.cart_id"],
      filters: { id: charge.payment_session_id },
    })
    const session = data[0] as
      { payment_collection?: { cart_link?: { cart_id?: string | null } | null } | null } | undefined
    return new StepResponse<string | null>(session?.payment_collection?.cart_link?.cart_id ?? null)
  }
)

/**
 * "Gerar novo PIX" / "2ª via": a new charge for an order whose PIX or boleto lapsed unpaid, under
 * the lapsed charge's lease, so it and the sync that would cancel the order at the window's end
 * never both happen (renewal.ts); and under the order's cart lock, as captures into the order
 * are, so a late payment of an earlier charge completing the order and a renewal never interleave.
 */
export const renewChargeWorkflow = createWorkflow(
  "vorexy-renew-charge",
  (input: RenewChargeInput) => {
    const lease = takeChargeLeaseStep(
      transform({ input }, ({ input }) => ({
        transaction_id: input.transaction_id,
        wait_s: RENEWAL_LEASE_WAIT_S,
      }))
    )
    const cartId = chargeCartStep(transform({ input }, ({ input }) => ({ ...input })))
    const cartLock = transform({ input, lease, cartId }, ({ input, lease, cartId }) =>
      cartId ? { cart_id: cartId, order_id: input.order_id, owner: lease.owner, wait: true } : null
    )
    when("vorexy-renew-lock-cart", { cartLock }, ({ cartLock }) => !!cartLock).then(() => {
      lockOrderCartStep(transform({ cartLock }, ({ cartLock }) => cartLock!))
    })
    const renewed = renewSessionChargeStep(
      transform({ input, lease }, ({ input, lease }) => ({ ...input, lease }))
    )
    when("vorexy-renew-unlock-cart", { cartLock }, ({ cartLock }) => !!cartLock).then(() => {
      releaseOrderCartStep(
        transform({ cartLock }, ({ cartLock }) => ({
          key: cartLock!.cart_id,
          owner: cartLock!.owner,
        }))
      )
    })
    releaseChargeLeaseStep(lease)
    return new WorkflowResponse(renewed)
  }
)
