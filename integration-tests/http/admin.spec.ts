/**
 * The admin API: balance, withdrawals, gateway transactions and charges. Medusa on real PostgreSQL,
 * the sandbox over HTTP (and sending real webhooks).
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { useSandbox } from "../helpers/sandbox"
import { adminHeaders, errorResponse, eventually, placePixOrder, seedStore } from "../helpers/store"

/** Request options with the admin's bearer token, or without it. */
type RequestHeaders = { headers?: Record<string, string> }

jest.setTimeout(120_000)

const gateway = useSandbox({
  webhooks: { baseDelayMs: 50, timeoutMs: 2000 },
  env: { VOREXY_WITHDRAWAL_PIX_KEYS: "PHONE:(11) 98765-4321,EMAIL:Ana@Example.com" },
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Awaited<ReturnType<typeof seedStore>>
    let admin: RequestHeaders
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const get = (url: string, headers: RequestHeaders = admin) =>
      api.get(url, headers).catch(errorResponse)
    const post = (url: string, body: unknown, headers: RequestHeaders = admin) =>
      api.post(url, body, headers).catch(errorResponse)
    const withdraw = (body: Record<string, unknown>) => post("/admin/vorexy/withdrawals", body)
    const sandboxWithdrawals = () => [...gateway.sandbox.state.withdrawals.values()]
    const openLocalWithdrawals = async () =>
      (await vorexy().listVorexyWithdrawals({ status: ["requested", "pending", "processing"] }))
        .length

    beforeEach(async () => {
      gateway.sandbox.reset()
      gateway.sandbox.setWebhookUrl(`${api.defaults.baseURL}/hooks/vorexy`)
      store = await seedStore(getContainer())
      admin = await adminHeaders(getContainer())
    })

    it("requires an admin session on every route", async () => {
      for (const [method, url] of [
        ["get", "/admin/vorexy/balance"],
        ["get", "/admin/vorexy/transactions"],
        ["get", "/admin/vorexy/withdrawals"],
        ["post", "/admin/vorexy/withdrawals"],
        ["get", "/admin/vorexy/withdrawals/vxwd_1"],
        ["get", "/admin/vorexy/withdrawal-destinations"],
        ["get", "/admin/vorexy/charges?order_id=order_1"],
        ["post", "/admin/vorexy/charges/vxch_1/sync"],
      ] as const) {
        const response = method === "get" ? await get(url, {}) : await post(url, {}, {})
        expect([url, response.status]).toEqual([url, 401])
      }
    })

    it("takes only JSON where money moves or a secret shows: a cross-site form cannot", async () => {
      const asForm = (url: string, contentType: string, body: string) =>
        api
          .post(url, body, { headers: { ...admin.headers, "content-type": contentType } })
          .catch(errorResponse)
      for (const url of [
        "/admin/vorexy/withdrawals",
        "/admin/vorexy/setup/webhook-token",
        "/admin/vorexy/webhook-self-test",
        "/admin/vorexy/charges/vxch_1/sync",
      ]) {
        for (const [type, body] of [
          ["application/x-www-form-urlencoded", "amount_reais=10&pix_key=a%40b.com"],
          ["text/plain", '{"amount_reais":"10"}'],
          ["multipart/form-data; boundary=x", "--x--"],
        ]) {
          const answer = await asForm(url, type, body)
          expect([url, type, answer.status]).toEqual([url, type, 415])
          expect(answer.data.token).toBeUndefined()
        }
      }
      expect(sandboxWithdrawals()).toHaveLength(0)
      // The admin's own requests (JSON) go through.
      expect((await post("/admin/vorexy/setup/webhook-token", {})).status).toBe(200)
    })

    describe("balance", () => {
      it("says clearly when the company id is not known yet, then shows the balance once learned", async () => {
        const unknown = await get("/admin/vorexy/balance")
        expect(unknown.status).toBe(400)
        expect(unknown.data.message).toMatch(
          /company id is not known yet: set VOREXY_COMPANY_ID, or take a first PIX payment/
        )

        await placePixOrder(api, store)
        gateway.sandbox.state.setBalance(1001, {
          availableCents: 123456,
          creditCents: 10,
          creditAwaitingCents: 2050,
        })
        const { data } = await get("/admin/vorexy/balance")

        expect(data.balance).toEqual({
          company_id: 1001,
          currency: "BRL",
          status: "Released",
          withdrawals_blocked: false,
          available: "1234.56",
          available_cents: 123456,
          credit: "0.1",
          credit_cents: 10,
          credit_awaiting: "20.5",
          credit_awaiting_cents: 2050,
        })
        gateway.sandbox.state.setBalance(1001, { status: "Pending" })
        expect((await get("/admin/vorexy/balance")).data.balance).toMatchObject({
          status: "Pending",
          withdrawals_blocked: true,
        })
      })
    })

    describe("withdrawals", () => {
      beforeEach(async () => {
        await placePixOrder(api, store)
        gateway.sandbox.state.setBalance(1001, { availableCents: 50_000 })
      })

      it("withdraws to the given key with the right cents and metadata, and records who asked", async () => {
        const response = await withdraw({
          amount_reais: "12,34",
          pix_key: "(11) 98765-4321",
          pix_key_type: "PHONE",
          description: "Saque",
          metadata: { note: "semanal" },
        })

        expect(response.status).toBe(201)
        expect(response.data.withdrawal).toMatchObject({
          amount_cents: 1234,
          amount: "12.34",
          status: "pending",
          gateway_status: "Awaiting",
          pix_key: "+5511987654321",
          pix_key_type: "PHONE",
          requested_by: expect.stringMatching(/^user_/),
        })
        const [sent] = sandboxWithdrawals()
        expect(sent).toMatchObject({
          amountCents: 1234,
          pixKey: "+5511987654321",
          pixKeyType: "PHONE",
          description: "Saque",
          idempotencyKey: expect.stringMatching(/^wd_[0-9a-f]{40}$/),
        })
        expect(JSON.parse(sent.metadata!)).toEqual({
          note: "semanal",
          medusa_withdrawal_id: response.data.withdrawal.id,
          requested_by: response.data.withdrawal.requested_by,
        })
        expect(response.data.withdrawal.gateway_id).toBe(String(sent.id))

        const list = await get("/admin/vorexy/withdrawals")
        expect(list.data).toMatchObject({
          count: 1,
          withdrawals: [{ id: response.data.withdrawal.id }],
        })
        expect(
          (await get(`/admin/vorexy/withdrawals/${response.data.withdrawal.id}`)).data.withdrawal
            .amount_cents
        ).toBe(1234)
        expect((await get("/admin/vorexy/withdrawals/vxwd_nope")).status).toBe(404)
      })

      it("makes one withdrawal for 10 concurrent identical submissions", async () => {
        const body = { amount: 2000, pix_key: "ana@example.com", pix_key_type: "EMAIL" }
        const responses = await Promise.all(Array.from({ length: 10 }, () => withdraw(body)))

        expect(responses.every((r) => [200, 201].includes(r.status))).toBe(true)
        expect(new Set(responses.map((r) => r.data.withdrawal.id)).size).toBe(1)
        expect(sandboxWithdrawals()).toHaveLength(1)
        const again = await withdraw(body)
        expect(again).toMatchObject({ status: 200, data: { replayed: true } })
        expect(sandboxWithdrawals()).toHaveLength(1)
      })

      it("treats the same request_id as the same withdrawal, and another one as a new one", async () => {
        await withdraw({ amount: 1000, request_id: "form-0001" })
        await withdraw({ amount: 1000, request_id: "form-0001" })
        await withdraw({ amount: 1000, request_id: "form-0002" })
        expect(sandboxWithdrawals()).toHaveLength(2)
      })

      it.each([
        [
          "below the minimum",
          { amount: 999 },
          400,
          /minimum withdrawal is 1000 cents \(R\$ 10,00\)/,
        ],
        ["reais below the minimum", { amount_reais: "9,99" }, 400, /minimum withdrawal/],
        [
          "no amount",
          { pix_key: "a@b.co", pix_key_type: "EMAIL" },
          400,
          /either in cents \(amount\) or in reais \(amount_reais\)/,
        ],
        [
          "an invalid CPF key",
          { amount: 1000, pix_key: "529.982.247-24", pix_key_type: "CPF" },
          400,
          /pix_key is not a valid CPF/,
        ],
        ["an invalid EVP key", { amount: 1000, pix_key: "abc", pix_key_type: "EVP" }, 400, /UUID/],
        [
          "a key without its type",
          { amount: 1000, pix_key: "a@b.co" },
          400,
          /pix_key and pix_key_type together/,
        ],
        [
          "above the available balance",
          { amount: 50_001 },
          400,
          /R\$ 500,01 is above the available balance of R\$ 500,00/,
        ],
      ])(
        "refuses %s with a clear 4xx and no local record",
        async (_label, body, status, message) => {
          const response = await withdraw(body)
          expect(response.status).toBe(status)
          expect(response.data.message).toMatch(message)
          expect(await vorexy().listVorexyWithdrawals({})).toHaveLength(0)
          expect(sandboxWithdrawals()).toHaveLength(0)
        }
      )

      it("refuses while the balance is not released", async () => {
        gateway.sandbox.state.setBalance(1001, { status: "Pending" })
        const response = await withdraw({ amount: 1000 })
        expect(response.status).toBe(400)
        expect(response.data.message).toMatch(
          /Withdrawals are blocked: the Vorexy balance status is Pending, not Released/
        )
        expect(await vorexy().listVorexyWithdrawals({})).toHaveLength(0)
      })

      it("reports that no key was given and the bank account has none", async () => {
        gateway.sandbox.state.setBankPixKey(1001, null)
        const response = await withdraw({ amount: 1000 })
        expect(response.status).toBe(422)
        expect(response.data.message).toMatch(/bank account has no PIX key/)
        expect(await vorexy().listVorexyWithdrawals({})).toHaveLength(0)
      })

      it("keeps a refusal inside a 2xx as a failed record (never pending) and says why", async () => {
        gateway.sandbox.setVariants({ failureInside2xx: 1 })
        const response = await withdraw({ amount: 1000 })
        expect(response.status).toBe(422)
        expect(response.data.message).toMatch(/Vorexy refused the withdrawal: Chave PIX inválida/)
        expect(response.data.withdrawal).toMatchObject({
          status: "failed",
          failure_reason: expect.stringMatching(/Chave PIX inválida/),
        })
        expect(await openLocalWithdrawals()).toBe(0)
      })

      it("says the gateway is down and keeps the withdrawal it may have taken as unknown", async () => {
        gateway.sandbox.setFaults({ failNext: 100, routes: ["requestWithdrawal"] })
        const response = await withdraw({ amount: 1000 })
        // A 5xx after retries may follow an attempt the gateway accepted: never forget it.
        expect(response.status).toBe(202)
        expect(response.data.message).toMatch(
          /kept as 'unknown' and settled with Vorexy automatically/
        )
        expect(response.data.withdrawal).toMatchObject({ status: "unknown", gateway_id: null })
        expect(await vorexy().listVorexyWithdrawals({})).toHaveLength(1)
        expect(sandboxWithdrawals()).toHaveLength(0)
      })

      it("moves the local status when the withdrawal webhook arrives", async () => {
        const { data } = await withdraw({ amount: 1500 })
        gateway.sandbox.state.completeWithdrawal(Number(data.withdrawal.gateway_id))
        await eventually(
          async () =>
            (await get(`/admin/vorexy/withdrawals/${data.withdrawal.id}`)).data.withdrawal
              .status === "successful"
        )
      })
    })

    describe("gateway transactions and charges", () => {
      it("pages and sorts the gateway's list, joined with our charges and orders", async () => {
        const first = await placePixOrder(api, store)
        const second = await placePixOrder(api, store)

        const newest = await get("/admin/vorexy/transactions?page_size=1")
        expect(newest.data).toMatchObject({ page: 1, page_size: 1, total: 2, total_pages: 2 })
        expect(newest.data.transactions[0].charge).toMatchObject({
          order_id: second.orderId,
          transaction_id: second.transactionId,
        })
        const oldest = await get("/admin/vorexy/transactions?page_size=1&sort=createdAt_asc")
        expect(oldest.data.transactions[0].charge.order_id).toBe(first.orderId)
        expect(
          (await get("/admin/vorexy/transactions?page=2&page_size=1")).data.transactions[0].charge
            .order_id
        ).toBe(first.orderId)
        expect((await get("/admin/vorexy/transactions?page_size=101")).status).toBe(400)
      })

      it("lists an order's charges and syncs one on demand", async () => {
        gateway.sandbox.setWebhookUrl(null)
        const { orderId, transactionId } = await placePixOrder(api, store)
        const { data } = await get(`/admin/vorexy/charges?order_id=${orderId}`)
        expect(data.charges).toEqual([
          expect.objectContaining({
            transaction_id: transactionId,
            status: "pending",
            amount: "94.90",
          }),
        ])

        gateway.sandbox.state.payTransaction(transactionId)
        const synced = await post(`/admin/vorexy/charges/${data.charges[0].id}/sync`, {})
        expect(synced.data).toMatchObject({ result: "paid: capturing", charge: { status: "paid" } })
      })
    })
  },
})
