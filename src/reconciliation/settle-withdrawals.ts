/**
 * Settles withdrawals left "unknown" (the gateway may have accepted them when the answer was lost):
 * the same request is sent again with the same Idempotency-Key, which the gateway answers with the
 * original record, or makes now what never arrived. A cash-out webhook for a withdrawal the store
 * has no gateway id for is matched, after a re-fetch, by its Idempotency-Key.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import type { VorexyWithdrawalRow } from "../modules/vorexy/types"
import { sendWithdrawalNotices } from "../notifications/withdrawal-notices"
import {
  outcomeOfFailure,
  rowUpdateFor,
  withdrawalRequest,
  WithdrawalOutcome,
} from "../workflows/utils/withdrawal-request"

export async function settleUnknownWithdrawal(
  container: MedusaContainer,
  listed: VorexyWithdrawalRow
) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  // Its webhook may have settled it since it was listed.
  const [row] = await vorexy.listVorexyWithdrawals({ id: listed.id })
  if (!row || row.status !== "unknown") return "already settled"
  let outcome: WithdrawalOutcome
  try {
    const withdrawal = await vorexy
      .gateway()
      .requestWithdrawal(withdrawalRequest(row), { idempotencyKey: row.idempotency_key })
    outcome = { type: "accepted", withdrawal }
  } catch (error) {
    // Only the gateway's own answer settles it; any other refusal of the replay leaves it unknown
    // (the first attempt may still exist), noted for the admin and retried with backoff.
    outcome = outcomeOfFailure(error) ?? { type: "unknown", reason: (error as Error).message }
  }
  if (outcome.type === "unknown") {
    await vorexy.updateVorexyWithdrawals({
      id: row.id,
      failure_reason: `Not settled yet: ${outcome.reason}`.slice(0, 1000),
    })
    await vorexy.recordWithdrawalSyncFailure(row.id)
    return `still unknown: ${outcome.reason}`
  }
  await vorexy.updateVorexyWithdrawals({ id: row.id, ...rowUpdateFor(outcome, row) })
  await sendWithdrawalNotices(container, row.id)
  return outcome.type === "accepted"
    ? `settled: Vorexy withdrawal ${outcome.withdrawal.id} (${outcome.withdrawal.status.raw})`
    : `settled: failed (${outcome.reason})`
}

/**
 * A cash-out event names a gateway id the store does not know: when a local withdrawal is unknown,
 * re-fetch the gateway's record and adopt it if its Idempotency-Key is ours. Returns the local row.
 */
export async function adoptWithdrawal(container: MedusaContainer, gatewayId: string) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const unknown = await vorexy.listVorexyWithdrawals({ status: "unknown", gateway_id: null })
  if (!unknown.length) return null
  const record = await vorexy.gateway().getWithdrawal(gatewayId)
  const mine = record && unknown.find((row) => row.idempotency_key === record.idempotencyKey)
  if (!record || !mine) return null
  const [adopted] = await vorexy.updateVorexyWithdrawals([
    { id: mine.id, ...rowUpdateFor({ type: "accepted", withdrawal: record }, mine) },
  ])
  return adopted
}
