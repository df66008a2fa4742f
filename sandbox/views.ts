/**
 * How each record looks on the wire, section by section of the spec (and of the field evidence for
 * what the spec does not show). Reais are emitted as JSON numbers with at most two decimals.
 * Transactions (create, list, detail, webhook): transaction-views.ts; balance and withdrawals here.
 */
import type { Company, Variants, Withdrawal } from "./state"
import { reais, withOffset } from "./wire-format"

export * from "./transaction-views"
export { reais } from "./wire-format"

/** §2.6 balance, reais decimals. */
export function balance(c: Company, id: number) {
  return {
    id,
    companyId: c.companyId,
    currency: "BRL",
    enBalanceStatus: c.balance.status,
    accBalance: reais(c.balance.availableCents),
    accBalanceCredit: reais(c.balance.creditCents),
    accBalanceCreditAwaiting: reais(c.balance.creditAwaitingCents),
  }
}

/** §2.8 withdrawal record (no metadata), flat as in the field or enveloped as the variant says. */
export function withdrawalRecord(w: Withdrawal, variants: Variants) {
  const record = {
    id: w.id,
    companyId: w.companyId,
    idempotencyKey: w.idempotencyKey,
    value: reais(w.amountCents),
    pixKey: w.pixKey,
    pixKeyType: w.pixKeyType,
    creditorDocument: w.creditorDocument,
    description: w.description ?? "",
    currency: w.currency,
    enTransaction: w.state,
    createdAt: w.createdAt,
    ...(w.state === "Failure" ? { providerErrorDescription: w.failureReason } : {}),
  }
  return variants.withdrawalEnvelope === "data" ? { data: record } : record
}

/** GET /api/Withdraw/{id}: the create DTO plus the provider fields seen in the field (§2.3 research). */
export function withdrawalDetail(w: Withdrawal, variants: Variants) {
  const base = withdrawalRecord(w, { ...variants, withdrawalEnvelope: "flat" })
  const record = {
    ...base,
    amount: w.amountCents,
    provider: "sandbox",
    providerStatus: w.state.toUpperCase(),
    providerTid: w.endToEndId,
    providerEndToEndId: w.endToEndId,
    providerPaymentId: w.endToEndId ? `pay_${w.id}` : null,
    providerAmount: w.endToEndId ? reais(w.amountCents) : null,
    providerErrorDescription: w.failureReason,
    updateDate: withOffset(w.updatedAt),
  }
  return variants.withdrawalEnvelope === "data" ? { data: record } : record
}

/** Cash-out webhook as seen in the field: lowercase status, reais + cents. */
export function withdrawalEvent(w: Withdrawal) {
  return {
    object: "withdraw",
    type: "cashout",
    status: w.state === "Awaiting" ? "pending" : w.state.toLowerCase(),
    companyId: w.companyId,
    withdrawId: w.id,
    value: reais(w.amountCents),
    valueInCents: w.amountCents,
    currency: w.currency,
    provider: "sandbox",
    providerStatus: w.state.toUpperCase(),
    providerTid: w.endToEndId,
    providerPaymentId: w.endToEndId ? `pay_${w.id}` : null,
    endToEndId: w.endToEndId,
    providerAmount: w.endToEndId ? reais(w.amountCents) : null,
    providerConfirmedAt: w.state === "Successful" ? w.processedAt : null,
    providerDebitedAt: w.state === "Successful" ? w.processedAt : null,
    providerErrorCode: w.state === "Failure" ? "PIX_FAILED" : null,
    providerErrorDescription: w.failureReason,
    providerPayload: JSON.stringify({ data: { user_id: w.companyId } }),
    pixKey: w.pixKey,
    pixKeyType: w.pixKeyType,
    creditorDocument: w.creditorDocument,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    processedAt: w.processedAt,
    metadata: w.metadata,
  }
}
