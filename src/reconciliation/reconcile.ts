/**
 * The reconcile job's work: catches what webhooks missed and settles what a fault left open.
 * Due work first (withdrawals whose answer was lost or not final, charges to close at their
 * expiry or to retry, failed webhook events), earliest due first; then the watches, which read
 * the gateway's list rather than each charge (sweeps.ts). Bounded per run in gateway calls and
 * time; one failure never stops the others, and a failing row backs off (runChargeSync, in
 * charge-sync/workflow.ts) so it cannot hold the queue.
 */
import type {
  IEventBusModuleService,
  ILockingModule,
  MedusaContainer,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../modules/vorexy"
import { webhookEventMessages } from "../modules/vorexy/events"
import { HOURLY_MARKS, RECONCILE_MARK } from "../modules/vorexy/health"
import type VorexyModuleService from "../modules/vorexy/service"
import { cutText } from "../modules/vorexy/storable"
import { sendDueReminders } from "../notifications/payment-reminders"
import { isChargeNotFound, runChargeSync } from "../workflows/charge-sync/workflow"
import { isBusy } from "../workflows/utils/busy"
import { runWithdrawalSync } from "./run-withdrawal-sync"
import { closeNeverSentWithdrawal, settleUnknownWithdrawal } from "./settle-withdrawals"
import {
  heldTooLong,
  neverSentFilter,
  UNFINISHED_WITHDRAWAL,
  withdrawalReadFilter,
} from "./withdrawal-watch"
import { RunBudget, runSweeps } from "./sweeps"
import type { ChargeSyncTrigger } from "../workflows"
import {
  GATEWAY_MAX_RETRY_AFTER_MS,
  RECEIVED_STALE_MS,
  RUN_LEASE_S,
  RUN_TIME_MS,
} from "../rules/timing"

export const RECONCILE_BATCH = { charges: 50, withdrawals: 20, unknown: 10, events: 20 }

/**
 * An "unknown" withdrawal is settled only once its own send has surely ended: every attempt
 * timing out, each retry waiting as long as the gateway may ask, and a minute more; never sooner
 * than 2 minutes. Derived from the options, so a store that raises timeoutMs or maxRetries never
 * has a replay racing the send still in flight.
 */
export function unknownSettleAfterMs(options: { timeoutMs: number; maxRetries: number }) {
  const send =
    (options.maxRetries + 1) * options.timeoutMs + options.maxRetries * GATEWAY_MAX_RETRY_AFTER_MS
  return Math.max(2 * 60_000, send + 60_000)
}

/** Due now: never tried, or its backoff has passed. */
const due = (field: "next_sync_at" | "next_attempt_at") => ({
  $or: [{ [field]: null }, { [field]: { $lte: new Date() } }],
})

/**
 * One run at a time across every process (a store on the in-memory workflow engine and two
 * workers would run each tick twice). Held through Medusa's `execute`, so a run whose process
 * dies gives the lock back (a transaction lock on PostgreSQL, a renewed lease on Redis).
 */
const RUN_LOCK = "vorexy:reconcile"
export type ReconcileResult = Awaited<ReturnType<typeof reconcileOnce>> & { skipped: boolean }

/** One reconcile run, unless another process is running one (then this tick is skipped). */
export async function reconcileVorexy(container: MedusaContainer): Promise<ReconcileResult> {
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  let ran = false
  try {
    const result = await locking.execute(
      RUN_LOCK,
      async () => {
        ran = true
        return reconcileOnce(container)
      },
      { timeout: 1, expire: RUN_LEASE_S }
    )
    return { ...result, skipped: false }
  } catch (error) {
    if (ran) throw error
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info("Vorexy reconcile: a run is already under way (this or another process); tick skipped.")
    return { ...EMPTY_RUN, skipped: true }
  }
}

const EMPTY_RUN = {
  charges: 0,
  charges_not_found: 0,
  sweep_pages: 0,
  sweep_reads: 0,
  withdrawals: 0,
  unknown_withdrawals: 0,
  webhook_events: 0,
  reminders: 0,
  bodies_dropped: 0,
  failures: [] as string[],
  took_ms: {} as Record<string, number>,
}

type ChargeRow = Awaited<ReturnType<VorexyModuleService["listVorexyCharges"]>>[number]

/**
 * A due charge's sync: a read (a lapsed charge at the end of its order's window for a new one
 * too: paid late meanwhile, it is flagged, not taken for unpaid), but for a charge recorded paid
 * and not yet captured (a capture that failed, a card paid at checkout): applied from its row,
 * since Medusa's capture reads the gateway itself before any money is recorded
 * (watch-schedule.ts).
 */
function dueTrigger(charge: ChargeRow): ChargeSyncTrigger {
  if (charge.status !== "paid" || charge.captured_at || charge.flag) {
    return { by: "job", transaction_id: charge.transaction_id }
  }
  return {
    by: "job_recheck",
    transaction_id: charge.transaction_id,
    seen: {
      status: "paid" as const,
      raw: charge.gateway_status,
      amount_cents: charge.paid_amount_cents,
      // Not said: the row's last refund may be old, and refunds are compared only on a read.
      refunded_cents: null,
    },
  }
}

/** The job's gateway calls: a bucket of `reconcileCallsPerMinute`, refilled over a minute. */
const CALLS_MARK = "reconcile_calls"

async function callBucket(service: VorexyModuleService) {
  const perMinute = service.options.reconcileCallsPerMinute
  const [mark] = await service.listVorexyHealthMarks({ key: CALLS_MARK })
  const last = mark?.data as { tokens?: number; at?: number } | null | undefined
  const at = Date.now()
  if (typeof last?.tokens !== "number" || typeof last.at !== "number") {
    return { tokens: perMinute, at }
  }
  const refill = (Math.max(0, at - last.at) * perMinute) / 60_000
  return { tokens: Math.min(perMinute, last.tokens + refill), at }
}

async function reconcileOnce(container: MedusaContainer) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const failures: string[] = []
  // Gateway calls this run may make: the option's calls per minute, refilled as time passes
  // (runs are seconds apart). Spent on withdrawals first (few, and money may have left), then
  // charges; what does not fit, or is not reached within RUN_TIME_MS, waits for the next run.
  const bucket = await callBucket(service)
  let budget = Math.floor(bucket.tokens)
  const granted = budget
  /** What this run spent leaves the bucket (also when the run fails half-way). */
  const spend = () =>
    service.markHealth(CALLS_MARK, { tokens: bucket.tokens - (granted - budget), at: bucket.at })
  try {
    const stopAt = Date.now() + RUN_TIME_MS
    // Where the run's time went, by part (ms), in its record: a slow tick says what made it slow.
    const tookMs: Record<string, number> = {}
    const startedAt = performance.now()
    const timed = async <T>(part: string, work: () => Promise<T>): Promise<T> => {
      const t = performance.now()
      try {
        return await work()
      } finally {
        tookMs[part] = (tookMs[part] ?? 0) + Math.round(performance.now() - t)
      }
    }
    const within = async <T>(batch: number, list: (take: number) => Promise<T[]>) => {
      const take = Math.min(batch, budget)
      const rows = take > 0 ? await list(take) : []
      budget -= rows.length
      return rows
    }
    /** Runs `work` on each row while time is left; how many it ran. */
    const each = async <T>(
      rows: T[],
      what: (row: T) => string,
      work: (row: T) => Promise<unknown>
    ) => {
      let done = 0
      for (const row of rows) {
        if (Date.now() > stopAt) break
        await work(row).catch((e: Error) => failures.push(`${what(row)}: ${e.message}`))
        done++
      }
      return done
    }

    // Withdrawals recorded but never sent (their request died in between): failed, nothing left.
    const neverSent = await service.listVorexyWithdrawals(neverSentFilter(), {
      order: { created_at: "ASC" },
      take: RECONCILE_BATCH.unknown,
    })
    await timed("withdrawals", () =>
      each(
        neverSent,
        (row) => `requested withdrawal ${row.id}`,
        (row) => closeNeverSentWithdrawal(container, row.id)
      )
    )

    // Withdrawals whose answer was lost: the gateway may have made them. Not while their own send
    // may still be running (a timeout's worth, and more).
    const unknown = await within(RECONCILE_BATCH.unknown, (take) =>
      service.listVorexyWithdrawals(
        {
          status: "unknown",
          ...due("next_sync_at"),
          created_at: { $lte: new Date(Date.now() - unknownSettleAfterMs(service.options)) },
        },
        { order: { created_at: "ASC" }, take }
      )
    )
    const unknownDone = await timed("withdrawals", () =>
      each(
        unknown,
        (row) => `unknown withdrawal ${row.id}`,
        (row) => settleUnknownWithdrawal(container, row)
      )
    )

    // Withdrawals the gateway has not finished: every run while young, then paced
    // (withdrawal-watch.ts).
    const withdrawals = await within(RECONCILE_BATCH.withdrawals, (take) =>
      service.listVorexyWithdrawals(
        {
          status: [...UNFINISHED_WITHDRAWAL],
          gateway_id: { $ne: null },
          $and: [due("next_sync_at"), withdrawalReadFilter()],
        },
        { order: { last_synced_at: "ASC" }, take }
      )
    )
    const withdrawalsDone = await timed("withdrawals", () =>
      each(
        withdrawals,
        (row) => `withdrawal ${row.gateway_id}`,
        (row) =>
          // Never waits on a withdrawal another run is syncing (its webhook's): that run does the
          // work, and the next run looks again if it is still unfinished. Not the run's failure,
          // unless no live run holds it that long (withdrawal-watch.ts).
          runWithdrawalSync(container, row.id, {
            gateway_id: row.gateway_id!,
            lock_wait_s: 0,
          }).catch((error) => {
            if (!isBusy(error) || heldTooLong(row)) throw error
          })
      )
    )

    // Charges due for a sync of their own, earliest first: one to close as expired (unless a sweep
    // closed it first), one whose last sync failed (backoff). Never one marked unknown at the gateway
    // (only an admin reads it again); one whose 404s hold it back is due when its policy says
    // (rules/unknown-charge.ts). Half the run's calls at most while the sweeps wait; the
    // rest after them.
    let notFound = 0
    const syncDue = async (take: number) => {
      const charges = await within(take, (n) =>
        service.listVorexyCharges(
          { gateway_unknown_at: null, next_sync_at: { $ne: null, $lte: new Date() } },
          { order: { next_sync_at: "ASC" }, take: n }
        )
      )
      return each(
        charges,
        (charge) => `charge ${charge.transaction_id}`,
        (charge) =>
          // Never waits on a charge another run is syncing: that run does the work; it moves on.
          // Not the run's failure either: the charge is still due, and the next run looks again.
          runChargeSync(container, dueTrigger(charge)).catch((error) => {
            if (isBusy(error)) return
            // Counted on the charge, whose policy decides when it is read again: not a failure.
            if (!isChargeNotFound(error)) throw error
            notFound++
          })
      )
    }
    let chargesDone = await timed("due", () =>
      syncDue(Math.min(RECONCILE_BATCH.charges, Math.ceil(budget / 2)))
    )

    // The watches: sweeps of the gateway's list, a call per 100 transactions (sweeps.ts).
    const run: RunBudget = { calls: budget, stopAt, failures }
    const swept = await timed("sweeps", () => runSweeps(container, run))
    budget = run.calls
    chargesDone += await timed("due", () => syncDue(RECONCILE_BATCH.charges))

    // Webhook events whose processing failed (retried with backoff until abandoned), and any the
    // subscriber never got to (a crash between storing and processing).
    // (Not counted in the budget: their gateway reads are made, coalesced, by the subscriber.)
    const events = await timed("events", () =>
      service.listVorexyWebhookEvents(
        {
          $or: [
            { outcome: "failed", ...due("next_attempt_at") },
            // One waiting for its charge's row is handed back when its checkout is over (the row's
            // recording wakes it sooner).
            {
              outcome: "received",
              created_at: { $lte: new Date(Date.now() - RECEIVED_STALE_MS) },
              ...due("next_attempt_at"),
            },
          ],
        },
        { order: { created_at: "ASC" }, take: RECONCILE_BATCH.events }
      )
    )
    // Handed to their subscribers again (on whichever instance takes them), not processed here.
    if (events.length) {
      await container
        .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
        .emit(webhookEventMessages(events))
    }

    // E-mails reminding shoppers of a PIX or boleto about to lapse (no gateway call); a failed
    // send is the run's failure, shown on the admin's health card.
    const reminders = await timed("reminders", () =>
      sendDueReminders(container, stopAt)
        .then((sent) => {
          failures.push(...sent.failed)
          return sent.sent
        })
        .catch((error: Error) => {
          failures.push(`reminders: ${error.message}`)
          return 0
        })
    )

    const dropped = await timed("clean_up", () => service.dropOldWebhookBodies())
    // Hourly counters past their use: refused deliveries after two days (no longer shown), a
    // client's renewals after two hours (their limit counts one hour).
    for (const { prefix, keepHours } of HOURLY_MARKS) {
      const oldCounters = await service.listVorexyHealthMarks(
        {
          key: { $like: `${prefix}%` },
          last_at: { $lt: new Date(Date.now() - keepHours * 3_600_000) },
        },
        { select: ["id"], take: 100 }
      )
      if (oldCounters.length) await service.deleteVorexyHealthMarks(oldCounters.map((m) => m.id))
    }

    if (failures.length) {
      logger.warn(`Vorexy reconcile: ${failures.length} failed: ${failures.join("; ")}`)
    }
    tookMs.all = Math.round(performance.now() - startedAt)
    const result = {
      // Charges read in all: due, and shown changed by the list.
      charges: chargesDone + swept.reads,
      charges_not_found: notFound,
      sweep_pages: swept.pages,
      sweep_reads: swept.reads,
      withdrawals: withdrawalsDone,
      unknown_withdrawals: unknownDone,
      webhook_events: events.length,
      reminders,
      bodies_dropped: dropped,
      failures,
      took_ms: tookMs,
    }
    // For the admin's health card: when it last ran and what it found (a few failures, bounded).
    await service.markHealth(RECONCILE_MARK, {
      ...result,
      failures: failures.length,
      failure_sample: failures.slice(0, 3).map((f) => cutText(f, 300)),
    })
    return result
  } finally {
    await spend().catch(() => undefined)
  }
}
