import type { IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { bindingFacts, bindSessionTo } from "../utils/session-binding"

export type RebindSessionInput = {
  session_id: string
  transaction_id: string
  /** The status the sync just verified at the gateway (paid), and its raw form. */
  status: string
  gateway_status: string | null
}

/**
 * Before a capture, a session whose binding no longer verifies (signed with a secret since dropped
 * from the keyring) is signed again, with the status the sync verified: Medusa's authorisation
 * then re-fetches the charge the plugin's own table links to the session instead of trying to
 * create another (which would need the sealed payer, unreadable for the same reason). The sync
 * runs it only for such a session (gather-charge-sync.ts tells); a session naming another charge
 * is left as it is. No compensation: it states what the server itself verified.
 */
export const rebindSessionStep = createStep(
  "vorexy-rebind-session",
  async (input: RebindSessionInput | null, { container }) => {
    if (!input) return new StepResponse(false)
    const payment = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const session = await payment.retrievePaymentSession(input.session_id).catch(() => null)
    const data = (session?.data ?? {}) as Record<string, unknown>
    const facts = session && bindingFacts(session.id, input.transaction_id, data)
    if (!session || !facts || vorexy.binding().verify(facts, data.charge_binding))
      return new StepResponse(false)
    const fields = { status: input.status, gateway_status: input.gateway_status }
    return new StepResponse(await bindSessionTo(container, session, input.transaction_id, fields))
  }
)
