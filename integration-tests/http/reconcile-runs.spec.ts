/**
 * The reconcile job, through Medusa on real PostgreSQL and the sandbox over HTTP (its webhooks
 * off: every payment here is one whose webhook was lost): it watches charges by reading the
 * gateway's list, a call per 100 transactions, and reads a single transaction only when the list
 * shows it changed; due work (an expiry) is read on time; one run at a time; never more gateway
 * calls a minute than its budget (VOREXY_RECONCILE_CALLS_PER_MINUTE, 3 here).
 */
import type { ILockingModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { runChargeSync } from "../../src/workflows/charge-sync/workflow"
import { useSandbox } from "../helpers/sandbox"
import { placePixOrder, resetAndSeed, Store, storeOrder } from "../helpers/store"

jest.setTimeout(120_000)

const gateway = useSandbox({ env: { VOREXY_RECONCILE_CALLS_PER_MINUTE: "3" } })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const calls = () => ({
      list: gateway.sandbox.countRequests("listTransactions"),
      read: gateway.sandbox.countRequests("getTransaction"),
    })
    const since = (before: { list: number; read: number }) => {
      const now = calls()
      return { list: now.list - before.list, read: now.read - before.read }
    }
    const paymentStatus = async (orderId: string) =>
      (await storeOrder(api, store, orderId)).payment_status
    /** As if the sweeps' last passes, and the job's last calls, were `minutes` ago. */
    const ageRuns = async (minutes: number) => {
      const marks = await vorexy().listVorexyHealthMarks({
        $or: [{ key: { $like: "sweep:%" } }, { key: "reconcile_calls" }],
      })
      const at = Date.now() - minutes * 60_000
      for (const mark of marks) {
        const data = mark.data as Record<string, unknown>
        await vorexy().updateVorexyHealthMarks({
          id: mark.id,
          data: "tokens" in data ? { ...data, at } : { ...data, pass_started_at: at, step_at: at },
        })
      }
    }

    beforeEach(async () => {
      store = await resetAndSeed(gateway, getContainer())
    })

    it("finds a payment whose webhook was lost from one list call, reading only that charge", async () => {
      const orders = []
      for (let i = 0; i < 5; i++) orders.push(await placePixOrder(api, store))
      gateway.sandbox.state.payTransaction(orders[2].transactionId)
      const before = calls()

      const run = await reconcileVorexy(getContainer())

      expect(run).toMatchObject({ skipped: false, sweep_pages: 1, sweep_reads: 1, failures: [] })
      expect(since(before)).toEqual({ list: 1, read: 1 })
      expect(await paymentStatus(orders[2].orderId)).toBe("captured")
      for (const other of [0, 1, 3, 4]) {
        expect(await paymentStatus(orders[other].orderId)).toBe("awaiting")
      }
      // Each charge learnt the gateway's id from the list (the lead names its payment session).
      const rows = await vorexy().listVorexyCharges({
        transaction_id: orders.map((o) => o.transactionId),
      })
      expect(rows.every((row) => row.gateway_internal_id)).toBe(true)

      // Nothing else to do: the next minute's run makes no call; two minutes on, one list call.
      const quiet = calls()
      await reconcileVorexy(getContainer())
      expect(since(quiet)).toEqual({ list: 0, read: 0 })
      await ageRuns(2)
      await reconcileVorexy(getContainer())
      expect(since(quiet)).toEqual({ list: 1, read: 0 })
    })

    it("reads the likely charges of a changed item no row claims (leads grouped by payer)", async () => {
      gateway.sandbox.setVariants({ leads: "per-payer" })
      const first = await placePixOrder(api, store)
      // The same payer again: the list shows the lead of the first, naming its session.
      const second = await placePixOrder(api, store)
      gateway.sandbox.state.payTransaction(second.transactionId)
      const before = calls()

      const run = await reconcileVorexy(getContainer())

      expect(run.failures).toEqual([])
      expect(await paymentStatus(second.orderId)).toBe("captured")
      expect(await paymentStatus(first.orderId)).toBe("awaiting")
      // One list call, and reads of the charges it could be (same amount, same time): never more
      // than both.
      expect(since(before).list).toBe(1)
      expect(since(before).read).toBeGreaterThanOrEqual(1)
      expect(since(before).read).toBeLessThanOrEqual(2)
    })

    it("spends at most its calls per minute; what did not fit is due first at the next run", async () => {
      const orders = []
      for (let i = 0; i < 5; i++) orders.push(await placePixOrder(api, store))
      for (const order of orders) gateway.sandbox.state.payTransaction(order.transactionId)
      const before = calls()

      await reconcileVorexy(getContainer())
      const first = since(before)
      expect(first.list + first.read).toBe(3)

      // A minute later, the calls have refilled.
      await ageRuns(1)
      await reconcileVorexy(getContainer())
      const second = since(before)
      expect(second.list + second.read - (first.list + first.read)).toBeLessThanOrEqual(3)
      expect(second.read).toBe(5)
      for (const order of orders) expect(await paymentStatus(order.orderId)).toBe("captured")
    })

    it("keeps a sweep's step due when it read nothing (the gateway failing), so the next run reads", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      // Read once (the row learns the gateway's id for it, as the list names it), and made two
      // hours old: the open sweep's (paced: a page every few minutes at this volume).
      await runChargeSync(getContainer(), { by: "admin", transaction_id: transactionId })
      await getContainer()
        .resolve(ContainerRegistrationKeys.PG_CONNECTION)
        .raw(
          `update vorexy_charge set created_at = now() - interval '2 hours' where transaction_id = ?`,
          [transactionId]
        )
      gateway.sandbox.state.payTransaction(transactionId)
      gateway.sandbox.setFaults({ errorRate: 1, routes: ["listTransactions"] })
      const failed = await reconcileVorexy(getContainer())
      expect(failed.sweep_pages).toBe(0)
      expect(failed.failures.join()).toMatch(/open sweep, page 1/)

      gateway.sandbox.setFaults({ errorRate: 0 })
      await ageRuns(1)
      const next = await reconcileVorexy(getContainer())
      expect(next).toMatchObject({ sweep_pages: 1, sweep_reads: 1, failures: [] })
      // Its record says where its time went.
      expect(next.took_ms.all).toBeGreaterThanOrEqual(next.took_ms.sweeps)
      expect(next.took_ms.sweeps).toBeGreaterThan(0)
      expect(await paymentStatus(orderId)).toBe("captured")
    })

    it("closes a charge at its expiry, with one read, and cancels its order", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
      // Its expiry and grace have passed (the sandbox still offers it).
      const past = new Date(Date.now() - 11 * 60_000)
      await vorexy().updateVorexyCharges({ id: charge.id, expires_at: past, next_sync_at: past })
      const before = calls()

      const run = await reconcileVorexy(getContainer())

      expect(run).toMatchObject({ charges: 1, failures: [] })
      expect(since(before).read).toBe(1)
      const [closed] = await vorexy().listVorexyCharges({ id: charge.id })
      expect(closed.status).toBe("cancelled")
      const order = await storeOrder(api, store, orderId)
      expect(order.status).toBe("canceled")
    })

    it("leaves a due charge another run is syncing to that run, as no failure, and syncs it next", async () => {
      const { orderId, transactionId } = await placePixOrder(api, store)
      const [charge] = await vorexy().listVorexyCharges({ transaction_id: transactionId })
      gateway.sandbox.state.payTransaction(transactionId)
      await vorexy().updateVorexyCharges({
        id: charge.id,
        next_sync_at: new Date(Date.now() - 1_000),
      })
      // Another run (a webhook's, on another process) holds the charge.
      const locking = getContainer().resolve<ILockingModule>(Modules.LOCKING)
      const key = `vorexy:charge:${transactionId}`
      await locking.acquire(key, { ownerId: "another-run", expire: 15 })

      const busy = await reconcileVorexy(getContainer())
      await locking.release(key, { ownerId: "another-run" })

      expect(busy.failures).toEqual([])
      expect(await paymentStatus(orderId)).toBe("awaiting")
      await ageRuns(1)
      const next = await reconcileVorexy(getContainer())
      expect(next.failures).toEqual([])
      expect(await paymentStatus(orderId)).toBe("captured")
    })

    it("runs once at a time: a run started while one is under way is skipped", async () => {
      await placePixOrder(api, store)
      // The sandbox answers slowly, so the first run is still reading when the second starts.
      gateway.sandbox.setFaults({ latencyMs: 2_500, routes: ["listTransactions"] })
      const before = calls()

      const [a, b] = await Promise.all([
        reconcileVorexy(getContainer()),
        new Promise((r) => setTimeout(r, 200)).then(() => reconcileVorexy(getContainer())),
      ])

      expect([a.skipped, b.skipped]).toEqual([false, true])
      expect(since(before).list).toBe(1)
      // Once it is over, the next tick runs.
      expect((await reconcileVorexy(getContainer())).skipped).toBe(false)
    })

    it("drops the bodies of processed webhook events past retention, the oldest 1,000 a run", async () => {
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const insert = (prefix: string, outcome: string, daysAgo: number, count: number) =>
        pg.raw(
          `insert into vorexy_webhook_event
             (id, event_key, kind, reference_id, body, outcome, created_at, next_attempt_at)
           select ?::text || i, ?::text || i, 'cash_in', 'tx-' || i, '{"payer":"Ana"}'::jsonb, ?::text,
             now() - make_interval(days => ?::int) + make_interval(secs => i),
             now() + interval '1 hour'
           from generate_series(1, ?::int) as i`,
          [prefix, prefix, outcome, daysAgo, count]
        )
      // Retention is 30 days: 1,001 processed events past it, a failed one past it (still to be
      // retried, in an hour: not by these runs), and a processed one within it.
      await insert("vxwh_old_", "processed", 40, 1_001)
      await insert("vxwh_failed_", "failed", 40, 1)
      await insert("vxwh_recent_", "processed", 10, 1)
      const watched = [
        "vxwh_old_1",
        "vxwh_old_1000",
        "vxwh_old_1001",
        "vxwh_failed_1",
        "vxwh_recent_1",
      ]
      const kept = async () =>
        (
          await pg.raw(
            `select id from vorexy_webhook_event where body <> '{}'::jsonb and id = any(?) order by id`,
            [watched]
          )
        ).rows.map((row: { id: string }) => row.id)

      expect((await reconcileVorexy(getContainer())).bodies_dropped).toBe(1_000)
      // The oldest went first: the newest of the old ones is left for the next run.
      expect(await kept()).toEqual(["vxwh_failed_1", "vxwh_old_1001", "vxwh_recent_1"])
      expect((await reconcileVorexy(getContainer())).bodies_dropped).toBe(1)
      expect(await kept()).toEqual(["vxwh_failed_1", "vxwh_recent_1"])
    })
  },
})
