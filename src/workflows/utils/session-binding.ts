/**
 * A session's charge binding: what it signs, and whether it holds. Session data is shown to
 * shoppers, so a charge it names is acted on only when the binding verifies against the keyring.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"

/** What a session's charge binding signs, or null when the session names no such charge. */
export function bindingFacts(
  sessionId: string,
  transactionId: string,
  data: Record<string, unknown> | null | undefined
) {
  if (!data || data.transaction_id !== transactionId || typeof data.amount_cents !== "number")
    return null
  return {
    session_id: sessionId,
    transaction_id: transactionId,
    amount_cents: data.amount_cents,
    company_id: (data.gateway_company_id as number | string | null | undefined) ?? null,
  }
}

/** The session names this charge and its binding verifies against the keyring. */
export function sessionBound(
  vorexy: VorexyModuleService,
  sessionId: string,
  transactionId: string,
  data: Record<string, unknown> | null | undefined
) {
  const facts = bindingFacts(sessionId, transactionId, data)
  return Boolean(facts && vorexy.binding().verify(facts, data!.charge_binding))
}

export type BindableSession = {
  id: string
  amount: unknown
  currency_code: string
  data?: Record<string, unknown> | null
}

/**
 * Writes the session's data naming `transactionId` (with `fields`, what the sync verified) under a
 * binding signed with the current key. False when the data cannot carry one (no amount): nothing
 * is written then.
 */
export async function bindSessionTo(
  container: MedusaContainer,
  session: BindableSession,
  transactionId: string,
  fields: Record<string, unknown>
): Promise<boolean> {
  const data = { ...(session.data ?? {}), ...fields, transaction_id: transactionId }
  const facts = bindingFacts(session.id, transactionId, data)
  if (!facts) return false
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  await container.resolve<IPaymentModuleService>(Modules.PAYMENT).updatePaymentSession({
    id: session.id,
    amount: session.amount as number,
    currency_code: session.currency_code,
    data: { ...data, charge_binding: vorexy.binding().sign(facts) },
  })
  return true
}
