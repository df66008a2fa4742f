/**
 * The reconcile job reads a withdrawal the gateway has not finished every run while it is young,
 * then at most every 5 minutes (reconciliation/withdrawal-watch.ts): one stuck at the gateway is
 * not read every 10 s for as long as it stays stuck.
 */
import type { ILockingModule } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { useSandbox } from "../helpers/sandbox"
import { adminHeaders, placePixOrder, seedStore } from "../helpers/store"

jest.setTimeout(120_000)

const gateway = useSandbox({ env: { VOREXY_WITHDRAWAL_PIX_KEYS: "EMAIL:ana@example.com" } })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const reads = () => gateway.sandbox.countRequests("getWithdrawal")

    /** A withdrawal the gateway has not finished (its webhooks off). */
    const pendingWithdrawal = async () => {
      gateway.sandbox.reset()
      gateway.sandbox.setWebhookUrl(null)
      const store = await seedStore(getContainer())
      const admin = await adminHeaders(getContainer())
      await placePixOrder(api, store) // the plugin learns the company id
      gateway.sandbox.state.setBalance(1001, { availableCents: 100_000 })
      const { data } = await api.post(
        "/admin/vorexy/withdrawals",
        {
          amount: 1500,
          pix_key: "ana@example.com",
          pix_key_type: "EMAIL",
          request_id: "watch-withdrawal-1",
        },
        admin
      )
      expect(data.withdrawal).toMatchObject({ status: "pending" })
      return { admin, withdrawal: data.withdrawal }
    }

    it("reads an unfinished withdrawal every run while young, then every 5 minutes", async () => {
      await pendingWithdrawal()
      const set = (created: string, synced: string) =>
        dbConnection.raw(
          `update vorexy_withdrawal set created_at = now() - interval '${created}',
             last_synced_at = now() - interval '${synced}', next_sync_at = null`
        )

      // Young: read at every run.
      await set("1 minute", "5 seconds")
      let before = reads()
      await reconcileVorexy(getContainer())
      expect(reads()).toBe(before + 1)

      // An hour old, read a minute ago: left alone.
      await set("1 hour", "1 minute")
      before = reads()
      await reconcileVorexy(getContainer())
      expect(reads()).toBe(before)

      // Read 6 minutes ago: read again.
      await set("1 hour", "6 minutes")
      await reconcileVorexy(getContainer())
      expect(reads()).toBe(before + 1)
    })

    it("backs off a withdrawal whose reads fail, and reads it again when its backoff is due", async () => {
      const { withdrawal } = await pendingWithdrawal()
      const vorexy = getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
      const row = async () => (await vorexy.listVorexyWithdrawals({ id: withdrawal.id }))[0]
      await dbConnection.raw(`update vorexy_withdrawal set next_sync_at = null`)
      gateway.sandbox.setFaults({ failNext: 100, routes: ["getWithdrawal"] })

      const failed = await reconcileVorexy(getContainer())
      expect(failed.failures).toEqual([expect.stringMatching(/^withdrawal \S+: /)])
      const backedOff = await row()
      expect(backedOff).toMatchObject({ status: "pending", sync_failures: 1 })
      expect(new Date(backedOff.next_sync_at!).getTime()).toBeGreaterThan(Date.now())

      // Not read again before its backoff, however young it is.
      const before = reads()
      await reconcileVorexy(getContainer())
      expect(reads()).toBe(before)

      // Due, and the gateway answers again: read, and its count starts over.
      gateway.sandbox.setFaults({ failNext: 0, routes: null })
      await dbConnection.raw(
        `update vorexy_withdrawal set next_sync_at = now() - interval '1 second'`
      )
      const next = await reconcileVorexy(getContainer())
      expect(next.failures).toEqual([])
      expect(reads()).toBe(before + 1)
      expect(await row()).toMatchObject({ status: "pending", sync_failures: 0, next_sync_at: null })
    })

    it("leaves a withdrawal another run is syncing to that run, as no failure, and reads it next run", async () => {
      const { admin, withdrawal } = await pendingWithdrawal()
      const [{ gateway_id }] = (
        await dbConnection.raw(`select gateway_id from vorexy_withdrawal where id = ?`, [
          withdrawal.id,
        ])
      ).rows
      await dbConnection.raw(`update vorexy_withdrawal set next_sync_at = null`)
      // Its webhook's sync holds it (the key the withdrawal's sync takes), for a few seconds: a
      // job that waited for it would take it over then and read the withdrawal in this run.
      const locking = getContainer().resolve<ILockingModule>(Modules.LOCKING)
      const key = `vorexy:withdrawal:${gateway_id}`
      const owner = { ownerId: "its-webhook-run" }
      await locking.acquire(key, { ...owner, expire: 8 })
      try {
        const before = reads()
        const held = await reconcileVorexy(getContainer())
        expect(held.withdrawals).toBe(1)
        expect(held.failures).toEqual([])
        expect(reads()).toBe(before)
        const health = await api.get("/admin/vorexy/health", admin)
        expect(JSON.stringify(health.data)).not.toMatch(/Failed to acquire lock/)

        await locking.release(key, owner)
        const next = await reconcileVorexy(getContainer())
        expect(next.failures).toEqual([])
        expect(reads()).toBe(before + 1)

        // Held again, while it has gone unread longer than a lock lives (no live run holds one
        // that long: a dead run's, kept by a lock store that never lapses it): reported.
        await locking.acquire(key, { ...owner, expire: 120 })
        await dbConnection.raw(
          `update vorexy_withdrawal set last_synced_at = now() - interval '4 minutes'`
        )
        const stuck = await reconcileVorexy(getContainer())
        expect(stuck.failures).toEqual([
          expect.stringMatching(/^withdrawal \S+: Failed to acquire lock/),
        ])
        expect(reads()).toBe(before + 1)
      } finally {
        await locking.release(key, owner)
      }
    })
  },
})
