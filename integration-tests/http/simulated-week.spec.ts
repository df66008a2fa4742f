/**
 * A simulated week in one process: Medusa on real PostgreSQL, the sandbox over HTTP with its
 * webhooks on (5% of them lost) and 1% of the plugin's gateway calls failing, and a clock that
 * makes the week pass in a few minutes (helpers/sim-clock.ts). Shoppers order by PIX (most pay
 * within minutes, some never), boleto (paid over days, a few never) and card (approved, refused,
 * in analysis then approved); a few payments are refunded in the gateway's panel, some cards are
 * charged back. The reconcile job runs as its cron would (helpers/sim-run.ts).
 *
 * Asserted: the ledger (every payment captured once or flagged, every unpaid order cancelled after
 * its expiry, every refund and dispute recorded, nothing stuck), each order's own gateway calls
 * (its create and the reads it needs: at most 2.5), and the sweeps' list calls per day (bounded;
 * at a few orders a day they are most of the calls, at high volume a share of each order's).
 * Reported, never asserted (timings are the benchmark's): the lags, as [sim] lines.
 * SIM_ORDERS sets how many orders (default 50), SIM_DAYS how many days (default 7; orders come in the
 * first half); SIM_START when it starts ("carnaval": the Monday a week before the next Carnaval, so
 * boletos fall due before the banks close for it; default: now); SIM_REPORT a file the [sim] lines
 * are also written to (the benchmark's month). Boletos paid at the bank on their due date and
 * settled 1 to 3 bank business days later must be captured, never flagged.
 */
import { writeFileSync } from "node:fs"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { closesAt } from "../../src/workflows/utils/watch-schedule"
import { useSandbox } from "../helpers/sandbox"
import { installSimClock } from "../helpers/sim-clock"
import { simulate } from "../helpers/sim-run"
import { DAY, HOUR, planOrders, random, spread, weekBeforeCarnaval } from "../helpers/sim-scenario"
import { resetForWebhooks, SECRET, WEBHOOK_SETTINGS } from "../helpers/webhooks"

const ORDERS = Number(process.env.SIM_ORDERS ?? 50)
const DAYS = Number(process.env.SIM_DAYS ?? 7)
const GATEWAY_ROUTES = ["createTransaction", "getTransaction", "listTransactions"]

// Long enough for the benchmark's month (bench/month.ts); the week takes about 3 minutes.
jest.setTimeout(120 * 60_000)

const clock = installSimClock()
afterAll(() => clock.uninstall())

const gateway = useSandbox({ webhookSecret: SECRET, webhooks: WEBHOOK_SETTINGS })

type OrderRow = {
  id: string
  status: string
  canceled_at: string | null
  payment_collections: {
    payments?: {
      captured_at: string | null
      captures?: { id: string }[] | null
      refunds?: { amount: unknown }[] | null
    }[]
  }[]
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it("keeps the ledger over a week of orders, lost webhooks and gateway faults", async () => {
      const container = getContainer()
      const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
      const lines: string[] = []
      const log = (line: string) => {
        lines.push(line)
        console.log(`[sim] ${line}`)
      }
      const startAt = process.env.SIM_START
      if (startAt)
        await clock.setTo(
          startAt === "carnaval" ? weekBeforeCarnaval(clock.now()) : Date.parse(startAt)
        )
      const store = await resetForWebhooks(gateway, api, container)
      await clock.attachDatabase(container)
      // The seed stocks 100 shirts; paid orders keep theirs, and the month places more.
      const inventory = container.resolve(Modules.INVENTORY)
      const levels = await inventory.listInventoryLevels({})
      await inventory.updateInventoryLevels(
        levels.map((l) => ({
          inventory_item_id: l.inventory_item_id,
          location_id: l.location_id,
          stocked_quantity: 1_000_000,
        }))
      )
      const sandbox = gateway.sandbox
      sandbox.webhooks.settings.dropRate = 0.05
      sandbox.webhooks.random = random(11)
      sandbox.setFaults({ errorRate: 0.01, routes: GATEWAY_ROUTES })

      const start = clock.now()
      const until = start + DAYS * DAY
      const plans = planOrders(ORDERS, start + 5 * 60_000, (DAYS / 2) * DAY)
      const { placed, stats } = await simulate({
        api,
        container,
        gateway,
        store,
        clock,
        plans,
        until,
        log,
      })
      const end = clock.now()

      // ---- what happened ------------------------------------------------------------------
      const orders = placed.filter((p) => p.orderId && p.transactionId)
      const charges = await vorexy.listVorexyCharges({
        transaction_id: orders.map((o) => o.transactionId!),
      })
      const chargeOf = new Map(charges.map((c) => [c.transaction_id, c]))
      const { data } = await container.resolve("query").graph({
        entity: "order",
        fields: [
          "id",
          "status",
          "canceled_at",
          "payment_collections.payments.captured_at",
          "payment_collections.payments.captures.id",
          "payment_collections.payments.refunds.amount",
        ],
        filters: { id: orders.map((o) => o.orderId!) },
      })
      const orderOf = new Map((data as OrderRow[]).map((o) => [o.id, o]))
      const payments = (o: OrderRow) => o.payment_collections.flatMap((c) => c.payments ?? [])
      const lostPaid = new Set(
        sandbox.webhooks.lost
          .filter((e) => e.body.object === "transaction" && e.body.status === "paid")
          .map((e) => String(e.body.transactionId))
      )

      const problems: string[] = []
      const lag = { capture: [] as number[], close: [] as number[], lostYoung: [] as number[] }
      const lostOld: number[] = []
      const settledLate: Array<{ days: number; captured: boolean }> = []
      const slow: string[] = []
      let refunds = 0
      let disputes = 0
      for (const o of orders) {
        const tx = sandbox.state.transaction(o.transactionId!)
        const charge = chargeOf.get(o.transactionId!)
        const order = orderOf.get(o.orderId!)
        const what = `${o.plan.kind} ${o.transactionId} (${tx.state})`
        if (!charge || !order) {
          problems.push(`${what}: no charge row or order`)
          continue
        }
        // Everything reads the simulated clock: the sandbox's stamps and the plugin's rows.
        const made = Date.parse(tx.createdAt)
        if (made < start || Math.abs(new Date(charge.created_at).getTime() - made) > 60_000)
          problems.push(`${what}: clock: created ${tx.createdAt}, row ${charge.created_at}`)
        if (tx.pix && Math.abs(Date.parse(tx.pix.expirationDate) - made - DAY) > 1_000)
          problems.push(`${what}: clock: PIX expires ${tx.pix.expirationDate}`)
        const captures = payments(order).flatMap((p) => p.captures ?? []).length
        if (tx.paidAt) {
          if (captures !== 1 && !charge.flag) problems.push(`${what}: ${captures} captures`)
          // Settled within the banks' usual days after its due date: its order takes it.
          if (o.plan.settledBusinessDays !== undefined) {
            settledLate.push({ days: o.plan.settledBusinessDays, captured: captures === 1 })
            if (captures !== 1)
              problems.push(
                `${what}: settled ${o.plan.settledBusinessDays} business days after its due date, ${captures} captures (${charge.flag ?? "no flag"})`
              )
          }
          const capturedAt = payments(order).find((p) => p.captured_at)?.captured_at
          if (capturedAt && o.plan.payAfter !== undefined) {
            const ms = Date.parse(capturedAt) - Date.parse(tx.paidAt)
            lag.capture.push(ms)
            if (lostPaid.has(o.transactionId!)) {
              const age = Date.parse(tx.paidAt) - Date.parse(tx.createdAt)
              ;(age < HOUR ? lag.lostYoung : lostOld).push(ms)
            }
          }
        } else if (tx.state !== "Refused" && tx.state !== "Failed") {
          const closes = closesAt(charge, vorexy.options)
          if (closes && closes.getTime() < end - 5 * 60_000) {
            if (order.status !== "canceled")
              problems.push(`${what}: unpaid past ${closes.toISOString()}, order ${order.status}`)
            else {
              const ms = Date.parse(order.canceled_at!) - closes.getTime()
              lag.close.push(ms)
              if (ms > 2 * 60_000) {
                // What the gateway saw of it, and what the plugin stored: to tell why.
                const reads = sandbox.requests
                  .filter((r) => r.path.includes(o.transactionId!))
                  .map((r) => `${r.route} ${r.at} ${r.status}`)
                const events = await vorexy.listVorexyWebhookEvents({
                  reference_id: o.transactionId!,
                })
                const lost = sandbox.webhooks.lost
                  .filter((e) => e.body.transactionId === o.transactionId)
                  .map((e) => `${e.body.status} at ${e.at}`)
                slow.push(
                  `${what}: cancelled ${(ms / 60_000).toFixed(1)} min after ${closes.toISOString()} (charge ${charge.status}, ${charge.gateway_status}, ${charge.sync_failures} failed syncs, expires ${new Date(charge.expires_at!).toISOString()}, gateway expiry ${tx.pix?.expirationDate}, order cancelled ${order.canceled_at}; requests: ${reads.join("; ")}; events: ${events.map((e) => `${e.status_hint} ${new Date(e.created_at).toISOString()} ${e.outcome}: ${e.outcome_detail}`).join("; ")}; lost: ${lost.join("; ")})`
                )
              }
            }
          }
        }
        if (tx.refundedAmountCents > 0) {
          refunds++
          if (charge.refunded_amount_cents !== tx.refundedAmountCents)
            problems.push(
              `${what}: refund ${tx.refundedAmountCents} recorded as ${charge.refunded_amount_cents}`
            )
        }
        if (tx.state === "Chargedback") {
          disputes++
          if (charge.status !== "disputed") problems.push(`${what}: charge ${charge.status}`)
        }
        if (charge.flag === "sync_failing") problems.push(`${what}: sync_failing`)
      }
      const [firstEvent] = await vorexy.listVorexyWebhookEvents(
        {},
        { order: { created_at: "ASC" }, take: 1 }
      )
      if (firstEvent && new Date(firstEvent.created_at).getTime() < start)
        problems.push(`clock: webhook event stored at ${firstEvent.created_at}, before the start`)
      const stuck = await vorexy.listVorexyWebhookEvents({ outcome: ["received", "failed"] })
      for (const event of stuck)
        problems.push(`webhook event ${event.id} ${event.outcome}: ${event.outcome_detail}`)

      // ---- the report ---------------------------------------------------------------------
      const count = (route: string) => sandbox.countRequests(route)
      const calls = GATEWAY_ROUTES.reduce((sum, route) => sum + count(route), 0)
      const created = sandbox.state.transactions.size
      const perOrder = calls / created
      const kinds = new Map<string, number>()
      for (const p of placed) kinds.set(p.plan.kind, (kinds.get(p.plan.kind) ?? 0) + 1)
      log(`${placed.length} checkouts (${[...kinds].map(([k, n]) => `${k} ${n}`).join(", ")})`)
      log(
        `${((end - start) / DAY).toFixed(2)} simulated days in ${(stats.realMs / 1000).toFixed(0)} s: ${stats.stops} stops, ${stats.runs} reconcile runs, ${stats.settles} settles (real s: checkouts ${(stats.actionMs / 1000).toFixed(0)}, runs ${(stats.runMs / 1000).toFixed(0)}, settling ${(stats.settleMs / 1000).toFixed(0)})`
      )
      log(
        `gateway calls per order: ${perOrder.toFixed(2)} (${calls} calls, ${created} charges): ${GATEWAY_ROUTES.map((r) => `${r} ${(count(r) / created).toFixed(2)}`).join(", ")}`
      )
      // Each order's own reads, by kind: where the reads beyond the verifying one go.
      const readsOf = new Map<string, number>()
      for (const r of sandbox.requests)
        if (r.route === "getTransaction") readsOf.set(r.path, (readsOf.get(r.path) ?? 0) + 1)
      const byKind = new Map<string, { orders: number; reads: number }>()
      for (const p of placed) {
        if (!p.transactionId) continue
        const reads = [...readsOf].filter(([path]) => path.endsWith(`/${p.transactionId}`))
        const k = byKind.get(p.plan.kind) ?? { orders: 0, reads: 0 }
        k.orders++
        k.reads += reads.reduce((sum, [, n]) => sum + n, 0)
        byKind.set(p.plan.kind, k)
      }
      log(
        `reads per order by kind: ${[...byKind].map(([kind, k]) => `${kind} ${(k.reads / k.orders).toFixed(2)}`).join(", ")}`
      )
      const days = (end - start) / DAY
      log(
        `sweeps: ${(count("listTransactions") / days).toFixed(0)} list calls per simulated day, whatever the volume`
      )
      log(
        `webhooks: ${sandbox.webhooks.deliveries.length} deliveries, ${sandbox.webhooks.lost.length} events lost (${lostPaid.size} payments); ${refunds} refunds, ${disputes} chargebacks`
      )
      log(
        `started ${new Date(start).toISOString().slice(0, 10)}; boletos paid on their due date and settled D+1..D+3 bank business days later: ${settledLate.length} (${[1, 2, 3].map((d) => `D+${d} ${settledLate.filter((s) => s.days === d).length}`).join(", ")}), ${settledLate.filter((s) => s.captured).length} captured`
      )
      log(`payment -> capture: ${spread(lag.capture)}`)
      const early = lag.close.filter((ms) => ms < 0).length
      log(
        `close time (expires_at + grace) -> order cancelled: ${spread(lag.close)} (${early} cancelled before it, on the gateway's own expiry webhook)`
      )
      log(`lost payment webhook -> capture, charge < 1 h old: ${spread(lag.lostYoung)}`)
      log(`lost payment webhook -> capture, charge older: ${spread(lostOld)}`)
      for (const line of slow) log(`slow close: ${line}`)
      for (const problem of problems) log(`PROBLEM ${problem}`)

      if (process.env.SIM_REPORT) writeFileSync(process.env.SIM_REPORT, lines.join("\n") + "\n")

      expect(problems).toEqual([])
      // What each order costs by itself: its create and the transaction reads it needs (the
      // verifying read, an expiry, a refund): at most 2.5 in all, whatever the volume.
      const ownCalls = (count("createTransaction") + count("getTransaction")) / created
      expect(ownCalls).toBeLessThanOrEqual(2.5)
      // The sweeps' list calls are a cost per day, not per order: at this volume (a few orders a
      // day) they outweigh the orders; bounded here (the recent sweep alone may read 720 a day).
      expect(count("listTransactions") / days).toBeLessThanOrEqual(200)
    })
  },
})
