/**
 * A store without withdrawalPixKeys withdraws only to the PIX key registered on the company's
 * bank account at the gateway: no pixKey is sent, a typed key is a 403 and nothing is sent, and a
 * company with no registered key gets an error that says so, which the health card repeats.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { useSandbox } from "../helpers/sandbox"
import { adminHeaders, errorResponse, placePixOrder, seedStore } from "../helpers/store"

jest.setTimeout(120_000)

const gateway = useSandbox()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: Record<string, string> }
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const withdraw = (body: Record<string, unknown>) =>
      api.post("/admin/vorexy/withdrawals", body, admin).catch(errorResponse)
    const health = async () => (await api.get("/admin/vorexy/health", admin)).data.health
    const sandboxWithdrawals = () => [...gateway.sandbox.state.withdrawals.values()]

    beforeEach(async () => {
      gateway.sandbox.reset()
      const store = await seedStore(getContainer())
      admin = await adminHeaders(getContainer())
      await placePixOrder(api, store) // the plugin learns the company id
      gateway.sandbox.state.setBalance(1001, { availableCents: 50_000 })
    })

    it("refuses any typed key with a 403 and sends nothing; without one, sends no pixKey", async () => {
      const before = gateway.sandbox.requests.length
      const typed = await withdraw({
        amount: 1000,
        pix_key: "ana@example.com",
        pix_key_type: "EMAIL",
      })
      expect(typed.status).toBe(403)
      expect(typed.data.message).toMatch(/withdrawalPixKeys option \(VOREXY_WITHDRAWAL_PIX_KEYS\)/)
      expect(gateway.sandbox.requests.slice(before)).toEqual([])
      expect(await vorexy().listVorexyWithdrawals({})).toHaveLength(0)

      const bank = await withdraw({ amount: 1000 })
      expect(bank.status).toBe(201)
      expect(bank.data.withdrawal).toMatchObject({
        pix_key: "11222333000181",
        pix_key_type: "CNPJ",
      })
      // The gateway filled in the company's own key: the request named none.
      expect(sandboxWithdrawals()).toEqual([
        expect.objectContaining({ pixKey: "11222333000181", pixKeyType: "CNPJ" }),
      ])
      const { data } = await api.get("/admin/vorexy/withdrawal-destinations", admin)
      expect(data).toEqual({ destinations: [], daily_limit_cents: null })
      expect((await health()).withdrawals).toMatchObject({
        listed_destinations: 0,
        bank_key_refused: null,
        last: {
          id: bank.data.withdrawal.id,
          requested_by_name: expect.stringMatching(/@vorexy\.test$/),
        },
      })
    })

    it("says clearly when the company has no registered bank key, and so does the health card", async () => {
      gateway.sandbox.state.setBankPixKey(1001, null)

      const response = await withdraw({ amount: 1000 })

      expect(response.status).toBe(422)
      expect(response.data.message).toMatch(/bank account has no PIX key/)
      expect(response.data.hint).toMatch(/register one in the Vorexy panel.*withdrawalPixKeys/)
      expect(await vorexy().listVorexyWithdrawals({})).toHaveLength(0)
      expect((await health()).withdrawals.bank_key_refused).toMatchObject({
        at: expect.any(String),
        message: expect.stringMatching(/bank account has no PIX key/),
      })

      // Once the company registers a key, the next withdrawal clears it.
      gateway.sandbox.state.setBankPixKey(1001, { pixKey: "11222333000181", pixKeyType: "CNPJ" })
      expect((await withdraw({ amount: 1000 })).status).toBe(201)
      expect((await health()).withdrawals.bank_key_refused).toBeNull()
    })
  },
})
