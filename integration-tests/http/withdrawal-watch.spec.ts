/**
 * The reconcile job reads a withdrawal the gateway has not finished every run while it is young,
 * then at most every 5 minutes (reconciliation/withdrawal-watch.ts): one stuck at the gateway is
 * not read every 10 s for as long as it stays stuck.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { useSandbox } from "../helpers/sandbox"
import { adminHeaders, placePixOrder, seedStore } from "../helpers/store"

jest.setTimeout(120_000)

const gateway = useSandbox({ env: { VOREXY_WITHDRAWAL_PIX_KEYS: "EMAIL:ana@example.com" } })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const reads = () => gateway.sandbox.countRequests("getWithdrawal")

    it("reads an unfinished withdrawal every run while young, then every 5 minutes", async () => {
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
  },
})
