/**
 * The plugin adopting a charge whose create answer was lost (reconciliation/adopt-charge.ts): the
 * transaction is written into its payment session, so authorising the session re-fetches that
 * charge instead of creating one again. Only under a binding signed with the server's key: nothing
 * a storefront sends can adopt a transaction.
 */
import type { ChargeBinding } from "./binding"
import { readSessionData } from "./session-data"

export const ADOPT_KEY = "vorexy_adopt"

export type Adoption = {
  transaction_id: string
  company_id: number | null
  charge_binding: string
}

/** The session data with the adopted charge; null when `data` carries no valid adoption. */
export function adoptedSessionData(
  binding: ChargeBinding,
  data: Record<string, unknown> | undefined
): Record<string, unknown> | null {
  const adoption = data?.[ADOPT_KEY] as Partial<Adoption> | undefined
  if (!data || !adoption || typeof adoption !== "object") return null
  const session = readSessionData(data)
  const facts = {
    session_id: session.session_id ?? undefined,
    transaction_id: adoption.transaction_id,
    amount_cents: session.amount_cents,
    company_id: adoption.company_id ?? null,
  }
  if (session.transaction_id || !binding.verify(facts, adoption.charge_binding)) return null
  return {
    ...withoutAdoption(data),
    transaction_id: adoption.transaction_id,
    gateway_company_id: adoption.company_id ?? null,
    charge_binding: adoption.charge_binding,
    status: "pending",
  }
}

/** The data without an adoption request (an invalid one is dropped, never stored). */
export function withoutAdoption(data: Record<string, unknown> | undefined) {
  if (!data || !(ADOPT_KEY in data)) return data
  const rest = { ...data }
  delete rest[ADOPT_KEY]
  return rest
}
