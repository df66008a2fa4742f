/**
 * Inside Medusa's cart completion, under the cart's lock and just before the payment is
 * authorized, for every provider's sessions (nothing is charged when one fails; Medusa undoes the
 * order it began, and the Store API answers the message with a 400):
 * - one amount per cart: every session is for the cart's total now (utils/session-amount.ts);
 * - a PIX or boleto discount is paid with its method (method-discounts/mismatch.ts).
 * Inside the lock, so two requests racing cannot slip past it, and for every completion, the
 * Store API's and the one another provider runs from its own webhook. The
 * `beforePaymentAuthorization` hook, not `validate`: a hook takes one handler, and `validate` is
 * the one a store uses for its own checks.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import {
  type CartForMismatch,
  discountMismatch,
  MISMATCH_FIELDS,
} from "../../method-discounts/mismatch"
import { discountsOf } from "../../method-discounts/promotions"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { type CartForAmount, sessionAmountMismatch } from "../utils/session-amount"

// Medusa 2.21 exposes the hook at run time but leaves it out of the workflow's types.
type Hooks = {
  beforePaymentAuthorization(
    invoke: (
      data: { input: { id: string } },
      context: { container: MedusaContainer }
    ) => Promise<void>
  ): void
}
;(completeCartWorkflow.hooks as unknown as Hooks).beforePaymentAuthorization(
  async ({ input }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart",
      fields: [...MISMATCH_FIELDS, "payment_collection.payment_sessions.amount"],
      filters: { id: input.id },
    })
    const cart = data[0] as (CartForMismatch & CartForAmount) | undefined
    const discounts = discountsOf(container.resolve<VorexyModuleService>(VOREXY_MODULE).options)
    const problem = sessionAmountMismatch(cart) ?? discountMismatch(cart, discounts)
    if (problem) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, problem)
  }
)
