import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STORED_FACT_FIELDS } from "../../charge-facts"
import { canMoveCharge, ChargeStatus } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { chargeRow, ChargeFacts } from "../utils/charge-record"
import { isDuplicate } from "../utils/duplicate"
import { restoreCharges, Snapshot, snapshotOf } from "../utils/snapshot"
import { nextWatch } from "../utils/watch-schedule"

/**
 * Creates the charge rows that do not exist and completes the ones that do: links (order,
 * collection) and the charge's facts are filled when missing, the status only moves forward. Compensation
 * deletes what was created and restores what was changed.
 */
export const upsertChargesStep = createStep(
  "vorexy-upsert-charges",
  async (facts: ChargeFacts[], { container }) => {
    const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    if (!facts.length)
      return new StepResponse([], { created: [] as string[], previous: [] as Snapshot[] })
    // Another process may record the same charge at the same moment (the status route on a
    // server, the subscriber on a worker): its row wins, and this run completes it instead.
    const { charges, created, previous } = await upsert(service, facts).catch((error) => {
      if (!isDuplicate(error)) throw error
      return upsert(service, facts)
    })
    return new StepResponse(charges, { created, previous })
  },
  async (undo, context) => {
    if (!undo) return
    const service = context.container.resolve<VorexyModuleService>(VOREXY_MODULE)
    if (undo.created.length) await service.deleteVorexyCharges(undo.created)
    await restoreCharges(undo.previous, context)
  }
)

async function upsert(service: VorexyModuleService, facts: ChargeFacts[]) {
  const existing = await service.listVorexyCharges({
    transaction_id: facts.map((f) => f.transaction_id),
  })
  const byTransaction = new Map(existing.map((c) => [c.transaction_id, c]))
  const syncedAt = await service.databaseNow()
  const toCreate: Array<ReturnType<typeof chargeRow>> = []
  const updates: Snapshot[] = []
  const previous: Snapshot[] = []

  for (const fact of facts) {
    const current = byTransaction.get(fact.transaction_id)
    const row = chargeRow(fact, syncedAt, service.options)
    if (!current) {
      if (!toCreate.some((c) => c.transaction_id === row.transaction_id)) toCreate.push(row)
      continue
    }
    const change: Snapshot = { id: current.id }
    for (const field of [
      "order_id",
      "payment_collection_id",
      ...STORED_FACT_FIELDS,
      "company_id",
    ] as const) {
      if (current[field] == null && row[field] != null) change[field] = row[field]
    }
    // A link only adoption inferred (from the gateway's lead) gives way to the session that
    // proves the charge its own (the provider's announcement, or session data whose binding
    // holds): a repeat payer's charge first kept apart is then its real order's, and the refund
    // advice its row carried goes with the guess.
    if (
      current.provider_id.endsWith("_adopted") &&
      current.payment_session_id !== fact.payment_session_id
    ) {
      change.payment_session_id = fact.payment_session_id
      change.provider_id = row.provider_id
      if (current.flag === "late_payment") {
        change.flag = null
        change.flag_detail = null
      }
    }
    // Its order was placed after all (the shopper's checkout finished after the capture).
    if (current.flag === "paid_without_order" && row.order_id != null) {
      change.flag = null
      change.flag_detail = null
    }
    if (
      current.status !== fact.status &&
      canMoveCharge(current.status as ChargeStatus, fact.status)
    ) {
      change.status = fact.status
      change.gateway_status = fact.gateway_status
    }
    // Its expiry or status learnt now: its due date follows (watch-schedule.ts).
    if ("expires_at" in change || "status" in change) {
      change.next_sync_at = nextWatch(
        {
          status: (change.status ?? current.status) as ChargeStatus,
          method: current.method,
          expires_at: (change.expires_at ?? current.expires_at) as Date | string | null,
          captured_at: current.captured_at,
          flag: (change.flag !== undefined ? change.flag : current.flag) as string | null,
        },
        service.options
      )
    }
    if (Object.keys(change).length > 1) {
      updates.push(change)
      previous.push(snapshotOf(current, change))
    }
  }

  const created = toCreate.length ? await service.createVorexyCharges(toCreate) : []
  if (updates.length) await service.updateChargesAndNotify(updates)
  const charges = await service.listVorexyCharges({
    transaction_id: facts.map((f) => f.transaction_id),
  })
  return { charges, created: created.map((c) => c.id), previous }
}
