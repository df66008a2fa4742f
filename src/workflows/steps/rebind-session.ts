import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"

export type RebindSessionInput = { session_id: string; transaction_id: string }

/**
 * Before a capture: the session's charge is the one the plugin's own table links to it, so a
 * binding that no longer verifies (signed with a secret since dropped from the keyring) is signed
 * again, and the capture re-fetches that charge instead of trying to create another (which would
 * need the sealed payer, unreadable for the same reason). Only for the same transaction the
 * session names: a session naming another charge is left as it is. No compensation: the binding
 * states what the server itself recorded.
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
    if (vorexy.binding().verify(facts, data.charge_binding)) return new StepResponse(false)
    await payment.updatePaymentSession({
      id: session.id,
      amount: session.amount as number,
      currency_code: session.currency_code,
      data: { ...data, charge_binding: vorexy.binding().sign(facts) },
    })
    return new StepResponse(true)
  }
)
