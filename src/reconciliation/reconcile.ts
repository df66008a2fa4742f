/**
 * The reconcile job's work: catches what webhooks missed and settles what a fault left open.
 * Bounded per run; one failure never stops the others, and a failing row backs off (run-sync.ts)
 * so it cannot hold the queue.
 */
import { randomUUID } from "node:crypto"
import type {
  IEventBusModuleService,
  ILockingModule,
  MedusaContainer,
} from "@medusajs/framework/types"
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

/** One run at a time across every process (a store on the in-memory workflow engine and two
 * workers would run each tick twice). Held at most this long if its process dies mid-run. */
const RUN_LOCK = "vorexy:reconcile"
const RUN_LOCK_SECONDS = 600

export type ReconcileResult = Awaited<ReturnType<typeof reconcileOnce>> & { skipped: boolean }

/** One reconcile run, unless another process is running one (then this tick is skipped). */
export async function reconcileVorexy(container: MedusaContainer): Promise<ReconcileResult> {
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const ownerId = `vorexy-reconcile:${randomUUID()}`
  try {
    await locking.acquire(RUN_LOCK, { ownerId, expire: RUN_LOCK_SECONDS })
  } catch {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info("Vorexy reconcile: a run is already under way (this or another process); tick skipped.")
    return { ...EMPTY_RUN, skipped: true }
  }
  try {
    return { ...(await reconcileOnce(container)), skipped: false }
  } finally {
    await locking.release(RUN_LOCK, { ownerId }).catch(() => undefined)
  }
}

const EMPTY_RUN = {
  charges: 0,
  withdrawals: 0,
  unknown_withdrawals: 0,
  webhook_events: 0,
  bodies_dropped: 0,
  failures: [] as string[],
}

async function reconcileOnce(container: MedusaContainer) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const failures: string[] = []
  // Gateway reads this run may cause (each charge, withdrawal or handed-back event: about one),
  // spent in this order; what does not fit waits for the next run.
  let budget = service.options.reconcileCallsPerMinute
  const within = async <T>(batch: number, list: (take: number) => Promise<T[]>) => {
    const take = Math.min(batch, budget)
    const rows = take > 0 ? await list(take) : []
    budget -= rows.length
    return rows
  }
  const attempt = (what: string, work: () => Promise<unknown>) =>
    work().catch((e: Error) => failures.push(`${what}: ${e.message}`))

  // Pending charges, least recently synced first (lost webhooks, expiry); and paid, disputed or
  // locally expired ones whose watch is due (a refund, a dispute's end or a late payment whose
  // webhook was lost).
  const charges = await within(RECONCILE_BATCH.charges, (take) =>
    service.listVorexyCharges(
      {
        $or: [
          { status: "pending", ...due("next_sync_at") },
          {
            status: ["paid", "cancelled", "disputed"],
            next_sync_at: { $ne: null, $lte: new Date() },
          },
        ],
      },
      { order: { last_synced_at: "ASC" }, take }
    )
  )
  for (const charge of charges) {
    const transaction_id = charge.transaction_id
    await attempt(`charge ${transaction_id}`, () => runChargeSync(container, { transaction_id }))
  }

  // Withdrawals the gateway has not finished.
  const withdrawals = await within(RECONCILE_BATCH.withdrawals, (take) =>
    service.listVorexyWithdrawals(
      { status: ["pending", "processing"], gateway_id: { $ne: null }, ...due("next_sync_at") },
      { order: { last_synced_at: "ASC" }, take }
    )
  )
  for (const row of withdrawals) {
    await attempt(`withdrawal ${row.gateway_id}`, () =>
      runWithdrawalSync(container, row.id, { gateway_id: row.gateway_id! })
    )
  }

  // Withdrawals whose answer was lost: the gateway may have made them. Not while their own send
  // may still be running (a timeout's worth, and more).
  const unknown = await within(RECONCILE_BATCH.unknown, (take) =>
    service.listVorexyWithdrawals(
      {
        status: "unknown",
        ...due("next_sync_at"),
        created_at: { $lte: new Date(Date.now() - UNKNOWN_SETTLE_AFTER_MS) },
      },
      { order: { created_at: "ASC" }, take }
    )
  )
  for (const row of unknown) {
    await attempt(`unknown withdrawal ${row.id}`, () => settleUnknownWithdrawal(container, row))
  }

  // Webhook events whose processing failed (retried with backoff until abandoned), and any the
  // subscriber never got to (a crash between storing and processing).
  const events = await within(RECONCILE_BATCH.events, (take) =>
    service.listVorexyWebhookEvents(
      {
        $or: [
          { outcome: "failed", ...due("next_attempt_at") },
          { outcome: "received", created_at: { $lte: new Date(Date.now() - 60_000) } },
        ],
      },
      { order: { created_at: "ASC" }, take }
    )
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
