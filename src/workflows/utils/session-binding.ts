/**
 * A session's charge binding: what it signs, and whether it holds. Session data is shown to
 * shoppers, so a charge it names is acted on only when the binding verifies against the keyring.
 */
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
