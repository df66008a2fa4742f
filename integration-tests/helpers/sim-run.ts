/**
 * Runs a simulated stretch of time against one Medusa process and the in-process sandbox: the
 * clock moves from stop to stop (the minutes when a shopper or the gateway acts, or the reconcile
 * job has something due), and at each stop the gateway expires its PIX charges, the scenario's
 * events of that minute happen, and the reconcile job runs as its cron would at that minute. A
 * minute with nothing due is skipped: the job would run then and find nothing to do (no call).
 * Between stops, webhook deliveries and what they set off are left to settle.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { SWEEP_MARK, sweepHorizon } from "../../src/reconciliation/sweeps"
import {
  nextSweepAt,
  NO_SWEEP,
  SWEEPS,
  SweepState,
  WATCH,
} from "../../src/reconciliation/sweep-plan"
import type { SandboxRef } from "./sandbox"
import { DAY, MINUTE, Placed, placeOrder, Plan, settledAt } from "./sim-scenario"
import type { SimClock } from "./sim-clock"
import type { Store } from "./store"

type Knex = {
  raw: (sql: string, bindings?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
}

export type SimStats = {
  stops: number
  runs: number
  settles: number
  realMs: number
  /** Real time spent in the scenario's actions (checkouts), in reconcile runs, in settling. */
  actionMs: number
  runMs: number
  settleMs: number
}

const ceilMinute = (at: number) => Math.ceil(at / MINUTE) * MINUTE
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function simulate(input: {
  api: AxiosInstance
  container: MedusaContainer
  gateway: SandboxRef
  store: Store
  clock: SimClock
  plans: Plan[]
  until: number
  log?: (line: string) => void
}): Promise<{ placed: Placed[]; stats: SimStats }> {
  const { api, container, gateway, store, clock, plans, until } = input
  const sandbox = () => gateway.sandbox
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  const placed: Placed[] = []
  const stats: SimStats = {
    stops: 0,
    runs: 0,
    settles: 0,
    realMs: 0,
    actionMs: 0,
    runMs: 0,
    settleMs: 0,
  }
  const started = performance.now()

  // The scenario's events, by time: placements first, and what each placed order then does.
  type Action = { at: number; run: () => Promise<void> }
  const queue: Action[] = []
  const enqueue = (action: Action) => {
    const i = queue.findIndex((a) => a.at > action.at)
    queue.splice(i < 0 ? queue.length : i, 0, action)
  }
  const gatewayAct = (tx: string, act: (id: string) => unknown) => async () => {
    try {
      act(tx)
    } catch {
      // The transaction moved on (expired, cancelled): the shopper or the panel came too late.
    }
  }
  for (const plan of plans) {
    enqueue({
      at: plan.at,
      run: async () => {
        const order = await placeOrder(api, store, gateway, plan)
        placed.push(order)
        const tx = order.transactionId
        if (!tx || !order.orderId) return
        const state = sandbox().state
        const at = clock.now()
        if (plan.payAfter !== undefined)
          enqueue({ at: at + plan.payAfter, run: gatewayAct(tx, (id) => state.payTransaction(id)) })
        const due = state.transaction(tx).boleto?.expirationDate
        if (plan.settledBusinessDays !== undefined && due)
          enqueue({
            at: settledAt(due, plan.settledBusinessDays),
            run: gatewayAct(tx, (id) => state.payTransaction(id)),
          })
        if (plan.refundAfter !== undefined)
          enqueue({
            at: at + plan.refundAfter,
            run: gatewayAct(tx, (id) => state.refundTransaction(id)),
          })
        if (plan.chargebackAfter !== undefined)
          enqueue({
            at: at + plan.chargebackAfter,
            run: gatewayAct(tx, (id) => state.chargebackTransaction(id)),
          })
      },
    })
  }

  /** What may still change on its own: webhook events, charges, orders, the sandbox's log. */
  const signature = async () => {
    const { rows } = await pg.raw(
      `select (select count(*) from vorexy_webhook_event) as events,
              (select count(*) from vorexy_webhook_event where outcome in ('received', 'failed')) as open,
              (select count(*) from vorexy_charge where captured_at is not null) as captured,
              (select string_agg(status || ':' || count, ',') from
                 (select status, count(*) from vorexy_charge group by status) s) as statuses,
              (select count(*) from "order" where status = 'canceled') as canceled`
    )
    const s = sandbox()
    return `${JSON.stringify(rows[0])}|${s.requests.length}|${s.webhooks.deliveries.length}`
  }
  /**
   * Work a sync started and Medusa has not finished: a paid charge whose payment is not captured
   * yet, a closed one whose order is not cancelled yet (flagged rows are the admin's).
   */
  const unfinished = async () => {
    const { rows } = await pg.raw(
      `select count(*)::int as n from vorexy_charge c left join "order" o on o.id = c.order_id
       where c.deleted_at is null and c.flag is null and c.order_id is not null and (
         (c.status = 'paid' and not exists (select 1 from payment p
            where p.payment_session_id = c.payment_session_id and p.captured_at is not null)) or
         (c.status = 'cancelled' and o.status is distinct from 'canceled'))`
    )
    return Number(rows[0].n)
  }
  /**
   * Waits for deliveries and what they set off: nothing changed over two looks, and nothing a
   * sync decided is still on its way through Medusa (the clock must not jump while it is: its
   * timestamps would be the next stop's). Gives up after ~10 s (the ledger then tells).
   */
  const settle = async () => {
    stats.settles++
    const settling = performance.now()
    let last = ""
    for (let i = 0; i < 200; i++) {
      await sandbox().webhooks.idle()
      const now = await signature()
      if (now === last && (await unfinished()) === 0) break
      last = now
      await sleep(50)
    }
    stats.settleMs += performance.now() - settling
  }

  /** The next minute anything is due: the scenario, a charge's own sync, an event, a sweep. */
  const nextStop = async (after: number) => {
    const candidates: number[] = []
    if (queue.length) candidates.push(queue[0].at)
    const { rows } = await pg.raw(
      `select
         (select min(next_sync_at) from vorexy_charge
            where next_sync_at is not null and gateway_unknown_at is null and deleted_at is null) as charge_due,
         (select min(created_at) from vorexy_webhook_event
            where outcome = 'received' and deleted_at is null) as received,
         (select min(next_attempt_at) from vorexy_webhook_event
            where outcome = 'failed' and deleted_at is null) as failed,
         (select min(created_at) from vorexy_charge
            where status = 'pending' and created_at > ? and deleted_at is null) as young_pending,
         (select min(created_at) from vorexy_charge
            where status = 'pending' and created_at > ? and deleted_at is null) as open_pending,
         (select count(*) from vorexy_charge where created_at >= ?) as last_day`,
      // The simulated clock, not the database's now(): charges carry simulated times.
      [after - WATCH.recentMs, after - WATCH.openMs, after - DAY].map((t) => new Date(t))
    )
    const row = rows[0]
    const time = (v: unknown) => (v ? new Date(v as string).getTime() : null)
    const push = (v: number | null) => v !== null && candidates.push(v)
    push(time(row.charge_due))
    const received = time(row.received)
    push(received === null ? null : received + MINUTE)
    push(time(row.failed))
    // The gateway's own expiry of PIX charges (it then sends a webhook).
    for (const t of sandbox().state.transactions.values())
      if (t.state === "Awaiting" && t.pix) push(Date.parse(t.pix.expirationDate))
    const marks = await service.listVorexyHealthMarks({
      key: SWEEPS.map((s) => SWEEP_MARK(s.name)),
    })
    // A sweep is due when the job's own rule says it watches something (a sweep watching nothing
    // does not run, and its next time stays in the past); a pending charge leaves the recent
    // window, or the open one, at a known time: the sweeps' horizons change then.
    for (const sweep of SWEEPS) {
      const mark = marks.find((m) => m.key === SWEEP_MARK(sweep.name))
      const state = { ...NO_SWEEP, ...((mark?.data as object) ?? {}) } as SweepState
      const dueAt = nextSweepAt(sweep, state, Number(row.last_day)) ?? 0
      if ((await sweepHorizon(service, sweep.name)) !== null) push(dueAt)
    }
    const young = time(row.young_pending)
    const open = time(row.open_pending)
    push(young === null ? null : young + WATCH.recentMs)
    push(open === null ? null : open + WATCH.openMs)
    // The last stop is `until` itself (rarely a whole minute), so the run ends when asked; never
    // two runs less than a minute apart (the cron's period).
    if (after + MINUTE > until) return Infinity
    return Math.min(until, Math.max(after + MINUTE, ceilMinute(Math.min(...candidates, until))))
  }

  let at = ceilMinute(clock.now())
  while (at <= until) {
    await clock.setTo(at)
    stats.stops++
    const expired = sandbox().state.sweepExpired()
    const due = queue.length > 0 && queue[0].at <= clock.now()
    if (due) {
      const placing = performance.now()
      while (queue.length && queue[0].at <= clock.now()) await queue.shift()!.run()
      stats.actionMs += performance.now() - placing
    }
    if (due || expired) await settle()
    const running = performance.now()
    const run = await reconcileVorexy(container)
    stats.runs++
    stats.runMs += performance.now() - running
    // A sweep page that changed nothing set nothing off: no need to wait.
    if (run.sweep_reads || run.charges || run.webhook_events || run.failures.length) await settle()
    if (stats.stops % 200 === 0)
      input.log?.(
        `stop ${stats.stops}: day ${((at - plans[0].at) / 86_400_000).toFixed(2)}, ${placed.length} orders`
      )
    at = await nextStop(at)
  }
  await settle()
  stats.realMs = performance.now() - started
  return { placed, stats }
}
