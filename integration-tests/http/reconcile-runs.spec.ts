/**
 * The reconcile job's own limits, through Medusa on real PostgreSQL and the sandbox over HTTP:
 * one run at a time (a second run while one is under way is skipped), and never more gateway
 * reads per run than its budget (VOREXY_RECONCILE_CALLS_PER_MINUTE, 3 here).
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { useSandbox } from "../helpers/sandbox"
import { placePixOrder, resetAndSeed, Store } from "../helpers/store"

jest.setTimeout(120_000)

const gateway = useSandbox({ env: { VOREXY_RECONCILE_CALLS_PER_MINUTE: "3" } })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const reads = () => gateway.sandbox.countRequests("getTransaction")

    beforeEach(async () => {
      store = await resetAndSeed(gateway, getContainer())
    })

    it("reads at most its budget per run, and the next run takes the rest first", async () => {
      const orders = []
      for (let i = 0; i < 5; i++) orders.push(await placePixOrder(api, store))
      const before = reads()
      const startedAt = await vorexy().databaseNow()

      const first = await reconcileVorexy(getContainer())
      expect(first).toMatchObject({ skipped: false, charges: 3 })
      expect(reads() - before).toBe(3)

      const second = await reconcileVorexy(getContainer())
      expect(second.charges).toBe(3)
      expect(reads() - before).toBe(6)
      // Least recently synced first: after two runs every charge was looked at.
      const synced = await vorexy().listVorexyCharges({
        transaction_id: orders.map((o) => o.transactionId),
      })
      const lookedAt = synced.filter((c) => new Date(c.last_synced_at!) > startedAt)
      expect(lookedAt).toHaveLength(5)
    })

    it("runs once at a time: a run started while one is under way is skipped", async () => {
      await placePixOrder(api, store)
      // The sandbox answers slowly, so the first run is still reading when the second starts.
      gateway.sandbox.setFaults({ latencyMs: 2_500, routes: ["getTransaction"] })
      const before = reads()

      const [a, b] = await Promise.all([
        reconcileVorexy(getContainer()),
        new Promise((r) => setTimeout(r, 200)).then(() => reconcileVorexy(getContainer())),
      ])

      expect([a.skipped, b.skipped]).toEqual([false, true])
      expect(reads() - before).toBe(1)
      // Once it is over, the next tick runs.
      expect((await reconcileVorexy(getContainer())).skipped).toBe(false)
    })
  },
})
