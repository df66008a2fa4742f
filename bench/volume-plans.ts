/**
 * PostgreSQL's plan for each query the plugin makes on vorexy_charge and vorexy_webhook_event, on
 * a store seeded at volume (volume-seed.ts). Run inside the store by `medusa exec` (bench/volume.ts
 * does): each code path's call is made once through the module's service, with the filters and
 * options the code passes, while a listener on the shared connection records the SQL MikroORM
 * emits; each recorded statement is then run again under EXPLAIN (ANALYZE, BUFFERS) inside a
 * transaction rolled back (a write explained is undone). The table goes to stdout and, as JSON, to VOLUME_PLANS_OUT.
 */
import { writeFileSync } from "node:fs"
import type { ExecArgs } from "@medusajs/framework/types"
import { Client } from "@medusajs/framework/pg"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../src/modules/vorexy"
import type VorexyModuleService from "../src/modules/vorexy/service"
import { DROP_BODIES_PER_RUN } from "../src/modules/vorexy/body-clean-up"
import { RECONCILE_BATCH } from "../src/reconciliation/reconcile"
import { WATCH } from "../src/reconciliation/sweep-plan"
import { HORIZON_SLACK_MS } from "../src/rules/timing"
import { SYNC_UNKNOWN_BATCH } from "../src/reconciliation/sync-unknown"
import { SETUP_ALERT_WINDOW_MS } from "../src/rules/unknown-charge"
import {
  reminderLeadMs,
  REMINDERS_PER_RUN,
  remindersDueFilter,
} from "../src/notifications/payment-reminders"

type Knex = {
  raw: (sql: string, bindings?: unknown) => Promise<{ rows: Sample[] }>
  on: (event: "query", listener: (data: { sql: string; bindings?: unknown[] }) => void) => Knex
  off: (event: "query", listener: (data: { sql: string; bindings?: unknown[] }) => void) => Knex
}

export type PlanRow = {
  path: string
  call: string
  sql: string
  top: string
  seqScan: string | null
  rows: number
  ms: number
  buffers: number
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const ago = (ms: number) => new Date(Date.now() - ms)
const BIG_TABLES = ["vorexy_charge", "vorexy_webhook_event"]

type Sample = {
  id: string
  transaction_id: string
  order_id: string
  payment_session_id: string
  created_at: Date
  amount_cents: number
}

/** The calls, by code path, as the code makes them (file names relative to src/). */
function calls(service: VorexyModuleService, s: Sample, page: Sample[]) {
  const sessions = page.map((c) => c.payment_session_id)
  // The reminders' lead times as the store's options give them.
  const leads = reminderLeadMs(service.options)
  const reminder = (method: "pix" | "boleto") =>
    service.listVorexyCharges(remindersDueFilter(method, leads[method], Date.now()), {
      select: ["id"],
      order: { expires_at: "ASC" },
      take: REMINDERS_PER_RUN,
    })
  const horizon = (filter: Record<string, unknown>) =>
    service.listVorexyCharges(filter, {
      select: ["created_at"],
      order: { created_at: "ASC" },
      take: 1,
    })
  const at = new Date(s.created_at).getTime()
  return [
    // The reconcile job (reconciliation/reconcile.ts)
    [
      "reconcile: charges due (next_sync_at)",
      () =>
        service.listVorexyCharges(
          { gateway_unknown_at: null, next_sync_at: { $ne: null, $lte: new Date() } },
          { order: { next_sync_at: "ASC" }, take: RECONCILE_BATCH.charges }
        ),
    ],
    [
      "reconcile: webhook events to retry",
      () =>
        service.listVorexyWebhookEvents(
          {
            $or: [
              { outcome: "failed", next_attempt_at: { $lte: new Date() } },
              { outcome: "received", created_at: { $lte: ago(20_000) } },
            ],
          },
          { order: { created_at: "ASC" }, take: RECONCILE_BATCH.events }
        ),
    ],
    ["reconcile: drop old webhook bodies (clean-up)", () => service.dropOldWebhookBodies()],
    ["reconcile: PIX reminders due", () => reminder("pix")],
    ["reconcile: boleto reminders due", () => reminder("boleto")],
    // The sweeps (reconciliation/sweeps.ts)
    [
      "sweeps: charges of the last day (pace)",
      () =>
        service.listAndCountVorexyCharges(
          { created_at: { $gte: ago(DAY) } },
          { select: ["id"], take: 1 }
        ),
    ],
    [
      "sweeps: horizon, recent",
      () =>
        horizon({ status: ["pending", "cancelled"], created_at: { $gte: ago(WATCH.recentMs) } }),
    ],
    [
      "sweeps: horizon, open",
      () =>
        horizon({
          status: ["pending", "cancelled"],
          created_at: { $lt: ago(WATCH.recentMs), $gte: ago(WATCH.openMs) },
        }),
    ],
    [
      "sweeps: horizon, settled (pending)",
      () =>
        horizon({
          status: "pending",
          created_at: { $lt: ago(WATCH.openMs), $gte: ago(WATCH.pendingMs) },
        }),
    ],
    [
      "sweeps: horizon, settled (closed PIX/card)",
      () =>
        horizon({
          status: "cancelled",
          method: ["pix", "credit_card"],
          expires_at: { $gte: ago(WATCH.lateMs) },
        }),
    ],
    [
      "sweeps: horizon, settled (closed boleto)",
      () =>
        horizon({
          status: "cancelled",
          method: "boleto",
          expires_at: { $gte: ago(WATCH.lateBoletoMs) },
        }),
    ],
    [
      "sweeps: horizon, settled (paid)",
      () => horizon({ status: "paid", paid_at: { $gte: ago(WATCH.paidMs) } }),
    ],
    [
      "sweeps: horizon, settled (paid card)",
      () =>
        horizon({
          status: "paid",
          method: "credit_card",
          paid_at: { $gte: ago(WATCH.paidCardMs) },
        }),
    ],
    [
      "sweeps: horizon, settled (disputed)",
      () => horizon({ status: "disputed", paid_at: { $gte: ago(WATCH.disputedMs) } }),
    ],
    [
      "sweeps: a page's rows by gateway id (100)",
      () =>
        service.listVorexyCharges({
          gateway_internal_id: page.map((_, i) => String(2_000_000 - 1000 - i)),
        }),
    ],
    [
      "sweeps: unclaimed items by payment session",
      () =>
        service.listVorexyCharges({
          payment_session_id: sessions.slice(0, 10),
          gateway_internal_id: null,
        }),
    ],
    [
      "sweeps: a stray's likely rows (amount, time)",
      () =>
        service.listVorexyCharges(
          {
            gateway_internal_id: null,
            gateway_unknown_at: null,
            amount_cents: s.amount_cents,
            created_at: {
              $gte: new Date(at - HORIZON_SLACK_MS),
              $lte: new Date(at + HORIZON_SLACK_MS),
            },
          },
          { take: 5 }
        ),
    ],
    [
      "sweeps: unlisted recent charges",
      () =>
        service.listVorexyCharges(
          {
            status: "pending",
            gateway_internal_id: null,
            gateway_unknown_at: null,
            not_found_reads: 0,
            created_at: { $gte: ago(HOUR), $lte: ago(2 * MINUTE) },
          },
          { order: { created_at: "ASC" }, take: 10 }
        ),
    ],
    // The sync of one charge (workflows/steps, subscribers)
    [
      "sync: charge by transaction id",
      () => service.listVorexyCharges({ transaction_id: s.transaction_id }),
    ],
    [
      "sync: upsert, charges by transaction ids",
      () => service.listVorexyCharges({ transaction_id: page.map((c) => c.transaction_id) }),
    ],
    [
      "sync: newer charges of the session",
      () =>
        service.listVorexyCharges(
          { payment_session_id: s.payment_session_id, created_at: { $gt: s.created_at } },
          { select: ["id", "status"] }
        ),
    ],
    [
      "sync: recheck capture, open charges of the session",
      () =>
        service.listVorexyCharges(
          { payment_session_id: s.payment_session_id, offer_closed_at: null },
          { select: ["id", "transaction_id"] }
        ),
    ],
    [
      "order canceled: the order's open charges",
      () =>
        service.listVorexyCharges({
          order_id: s.order_id,
          status: ["pending", "cancelled", "failed"],
        }),
    ],
    [
      "service: company id from the charges",
      () =>
        service.listVorexyCharges(
          { company_id: { $ne: null } },
          { order: { created_at: "DESC" }, take: 1 }
        ),
    ],
    [
      "admin: sync unknown charges (batch)",
      () =>
        service.listVorexyCharges(
          { gateway_unknown_at: { $ne: null } },
          { select: ["id", "transaction_id"], order: { id: "ASC" }, take: SYNC_UNKNOWN_BATCH }
        ),
    ],
    [
      "admin: sync unknown charges (remaining)",
      () =>
        service.listAndCountVorexyCharges(
          { gateway_unknown_at: { $ne: null }, id: { $gt: s.id } },
          { select: ["id"], take: 1 }
        ),
    ],
    // The storefront's status route (api/store/vorexy/payment-status)
    ["status: the order's charges", () => service.listVorexyCharges({ order_id: s.order_id })],
    [
      "status: the session's charges",
      () => service.listVorexyCharges({ payment_session_id: s.payment_session_id }),
    ],
    ["status: the charge by id", () => service.listVorexyCharges({ id: s.id })],
    ["status: long-poll watcher marks (100 ids)", () => service.chargeMarks(page.map((c) => c.id))],
    // The admin (api/admin/vorexy)
    [
      "admin charges: the order's charges",
      () => service.listVorexyCharges({ order_id: s.order_id }, { order: { created_at: "DESC" } }),
    ],
    [
      "admin transactions: a page's charges by session",
      () => service.listVorexyCharges({ payment_session_id: sessions }),
    ],
    [
      "admin withdrawals: the list",
      () =>
        service.listAndCountVorexyWithdrawals(
          {},
          { order: { created_at: "DESC" }, take: 20, skip: 0 }
        ),
    ],
    [
      "health: last webhook",
      () =>
        service.listVorexyWebhookEvents(
          {},
          {
            order: { created_at: "DESC" },
            take: 1,
            select: ["kind", "outcome", "outcome_detail", "trusted", "created_at", "updated_at"],
          }
        ),
    ],
    ["health: deliveries of 24 h by outcome", () => service.webhookCounts(24)],
    [
      "health: setup alert, unknown charges",
      () =>
        service.listAndCountVorexyCharges(
          { gateway_unknown_at: { $gte: ago(SETUP_ALERT_WINDOW_MS) } },
          { order: { not_found_since: "ASC" }, take: 1, select: ["id", "not_found_since"] }
        ),
    ],
    [
      "health: setup alert, a known charge since",
      () =>
        service.listVorexyCharges(
          {
            $or: [{ last_synced_at: { $gt: ago(DAY) } }, { created_at: { $gt: ago(DAY) } }],
            not_found_reads: 0,
            gateway_unknown_at: null,
          },
          { take: 1, select: ["id"] }
        ),
    ],
    [
      "health: flagged charges",
      () =>
        service.listVorexyCharges(
          { flag: { $ne: null } },
          { order: { updated_at: "DESC" }, take: 20 }
        ),
    ],
    [
      "health: flagged charges (under a setup alert)",
      () =>
        service.listVorexyCharges(
          { flag: { $ne: null, $nin: ["unknown_at_gateway"] } },
          { order: { updated_at: "DESC" }, take: 20 }
        ),
    ],
    // The webhook intake (modules/vorexy/webhook-events.ts)
    [
      "webhook: store the delivery",
      () =>
        service.recordDelivery({
          event_key: `bench-${Date.now()}`,
          header_event_id: null,
          kind: "cash_in",
          reference_id: s.transaction_id,
          status_hint: "PAID",
          body: { id: 1 },
          trusted: true,
        } as never),
    ],
    [
      "webhook: untrusted, the charge it names",
      () => service.listVorexyCharges({ transaction_id: s.transaction_id }, { take: 1 }),
    ],
    [
      "webhook: untrusted, its reference's recent events",
      () =>
        service.listVorexyWebhookEvents(
          { reference_id: s.transaction_id, trusted: false, created_at: { $gte: ago(DAY) } },
          { take: 20, select: ["id"] }
        ),
    ],
    [
      "webhook: process, the event by id",
      () => service.listVorexyWebhookEvents({ id: `vxwh_vola${s.id}` }),
    ],
    [
      "webhook: events waiting for these charges",
      () =>
        service.listVorexyWebhookEvents(
          { kind: "cash_in", outcome: "received", reference_id: page.map((c) => c.transaction_id) },
          { select: ["id"], take: 100 }
        ),
    ],
  ] as const
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a statement as it was sent (knex's "?" placeholders or the raw
 * queries' "$1"), in a transaction rolled back; the plan, or why it could not be had.
 */
async function explain(db: Client, sql: string, bindings: unknown[]): Promise<Plan | string> {
  let n = 0
  const text = /\$1\b/.test(sql) ? sql : sql.replace(/\?/g, () => `$${++n}`)
  await db.query("begin")
  try {
    const { rows } = await db.query(`explain (analyze, buffers, format json) ${text}`, bindings)
    return rows[0]["QUERY PLAN"][0]
  } catch (error) {
    return (error as Error).message
  } finally {
    await db.query("rollback")
  }
}

/** What the summary reads of EXPLAIN's JSON. */
type PlanNode = {
  "Node Type": string
  "Relation Name"?: string
  "Index Name"?: string
  "Actual Rows": number
  "Actual Loops"?: number
  "Rows Removed by Filter"?: number
  "Shared Hit Blocks"?: number
  "Shared Read Blocks"?: number
  Plans?: PlanNode[]
}
type Plan = { Plan: PlanNode; "Execution Time": number }

/** Interesting of a plan: its top node, a Seq Scan on a big table, rows, time, buffers. */
function summarize(plan: Plan) {
  const root = plan.Plan
  let seq: string | null = null
  const walk = (node: PlanNode) => {
    if (node["Node Type"] === "Seq Scan" && BIG_TABLES.includes(node["Relation Name"] ?? ""))
      // Per loop in a parallel scan: times the loops (the leader and its workers).
      seq = `${node["Relation Name"]} (${(node["Rows Removed by Filter"] ?? 0) * (node["Actual Loops"] ?? 1)} rows read and dropped)`
    for (const child of node.Plans ?? []) walk(child)
  }
  walk(root)
  const node = (n: PlanNode): string =>
    `${n["Node Type"]}${n["Index Name"] ? ` using ${n["Index Name"]}` : ""}${n["Relation Name"] && !n["Index Name"] ? ` on ${n["Relation Name"]}` : ""}`
  // The node that does the work: under Limit / Sort / Aggregate / ModifyTable, the first scan.
  let scan = root
  while (scan.Plans?.length && !/Scan|Join|Nested|BitmapOr/.test(scan["Node Type"]))
    scan = scan.Plans[0]
  const top = scan === root ? node(root) : `${root["Node Type"]} ← ${node(scan)}`
  const buffers = (root["Shared Hit Blocks"] ?? 0) + (root["Shared Read Blocks"] ?? 0)
  return { top, seqScan: seq, rows: root["Actual Rows"], ms: plan["Execution Time"], buffers }
}

export default async function volumePlans({ container }: ExecArgs) {
  const knex = container.resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  // A charge in the middle of the month, and a page of 100 around it.
  const { rows: page } = await knex.raw(
    `select id, transaction_id, order_id, payment_session_id, created_at, amount_cents
     from vorexy_charge where id >= 'vxch_vol0150000' order by id limit 100`
  )
  const sample = page[0] as Sample
  const db = new Client({ connectionString: process.env.DATABASE_URL })
  await db.connect()
  const results: PlanRow[] = []
  for (const [name, run] of calls(service, sample, page as Sample[])) {
    const seen: { sql: string; bindings: unknown[] }[] = []
    const listen = (data: { sql: string; bindings?: unknown[] }) => {
      if (!/^\s*(begin|commit|rollback|savepoint|release)/i.test(data.sql))
        seen.push({ sql: data.sql, bindings: data.bindings ?? [] })
    }
    knex.on("query", listen)
    // Made once (it warms the caches too); a write it makes is the code path's own: the webhook
    // intake stores one more event, the clean-up drops what is past retention.
    await (run as () => Promise<unknown>)()
    knex.off("query", listen)
    const statements = seen
    if (!statements.length) {
      results.push({
        path: name,
        call: "",
        sql: "(no SQL seen)",
        top: "",
        seqScan: null,
        rows: 0,
        ms: 0,
        buffers: 0,
      })
      continue
    }
    for (const statement of statements) {
      const plan = await explain(db, statement.sql, statement.bindings)
      const sql = statement.sql.replace(/\s+/g, " ")
      if (typeof plan === "string") {
        results.push({
          path: name,
          call: "",
          sql,
          top: `explain failed: ${plan}`,
          seqScan: null,
          rows: 0,
          ms: 0,
          buffers: 0,
        })
        continue
      }
      results.push({ path: name, call: "", sql, ...summarize(plan) })
    }
  }
  // The clean-up with a backlog: the same statement as if the retention were a day or a week
  // shorter than the month seeded (a day's or a week's bodies due at once: one run's batch).
  const cleanUp = results.find((r) => r.path.includes("clean-up"))
  const statement = cleanUp && /\$1\b/.test(cleanUp.sql) ? cleanUp.sql : null
  for (const [days, label] of statement
    ? ([
        [29, "a day"],
        [23, "a week"],
      ] as const)
    : []) {
    const plan = await explain(db, statement!, [days, DROP_BODIES_PER_RUN])
    if (typeof plan !== "string")
      results.push({
        path: `reconcile: drop old webhook bodies, ${label}'s backlog (retention ${days} days)`,
        call: "",
        sql: statement!,
        ...summarize(plan),
      })
  }
  await db.end()
  const out = process.env.VOLUME_PLANS_OUT
  if (out) writeFileSync(out, JSON.stringify(results, null, 2))
  for (const r of results)
    console.log(
      `${r.path} | ${r.top} | ${r.seqScan ?? "-"} | ${r.rows} | ${r.ms.toFixed(2)} ms | ${r.buffers}`
    )
}
