import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"

export type RebindSessionInput = {
  session_id: string
  transaction_id: string
  /** The status the sync just verified at the gateway (paid), and its raw form. */
  status: string
  gateway_status: string | null
}

/**
 * Before a capture, the session states what the sync verified:
 * - its status: Medusa's authorisation and capture re-read the charge through the provider, which
 *   announces a status its session does not hold; holding it, they announce nothing, so a capture
 *   never starts a second sync;
 * - its binding: the session's charge is the one the plugin's own table links to it, so a binding
 *   that no longer verifies (signed with a secret since dropped from the keyring) is signed again,
 *   and the capture re-fetches that charge instead of trying to create another (which would need
 *   the sealed payer, unreadable for the same reason).
 * Only for the same transaction the session names: a session naming another charge is left as it
 * is. No compensation: both state what the server itself verified.
 */
export const rebindSessionStep = createStep(
  "vorexy-rebind-session",
  async (input: RebindSessionInput, { container }) => {
    const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const session = await payment.retrievePaymentSession(input.session_id).catch(() => null)
    const data = (session?.data ?? {}) as Record<string, unknown>
    if (!session || data.transaction_id !== input.transaction_id) return new StepResponse(false)
    const facts = {
      session_id: input.session_id,
      transaction_id: input.transaction_id,
      amount_cents: data.amount_cents as number,
      company_id: (data.gateway_company_id as number | string | null | undefined) ?? null,
    }
    if (typeof facts.amount_cents !== "number") return new StepResponse(false)
    const bound = vorexy.binding().verify(facts, data.charge_binding)
    if (bound && data.status === input.status) return new StepResponse(false)
    await payment.updatePaymentSession({
      id: session.id,
      amount: session.amount as number,
      currency_code: session.currency_code,
      data: {
        ...data,
        status: input.status,
        gateway_status: input.gateway_status,
        ...(bound ? {} : { charge_binding: vorexy.binding().sign(facts) }),
      },
    })
    return new StepResponse(true)
  }
)
