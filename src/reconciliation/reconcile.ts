/**
 * The reconcile job's work: catches what webhooks missed and settles what a fault left open.
 * Bounded per run; one failure never stops the others, and a failing row backs off (run-sync.ts)
 * so it cannot hold the queue.
 */
import type { IEventBusModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../modules/vorexy"
import { WEBHOOK_RECEIVED_EVENT } from "../modules/vorexy/events"
import { RECONCILE_MARK } from "../modules/vorexy/health"
import type VorexyModuleService from "../modules/vorexy/service"
import { runChargeSync, runWithdrawalSync } from "./run-sync"
import { settleUnknownWithdrawal } from "./settle-withdrawals"

export const RECONCILE_BATCH = { charges: 50, withdrawals: 20, unknown: 10, events: 20 }

/** An "unknown" withdrawal is settled only this long after it was asked for. */
export const UNKNOWN_SETTLE_AFTER_MS = 2 * 60_000

/** Due now: never tried, or its backoff has passed. */
const due = (field: "next_sync_at" | "next_attempt_at") => ({
  $or: [{ [field]: null }, { [field]: { $lte: new Date() } }],
})

export async function reconcileVorexy(container: MedusaContainer) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const failures: string[] = []
  const attempt = (what: string, work: () => Promise<unknown>) =>
    work().catch((e: Error) => failures.push(`${what}: ${e.message}`))

  // Pending charges, least recently synced first (lost webhooks, expiry); and paid, disputed or
  // locally expired ones whose watch is due (a refund, a dispute's end or a late payment whose
  // webhook was lost).
  const charges = await service.listVorexyCharges(
    {
      $or: [
        { status: "pending", ...due("next_sync_at") },
        {
          status: ["paid", "cancelled", "disputed"],
          next_sync_at: { $ne: null, $lte: new Date() },
        },
      ],
    },
    { order: { last_synced_at: "ASC" }, take: RECONCILE_BATCH.charges }
  )
  for (const charge of charges) {
    const transaction_id = charge.transaction_id
    await attempt(`charge ${transaction_id}`, () => runChargeSync(container, { transaction_id }))
  }

  // Withdrawals the gateway has not finished.
  const withdrawals = await service.listVorexyWithdrawals(
    { status: ["pending", "processing"], gateway_id: { $ne: null }, ...due("next_sync_at") },
    { order: { last_synced_at: "ASC" }, take: RECONCILE_BATCH.withdrawals }
  )
  for (const row of withdrawals) {
    await attempt(`withdrawal ${row.gateway_id}`, () =>
      runWithdrawalSync(container, row.id, { gateway_id: row.gateway_id! })
    )
  }

  // Withdrawals whose answer was lost: the gateway may have made them. Not while their own send
  // may still be running (a timeout's worth, and more).
  const unknown = await service.listVorexyWithdrawals(
    {
      status: "unknown",
      ...due("next_sync_at"),
      created_at: { $lte: new Date(Date.now() - UNKNOWN_SETTLE_AFTER_MS) },
    },
    { order: { created_at: "ASC" }, take: RECONCILE_BATCH.unknown }
  )
  for (const row of unknown) {
    await attempt(`unknown withdrawal ${row.id}`, () => settleUnknownWithdrawal(container, row))
  }

  // Webhook events whose processing failed (retried with backoff until abandoned), and any the
  // subscriber never got to (a crash between storing and processing).
  const events = await service.listVorexyWebhookEvents(
    {
      $or: [
        { outcome: "failed", ...due("next_attempt_at") },
        { outcome: "received", created_at: { $lte: new Date(Date.now() - 60_000) } },
      ],
    },
    { order: { created_at: "ASC" }, take: RECONCILE_BATCH.events }
  )
  // Handed to the webhook subscriber again (on whichever instance takes it), not processed here.
  if (events.length) {
    await container
      .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
      .emit(events.map((event) => ({ name: WEBHOOK_RECEIVED_EVENT, data: { id: event.id } })))
  }

  const dropped = await service.dropOldWebhookBodies()
  // Hourly counters of refused deliveries older than two days are no longer shown.
  const oldCounters = await service.listVorexyHealthMarks(
    {
      key: { $like: "webhook_refused:%" },
      last_at: { $lt: new Date(Date.now() - 48 * 3_600_000) },
    },
    { select: ["id"], take: 100 }
  )
  if (oldCounters.length) await service.deleteVorexyHealthMarks(oldCounters.map((m) => m.id))

  if (failures.length) {
    logger.warn(`Vorexy reconcile: ${failures.length} failed: ${failures.join("; ")}`)
  }
  const result = {
    charges: charges.length,
    withdrawals: withdrawals.length,
    unknown_withdrawals: unknown.length,
    webhook_events: events.length,
    bodies_dropped: dropped,
    failures,
  }
  // For the admin's health card: when it last ran and what it found (a few failures, bounded).
  await service.markHealth(RECONCILE_MARK, {
    ...result,
    failures: failures.length,
    failure_sample: failures.slice(0, 3).map((f) => f.slice(0, 300)),
  })
  return result
}
