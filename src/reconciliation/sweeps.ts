/**
 * The reconcile job's sweeps over the gateway's transaction list (rules: sweep-plan.ts). A list
 * item names a transaction only by the gateway's integer id: a row learns it from its first read,
 * or here, from the payment session the charge names (the lead's external id) and its amount. An
 * item no row claims yet, showing a change, has its likely rows read (a few per run). The list is
 * only ever a reason to read: a wrong guess costs a read, never a wrong capture.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { TransactionListItem } from "../gateway"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import type { VorexyChargeRow } from "../modules/vorexy/types"
import {
  NO_SWEEP,
  PAGE_SIZE,
  pastHorizon,
  changed,
  Sweep,
  sweepDue,
  SweepName,
  SWEEPS,
  SweepState,
  WATCH,
} from "./sweep-plan"
import { isChargeNotFound, runChargeSync } from "../workflows/charge-sync/workflow"
import { isBusy, isPassingFailure } from "../workflows/utils/busy"
import { listedReadDue } from "../rules/unknown-charge"
import { HORIZON_SLACK_MS, LISTED_WITHIN_MS, VOLUME_TTL_MS } from "../rules/timing"

export const SWEEP_MARK = (name: SweepName) => `sweep:${name}`
/** Items no row claims, showing a change: how many likely rows one run reads for them. */
const GUESS_READS = 5

/** Gateway calls a run may still make (shared with the rest of the run), and its deadline. */
export type RunBudget = { calls: number; stopAt: number; failures: string[] }

export type SweepResult = { pages: number; reads: number; learnt: number }

export async function runSweeps(container: MedusaContainer, budget: RunBudget) {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const result: SweepResult = { pages: 0, reads: 0, learnt: 0 }
  const marks = await service.listVorexyHealthMarks({
    key: SWEEPS.map((sweep) => SWEEP_MARK(sweep.name)),
  })
  const stateOf = (name: SweepName) =>
    ({ ...NO_SWEEP, ...(marks.find((m) => m.key === SWEEP_MARK(name))?.data ?? {}) }) as SweepState
  // Pages read this run: another sweep reaching the same page takes it as read and acted on.
  const read = new Map<number, Page>()
  const perDay = await ordersPerDay(service)
  for (const sweep of SWEEPS) {
    const state = stateOf(sweep.name)
    if (!sweepDue(sweep, state, Date.now(), perDay)) continue
    const horizon = await sweepHorizon(service, sweep.name)
    if (horizon === null) {
      if (state.page) await service.markHealth(SWEEP_MARK(sweep.name), { ...NO_SWEEP })
      continue
    }
    const next = await sweepStep(container, service, sweep, state, horizon, {
      budget,
      result,
      read,
    })
    if (next === state) continue
    await service.markHealth(SWEEP_MARK(sweep.name), next)
    // A whole recent pass read: a charge it covered that the list never showed is read once (the
    // gateway may not know it: another account, a wrong URL; unknown-charge.ts takes it from there).
    if (sweep.name === "recent" && next.page === 0 && !state.page) {
      result.reads += await readUnlisted(container, service, horizon, budget)
    }
  }
  return result
}

let volume: { at: number; perDay: number } | null = null

async function ordersPerDay(service: VorexyModuleService): Promise<number> {
  const now = Date.now()
  if (volume && now - volume.at >= 0 && now - volume.at < VOLUME_TTL_MS) return volume.perDay
  const [, count] = await service.listAndCountVorexyCharges(
    { created_at: { $gte: new Date(now - 24 * 60 * 60_000) } },
    { select: ["id"], take: 1 }
  )
  volume = { at: now, perDay: count }
  return count
}

/** The oldest creation time the sweep must cover, or null: it watches nothing now. */
export async function sweepHorizon(
  service: VorexyModuleService,
  name: SweepName
): Promise<number | null> {
  const now = Date.now()
  const ago = (ms: number) => new Date(now - ms)
  const filters: Record<string, unknown>[] =
    name === "recent"
      ? [{ status: ["pending", "cancelled"], created_at: { $gte: ago(WATCH.recentMs) } }]
      : name === "open"
        ? // A charge closed here may still be paid into its open order (plan-charge-sync.ts):
          // watched as closely as one awaiting payment.
          [
            {
              status: ["pending", "cancelled"],
              created_at: { $lt: ago(WATCH.recentMs), $gte: ago(WATCH.openMs) },
            },
          ]
        : [
            {
              status: "pending",
              created_at: { $lt: ago(WATCH.openMs), $gte: ago(WATCH.pendingMs) },
            },
            {
              status: "cancelled",
              method: ["pix", "credit_card"],
              expires_at: { $gte: ago(WATCH.lateMs) },
            },
            {
              status: "cancelled",
              method: "boleto",
              expires_at: { $gte: ago(WATCH.lateBoletoMs) },
            },
            { status: "paid", paid_at: { $gte: ago(WATCH.paidMs) } },
            { status: "paid", method: "credit_card", paid_at: { $gte: ago(WATCH.paidCardMs) } },
            { status: "disputed", paid_at: { $gte: ago(WATCH.disputedMs) } },
          ]
  let oldest: number | null = null
  for (const filter of filters) {
    // Charges marked unknown at the gateway too: its list naming one is the sign it knows it.
    const [row] = await service.listVorexyCharges(filter, {
      select: ["created_at"],
      order: { created_at: "ASC" },
      take: 1,
    })
    const at = row ? new Date(row.created_at).getTime() : null
    if (at !== null && (oldest === null || at < oldest)) oldest = at
  }
  return oldest === null ? null : oldest - HORIZON_SLACK_MS
}

type Page = { items: TransactionListItem[]; last: boolean }
type RunContext = { budget: RunBudget; result: SweepResult; read: Map<number, Page> }

/** Reads up to the sweep's pages for this run; the state to keep. */
async function sweepStep(
  container: MedusaContainer,
  service: VorexyModuleService,
  sweep: Sweep,
  state: SweepState,
  horizon: number,
  { budget, result, read }: RunContext
): Promise<SweepState> {
  let page = state.page || 1
  const passStartedAt = state.page ? state.pass_started_at : Date.now()
  let covered = 0
  for (let step = 0; step < sweep.pagesPerStep; step++) {
    let listed = read.get(page)
    if (!listed) {
      if (budget.calls <= 0 || Date.now() > budget.stopAt) break
      budget.calls--
      try {
        const answer = await service
          .gateway()
          .listTransactions({ page, pageSize: PAGE_SIZE, sort: "createdAt_desc" })
        listed = { items: answer.items, last: page >= answer.totalPages }
      } catch (error) {
        budget.failures.push(`${sweep.name} sweep, page ${page}: ${(error as Error).message}`)
        break
      }
      read.set(page, listed)
      result.pages++
      await actOnPage(container, service, listed.items, budget, result)
    }
    covered++
    if (listed.last || pastHorizon(listed.items, horizon)) {
      return { page: 0, pass_started_at: passStartedAt, step_at: Date.now() }
    }
    page++
  }
  // Nothing read (the run's calls spent, the gateway failing): the step is still due.
  if (!covered) return state
  return { page, pass_started_at: passStartedAt, step_at: Date.now() }
}

async function actOnPage(
  container: MedusaContainer,
  service: VorexyModuleService,
  items: TransactionListItem[],
  budget: RunBudget,
  result: SweepResult
) {
  const byInternal = new Map<string, TransactionListItem>()
  for (const item of items) if (item.id !== undefined) byInternal.set(String(item.id), item)
  const known = byInternal.size
    ? await service.listVorexyCharges({ gateway_internal_id: [...byInternal.keys()] })
    : []
  const claimed = new Set(known.map((c) => c.gateway_internal_id!))
  const pairs: Array<[VorexyChargeRow, TransactionListItem]> = known.map((c) => [
    c,
    byInternal.get(c.gateway_internal_id!)!,
  ])

  // Items no row claims: the charge the item's lead names (its payment session), same amount.
  const unclaimed = [...byInternal.entries()].filter(([id]) => !claimed.has(id))
  const sessions = [
    ...new Set(unclaimed.map(([, i]) => i.lead?.externalId).filter((s): s is string => !!s)),
  ]
  const candidates = sessions.length
    ? await service.listVorexyCharges({ payment_session_id: sessions, gateway_internal_id: null })
    : []
  const strays: TransactionListItem[] = []
  // Same session, same amount, made about then; and no other item of the page says the same (a
  // gateway that keeps one lead per payer names the payer's first session on every later charge).
  const fits = (c: VorexyChargeRow, item: TransactionListItem) =>
    c.payment_session_id === item.lead?.externalId &&
    c.amount_cents === item.amountCents &&
    !!item.createdAt &&
    Math.abs(new Date(c.created_at).getTime() - Date.parse(item.createdAt)) < HORIZON_SLACK_MS
  const sameClaim = (a: TransactionListItem, b: TransactionListItem) =>
    a.lead?.externalId === b.lead?.externalId && a.amountCents === b.amountCents
  for (const [id, item] of unclaimed) {
    const matches = candidates.filter((c) => !c.gateway_internal_id && fits(c, item))
    const alone = unclaimed.filter(([, other]) => sameClaim(other, item)).length === 1
    if (matches.length === 1 && alone) {
      matches[0].gateway_internal_id = id
      await service.updateVorexyCharges({ id: matches[0].id, gateway_internal_id: id })
      result.learnt++
      pairs.push([matches[0], item])
    } else if (item.status.status !== "pending") {
      strays.push(item)
    }
  }

  for (const [charge, item] of pairs) {
    // One marked unknown at the gateway is listed, so the gateway knows it: read, which clears it.
    if (charge.gateway_unknown_at) {
      if (!listedReadDue(charge, item.updatedAt, new Date())) continue
      if (await read(container, charge, budget, true)) result.reads++
      continue
    }
    // One backing off from failed syncs waits for its own time (its due date), whatever the list
    // shows meanwhile.
    const backingOff =
      charge.sync_failures > 0 &&
      charge.next_sync_at !== null &&
      new Date(charge.next_sync_at).getTime() > Date.now()
    if (backingOff || !changed(charge, item)) continue
    if (await read(container, charge, budget)) result.reads++
  }

  // A change on an item no row claims (a gateway that groups payers' leads): read the rows it
  // could be, by amount and creation time; each read teaches the row its id.
  let guesses = 0
  for (const item of strays) {
    if (guesses >= GUESS_READS || !item.createdAt) break
    const at = Date.parse(item.createdAt)
    const likely = await service.listVorexyCharges(
      {
        gateway_internal_id: null,
        gateway_unknown_at: null,
        amount_cents: item.amountCents,
        created_at: {
          $gte: new Date(at - HORIZON_SLACK_MS),
          $lte: new Date(at + HORIZON_SLACK_MS),
        },
      },
      { take: GUESS_READS - guesses }
    )
    for (const charge of likely) {
      guesses++
      if (await read(container, charge, budget)) result.reads++
    }
  }
}

const UNLISTED_READS = 10

async function readUnlisted(
  container: MedusaContainer,
  service: VorexyModuleService,
  horizon: number,
  budget: RunBudget
) {
  const unlisted = await service.listVorexyCharges(
    {
      status: "pending",
      gateway_internal_id: null,
      gateway_unknown_at: null,
      not_found_reads: 0,
      created_at: {
        $gte: new Date(horizon + HORIZON_SLACK_MS),
        $lte: new Date(Date.now() - LISTED_WITHIN_MS),
      },
    },
    { order: { created_at: "ASC" }, take: UNLISTED_READS }
  )
  let reads = 0
  for (const charge of unlisted) if (await read(container, charge, budget)) reads++
  return reads
}

/** One charge's sync, a read, within the run's budget. */
async function read(
  container: MedusaContainer,
  charge: VorexyChargeRow,
  budget: RunBudget,
  vouched = false
) {
  if (Date.now() > budget.stopAt) return false
  if (budget.calls <= 0) {
    // Out of calls this run: due at the next, first.
    await container
      .resolve<VorexyModuleService>(VOREXY_MODULE)
      .updateVorexyCharges({ id: charge.id, next_sync_at: new Date() })
    return false
  }
  budget.calls--
  try {
    await runChargeSync(container, { by: "sweep", transaction_id: charge.transaction_id, vouched })
    return true
  } catch (error) {
    if (isChargeNotFound(error)) return false
    // Another run holding it is not this run's failure (its failures are on the health card).
    if (!isBusy(error))
      budget.failures.push(`charge ${charge.transaction_id}: ${(error as Error).message}`)
    // Another run held it, or the database or Redis failed: what the list showed is not lost,
    // the charge is due at the next run (a failure of its own has set its backoff instead).
    if (isPassingFailure(error)) {
      await container
        .resolve<VorexyModuleService>(VOREXY_MODULE)
        .updateVorexyCharges({ id: charge.id, next_sync_at: new Date() })
        .catch(() => undefined)
    }
    return false
  }
}
