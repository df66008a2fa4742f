/**
 * Settles withdrawals left "unknown" (the gateway may have accepted them when the answer was lost):
 * the same request is sent again with the same Idempotency-Key, which the gateway answers with the
 * original record, or makes now what never arrived. A cash-out webhook for a withdrawal the store
 * has no gateway id for is matched, after a re-fetch, by its Idempotency-Key.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { findPixDestination, type PixKeyType } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { cutText } from "../modules/vorexy/storable"
import type { VorexyWithdrawalRow } from "../modules/vorexy/types"
import { sendWithdrawalNotices } from "../notifications/withdrawal-notices"
import {
  outcomeOfFailure,
  rowUpdateFor,
  withdrawalRequest,
  WithdrawalOutcome,
} from "../workflows/utils/withdrawal-request"
import { noteWithdrawalFailure, writeWithdrawal } from "../workflows/utils/withdrawal-write"

export async function settleUnknownWithdrawal(
  container: MedusaContainer,
  listed: VorexyWithdrawalRow
) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  // Its webhook may have settled it since it was listed.
  const [row] = await vorexy.listVorexyWithdrawals({ id: listed.id })
  if (!row || row.status !== "unknown") return "already settled"
  // A replay may make now what never arrived: never to a key the store no longer lists (one asked
  // before the destinations were configuration). Its webhook still settles it if it was made.
  const wanted = row.pix_key ? { type: row.pix_key_type as PixKeyType, key: row.pix_key } : null
  if (wanted && !findPixDestination(vorexy.options.withdrawalPixKeys ?? [], wanted)) {
    const reason =
      "Not sent again: its PIX key is not one of the store's withdrawal destinations (withdrawalPixKeys). Look for it in the Vorexy panel."
    await noteUnsettled(vorexy, row.id, reason)
    return `still unknown: ${reason}`
  }
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
    await noteUnsettled(vorexy, row.id, cutText(`Not settled yet: ${outcome.reason}`, 1000))
    return `still unknown: ${outcome.reason}`
  }
  // From the row as it is now: its webhook may have settled it while the replay was answered.
  const written = await writeWithdrawal(vorexy, row.id, (now) => rowUpdateFor(outcome, now))
  await sendWithdrawalNotices(container, row.id)
  const status = written?.after.status ?? "gone"
  return outcome.type === "accepted"
    ? `settled: Vorexy withdrawal ${outcome.withdrawal.id}, ${status} (Vorexy answered ${outcome.withdrawal.status.raw})`
    : `settled: ${status} (refused: ${outcome.reason})`
}

/** Why it is still unknown, and when to try again (while it is: its webhook may have settled it). */
const noteUnsettled = (vorexy: VorexyModuleService, id: string, reason: string) =>
  noteWithdrawalFailure(vorexy, id, ["unknown"], reason)

/** Said of a withdrawal whose request was recorded but never sent (withdrawal-watch.ts). */
export const NEVER_SENT =
  "Never sent: the request stopped between its record and its send (the server restarted or lost its database). Nothing left the account; request it again if it is still wanted."

/** Closes a withdrawal recorded but never sent as failed: nothing left, its limit share is freed. */
export async function closeNeverSentWithdrawal(container: MedusaContainer, id: string) {
  const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  // Only while still "requested", in one statement: its send, if it came now, would win instead.
  const closed = await vorexy.moveWithdrawal(
    id,
    { status: "requested", gateway_id: null },
    { status: "failed", failure_reason: NEVER_SENT }
  )
  if (!closed) return "moved on"
  await sendWithdrawalNotices(container, id)
  return "closed: never sent"
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
  const adopted = await writeWithdrawal(vorexy, mine.id, (now) =>
    // Named meanwhile (its request's answer, or the job's replay): that is the adoption.
    now.gateway_id && now.gateway_id !== record.id
      ? null
      : rowUpdateFor({ type: "accepted", withdrawal: record }, now)
  )
  return adopted?.after.gateway_id === record.id ? adopted.after : null
}
