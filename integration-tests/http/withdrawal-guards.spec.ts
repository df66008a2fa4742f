/**
 * Money leaves only where the owner said: a withdrawal goes to a key listed in withdrawalPixKeys
 * (compared after the form's normalisation) or the company's bank key; any other is a 403 and
 * nothing reaches the gateway. A secret API key cannot ask for one; an admin with MFA must have
 * passed it recently; the daily limit holds under concurrent requests; each state is e-mailed once
 * to withdrawalNoticeEmails. Medusa on real PostgreSQL, the sandbox over HTTP.
 */
import type { ConfigModule, INotificationModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, generateJwtToken, Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { runWithdrawalSync } from "../../src/reconciliation/run-withdrawal-sync"
import { useSandbox } from "../helpers/sandbox"
import { hookUrl, SECRET } from "../helpers/webhooks"
import { adminHeaders, errorResponse, eventually, placePixOrder, seedStore } from "../helpers/store"

type RequestHeaders = { headers: Record<string, string> }

jest.setTimeout(120_000)

const NOTICE_TO = "financeiro@loja.test"

const gateway = useSandbox({
  webhookSecret: SECRET,
  webhooks: { baseDelayMs: 50, timeoutMs: 2000 },
  env: {
    // As an owner might type them: the e-mail in capitals, the phone with its punctuation.
    VOREXY_WITHDRAWAL_PIX_KEYS: "EMAIL:Ana@Example.com, PHONE:(11) 98765-4321",
    VOREXY_WITHDRAWAL_DAILY_LIMIT: "300",
    VOREXY_WITHDRAWAL_NOTICE_EMAILS: NOTICE_TO,
  },
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: RequestHeaders
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const withdraw = (body: Record<string, unknown>, headers: RequestHeaders = admin) =>
      api.post("/admin/vorexy/withdrawals", body, headers).catch(errorResponse)
    const sandboxWithdrawals = () => [...gateway.sandbox.state.withdrawals.values()]
    const notices = async (id: string) =>
      (
        await getContainer()
          .resolve<INotificationModuleService>(Modules.NOTIFICATION)
          .listNotifications({ resource_id: id, channel: "email" })
      ).map((n) => ({ to: n.to, trigger: n.trigger_type, data: n.data }))

    /** An admin's bearer token carrying Medusa's MFA claims. */
    const tokenWithMfa = async (completedAt: Date) => {
      const base = await adminHeaders(getContainer())
      const claims = JSON.parse(
        Buffer.from(base.headers.authorization.split(".")[1], "base64url").toString()
      )
      const { jwtSecret } = getContainer().resolve<ConfigModule>(
        ContainerRegistrationKeys.CONFIG_MODULE
      ).projectConfig.http
      const token = generateJwtToken(
        {
          actor_id: claims.actor_id,
          actor_type: "user",
          auth_identity_id: claims.auth_identity_id,
          mfa_enabled: true,
          mfa_challenge_completed_at: completedAt.toISOString(),
        },
        { secret: jwtSecret!, expiresIn: "1d" }
      )
      return { headers: { authorization: `Bearer ${token}` } }
    }

    beforeEach(async () => {
      gateway.sandbox.reset()
      gateway.sandbox.setWebhookUrl(`${api.defaults.baseURL}${hookUrl()}`)
      const store = await seedStore(getContainer())
      admin = await adminHeaders(getContainer())
      await placePixOrder(api, store) // the plugin learns the company id
      gateway.sandbox.state.setBalance(1001, { availableCents: 100_000 })
    })

    it("refuses a key that is not listed with a 403 saying where destinations are set, and sends nothing", async () => {
      const before = gateway.sandbox.requests.length

      const response = await withdraw({
        amount: 1000,
        pix_key: "3f1c5a2e-9b7d-4c1e-8a6f-2d4b9e0c7a15",
        pix_key_type: "EVP",
      })

      expect(response.status).toBe(403)
      expect(response.data.message).toMatch(/not one of the store's withdrawal destinations/)
      expect(response.data.message).toMatch(
        /withdrawalPixKeys option \(VOREXY_WITHDRAWAL_PIX_KEYS\)/
      )
      expect(gateway.sandbox.requests.slice(before)).toEqual([])
      expect(sandboxWithdrawals()).toHaveLength(0)
      expect(await vorexy().listVorexyWithdrawals({})).toHaveLength(0)
    })

    it("pays a listed key typed in another form, and offers the listed keys masked by id", async () => {
      const typed = await withdraw({
        amount: 1000,
        pix_key: "ana@example.COM",
        pix_key_type: "EMAIL",
      })
      expect(typed.status).toBe(201)
      expect(typed.data.withdrawal).toMatchObject({
        pix_key: "ana@example.com",
        pix_key_masked: "a***@example.com",
        requested_by_name: expect.stringMatching(/^admin-.*@vorexy\.test$/),
      })

      const { data } = await api.get("/admin/vorexy/withdrawal-destinations", admin)
      expect(data).toEqual({
        destinations: [
          { id: expect.stringMatching(/^pixdest_/), type: "EMAIL", key_masked: "a***@example.com" },
          { id: expect.stringMatching(/^pixdest_/), type: "PHONE", key_masked: "+5511*****4321" },
        ],
        daily_limit_cents: 30_000,
      })
      expect(JSON.stringify(data)).not.toMatch(/98765|ana@/)

      const byId = await withdraw({ amount: 1100, destination: data.destinations[1].id })
      expect(byId.status).toBe(201)
      expect(sandboxWithdrawals().map((w) => [w.pixKeyType, w.pixKey])).toEqual([
        ["EMAIL", "ana@example.com"],
        ["PHONE", "+5511987654321"],
      ])
      expect(
        (await withdraw({ amount: 1000, destination: "pixdest_0000000000000000" })).status
      ).toBe(403)

      // The history says who asked, by e-mail.
      const history = await api.get("/admin/vorexy/withdrawals", admin)
      expect(history.data.withdrawals[0].requested_by_name).toMatch(/^admin-.*@vorexy\.test$/)
    })

    it("refuses a withdrawal asked with a secret API key, and sends nothing", async () => {
      const [key] = await getContainer()
        .resolve(Modules.API_KEY)
        .createApiKeys([{ title: "CI", type: "secret", created_by: "test" }])
      const basic = {
        headers: { authorization: `Basic ${Buffer.from(`${key.token}:`).toString("base64")}` },
      }
      // The key works on the admin: it may read the balance.
      expect((await api.get("/admin/vorexy/balance", basic).catch(errorResponse)).status).toBe(200)

      const response = await withdraw({ amount: 1000 }, basic)

      expect(response.status).toBe(403)
      expect(response.data.message).toMatch(/secret API key.*allowApiKeyWithdrawals/)
      expect(gateway.sandbox.countRequests("requestWithdrawal")).toBe(0)
      expect(await vorexy().listVorexyWithdrawals({})).toHaveLength(0)
    })

    it("asks an admin with MFA to have passed it within the last 15 minutes", async () => {
      const stale = await withdraw(
        { amount: 1000 },
        await tokenWithMfa(new Date(Date.now() - 3_600_000))
      )
      expect(stale.status).toBe(401)
      expect(stale.data.message).toMatch(/MFA was verified too long ago/)
      expect(gateway.sandbox.countRequests("requestWithdrawal")).toBe(0)

      const fresh = await withdraw(
        { amount: 1000 },
        await tokenWithMfa(new Date(Date.now() - 60_000))
      )
      expect(fresh.status).toBe(201)
    })

    it("makes one of two concurrent withdrawals that together pass the daily limit", async () => {
      const [first, second] = await Promise.all([
        withdraw({ amount: 20_000, request_id: "limit-0001" }),
        withdraw({ amount: 20_000, request_id: "limit-0002" }),
      ])

      expect([first.status, second.status].sort()).toEqual([201, 400])
      const refused = first.status === 400 ? first : second
      expect(refused.data.message).toMatch(
        /R\$ 200,00 would pass the store's daily withdrawal limit of R\$ 300,00: R\$ 200,00 was withdrawn/
      )
      expect(sandboxWithdrawals()).toHaveLength(1)
      expect(await vorexy().listVorexyWithdrawals({})).toHaveLength(1)
      // What is left still goes.
      expect((await withdraw({ amount: 10_000, request_id: "limit-0003" })).status).toBe(201)
    })

    it("e-mails each state of a withdrawal once, whatever the syncs", async () => {
      const paid = await withdraw({
        amount: 1500,
        pix_key: "ana@example.com",
        pix_key_type: "EMAIL",
      })
      const failed = await withdraw({ amount: 1600, request_id: "notice-fail" })
      expect([paid.status, failed.status]).toEqual([201, 201])
      await eventually(async () => (await notices(failed.data.withdrawal.id)).length === 1)

      gateway.sandbox.state.completeWithdrawal(Number(paid.data.withdrawal.gateway_id))
      gateway.sandbox.state.failWithdrawal(
        Number(failed.data.withdrawal.gateway_id),
        "Conta encerrada"
      )
      await eventually(async () => (await notices(paid.data.withdrawal.id)).length === 2)
      await eventually(async () => (await notices(failed.data.withdrawal.id)).length === 2)
      // Synced again (as the reconcile job or a repeated webhook would): nothing more is sent.
      for (const w of [paid.data.withdrawal, failed.data.withdrawal])
        await runWithdrawalSync(getContainer(), w.id, { gateway_id: w.gateway_id })

      const sent = await notices(paid.data.withdrawal.id)
      expect(sent.map((n) => n.trigger).sort()).toEqual([
        "vorexy.withdrawal.completed",
        "vorexy.withdrawal.requested",
      ])
      expect(sent[0]).toMatchObject({
        to: NOTICE_TO,
        data: {
          amount: "R$ 15,00",
          pix_key_masked: "a***@example.com",
          gateway_id: paid.data.withdrawal.gateway_id,
          requested_by_name: expect.stringMatching(/@vorexy\.test$/),
        },
      })
      expect(JSON.stringify(sent)).not.toMatch(/ana@example/)
      expect((await notices(failed.data.withdrawal.id)).map((n) => n.trigger).sort()).toEqual([
        "vorexy.withdrawal.failed",
        "vorexy.withdrawal.requested",
      ])
    })
  },
})
