/**
 * A withdrawal after an ambiguous failure (a timeout or a 5xx after the gateway may have accepted
 * it) is kept as "unknown", never forgotten and never made twice, and settled from the gateway: by
 * replaying the same Idempotency-Key, or by the withdrawal's webhook. A request_id used again for
 * other content is refused. Two identical requests that straddle the duplicate window's edge make
 * one; one recorded but never sent (its process died between the two) is closed as failed.
 */
import type { ILockingModule } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { idempotencyKeys, requestHash } from "../../src/api/admin/vorexy/withdrawals/request-keys"
import type { AdminCreateWithdrawalType } from "../../src/api/admin/vorexy/validators"
import { WITHDRAWALS_LOCK } from "../../src/workflows/request-withdrawal"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { reconcileVorexy } from "../../src/reconciliation/reconcile"
import { useSandbox } from "../helpers/sandbox"
import { hookUrl, SECRET } from "../helpers/webhooks"
import { adminHeaders, errorResponse, eventually, placePixOrder, seedStore } from "../helpers/store"

jest.setTimeout(120_000)

const gateway = useSandbox({
  webhookSecret: SECRET,
  webhooks: { baseDelayMs: 50, timeoutMs: 2000 },
  env: { VOREXY_WITHDRAWAL_PIX_KEYS: "EMAIL:ana@example.com" },
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let admin: { headers: Record<string, string> }
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const withdraw = (body: Record<string, unknown>) =>
      api.post("/admin/vorexy/withdrawals", body, admin).catch(errorResponse)
    const history = async () => (await api.get("/admin/vorexy/withdrawals", admin)).data
    const sandboxWithdrawals = () => [...gateway.sandbox.state.withdrawals.values()]
    /** The reconcile job settles an unknown withdrawal only minutes after it was asked for. */
    const settleNow = async () => {
      await dbConnection.raw(
        "update vorexy_withdrawal set created_at = now() - interval '1 hour' where status = 'unknown'"
      )
      await reconcileVorexy(getContainer())
    }

    /** The first attempt is made but its answer never comes; the client's retries fail. */
    const loseTheAnswer = () =>
      gateway.sandbox.setFaults({
        sequence: ["acceptThenTimeout", "error", "error", "error"],
        acceptHoldMs: 8000,
        routes: ["requestWithdrawal"],
      })
    const hearWebhooks = () => gateway.sandbox.setWebhookUrl(`${api.defaults.baseURL}${hookUrl()}`)

    /** The admin the requests come from (their keys name it). */
    const actor = () =>
      JSON.parse(Buffer.from(admin.headers.authorization.split(".")[1], "base64url").toString())
        .actor_id as string

    beforeEach(async () => {
      gateway.sandbox.reset()
      gateway.sandbox.setWebhookUrl(null)
      const store = await seedStore(getContainer())
      admin = await adminHeaders(getContainer())
      await placePixOrder(api, store) // the plugin learns the company id
      gateway.sandbox.state.setBalance(1001, { availableCents: 100_000 })
    })

    it("keeps a withdrawal whose answer was lost as unknown, replays it once, and settles it", async () => {
      loseTheAnswer()
      const body = {
        amount: 1500,
        pix_key: "ana@example.com",
        pix_key_type: "EMAIL",
        request_id: "form-lost-1",
      }

      const first = await withdraw(body)
      expect(first.status).toBe(202)
      expect(first.data.withdrawal).toMatchObject({ status: "unknown", gateway_id: null })
      expect(sandboxWithdrawals()).toHaveLength(1) // it did leave

      // The admin clicks again: the same withdrawal, still unknown, nothing sent twice.
      const again = await withdraw(body)
      expect(again.data).toMatchObject({
        replayed: true,
        withdrawal: { id: first.data.withdrawal.id },
      })
      expect((await history()).withdrawals).toEqual([
        expect.objectContaining({ id: first.data.withdrawal.id, status: "unknown" }),
      ])

      await settleNow()

      const [row] = await vorexy().listVorexyWithdrawals({ id: first.data.withdrawal.id })
      expect(row).toMatchObject({
        status: "pending",
        gateway_id: String(sandboxWithdrawals()[0].id),
      })
      expect(sandboxWithdrawals()).toHaveLength(1)
      const keys = gateway.sandbox.requests.filter((r) => r.route === "requestWithdrawal")
      expect(new Set(keys.map((r) => r.idempotencyKey)).size).toBe(1)
    })

    it("makes the withdrawal once the gateway is back when it never arrived", async () => {
      gateway.sandbox.setFaults({ failNext: 100, routes: ["requestWithdrawal"] })
      const sent = await withdraw({ amount: 1200, request_id: "form-down-1" })
      expect(sent.status).toBe(202)
      expect(sandboxWithdrawals()).toHaveLength(0)

      await settleNow() // still down: stays unknown, backs off
      const [waiting] = await vorexy().listVorexyWithdrawals({ id: sent.data.withdrawal.id })
      expect(waiting).toMatchObject({ status: "unknown", sync_failures: 1 })
      expect(waiting.failure_reason).toMatch(/Not settled yet/)

      gateway.sandbox.setFaults({ failNext: 0 })
      await vorexy().updateVorexyWithdrawals({ id: waiting.id, next_sync_at: new Date(0) })
      await settleNow()

      expect(sandboxWithdrawals()).toHaveLength(1)
      const [settled] = await vorexy().listVorexyWithdrawals({ id: waiting.id })
      expect(settled).toMatchObject({ status: "pending", failure_reason: null })
    })

    it("settles an unknown withdrawal from its webhook, matched by its Idempotency-Key", async () => {
      loseTheAnswer()
      const sent = await withdraw({ amount: 1300, request_id: "form-hook-1" })
      expect(sent.status).toBe(202)

      // Its first webhook was lost (no URL then); the next one names it.
      hearWebhooks()
      gateway.sandbox.state.completeWithdrawal(sandboxWithdrawals()[0].id)

      await eventually(async () => {
        const [row] = await vorexy().listVorexyWithdrawals({ id: sent.data.withdrawal.id })
        return row.status === "successful" && row.gateway_id === String(sandboxWithdrawals()[0].id)
      })
      expect(sandboxWithdrawals()).toHaveLength(1)
    })

    it("says made, not unknown, when its webhook named the withdrawal while the answer was lost", async () => {
      hearWebhooks()
      loseTheAnswer()
      const sending = withdraw({ amount: 1350, request_id: "form-named-1" })
      // Its "pending" webhook comes at once; the answer, only after the client gave up (3 s).
      const named = await eventually(async () => {
        const [row] = await vorexy().listVorexyWithdrawals({ idempotency_key: { $ne: null } })
        return row?.gateway_id ? row : null
      })
      const sent = await sending
      // An answer about this request: the form may take a new request id for the next one.
      expect(sent.status).toBe(201)
      expect(sent.data.withdrawal).toMatchObject({
        id: named.id,
        status: "pending",
        gateway_id: String(sandboxWithdrawals()[0].id),
      })
      expect(sandboxWithdrawals()).toHaveLength(1)
    })

    it("says refused, with Vorexy's reason, when its webhook failed it while the answer was lost", async () => {
      hearWebhooks()
      loseTheAnswer()
      // To the company's bank key, whose refusal the health card notes.
      const sending = withdraw({ amount: 1250, request_id: "form-failed-1" })
      const made = await eventually(async () => sandboxWithdrawals()[0])
      gateway.sandbox.state.failWithdrawal(made.id, "Chave PIX inválida ou inexistente no DICT")
      await eventually(async () => {
        const [row] = await vorexy().listVorexyWithdrawals({ idempotency_key: { $ne: null } })
        return row?.status === "failed"
      })
      const sent = await sending

      expect(sent.status).toBe(422)
      expect(sent.data.message).toMatch(/Chave PIX inválida ou inexistente no DICT/)
      expect(sent.data.withdrawal).toMatchObject({ status: "failed", gateway_id: String(made.id) })
      const { health } = (await api.get("/admin/vorexy/health", admin)).data
      expect(health.withdrawals.bank_key_refused).toMatchObject({
        message: expect.stringMatching(/Chave PIX inválida/),
      })
    })

    it("keeps the status its webhook gave when the job's replay is answered after it", async () => {
      loseTheAnswer()
      const sent = await withdraw({ amount: 1400, request_id: "form-late-1" })
      expect(sent.data.withdrawal).toMatchObject({ status: "unknown", gateway_id: null })
      const made = sandboxWithdrawals()[0]

      // The job's replay is answered ("pending") only after the withdrawal's webhook settled it.
      // Its client's retries (each attempt gives up after 3 s here) are held as well: whichever
      // is open when the answers go is the answer the job writes.
      gateway.sandbox.setFaults({ sequence: Array(4).fill("answerLate"), acceptHoldMs: 60_000 })
      const replays = () =>
        gateway.sandbox.requests.filter((r) => r.route === "requestWithdrawal").length
      const before = replays()
      const settling = settleNow()
      await eventually(async () => replays() > before)
      hearWebhooks()
      gateway.sandbox.state.completeWithdrawal(made.id)
      await eventually(async () => {
        const [row] = await vorexy().listVorexyWithdrawals({ id: sent.data.withdrawal.id })
        // Adopted, then read (its end-to-end id comes with the read).
        return row.status === "successful" && row.end_to_end_id
      })
      // Reads fail from now on: the run's own read of it cannot mend what the replay writes.
      gateway.sandbox.setFaults({ sequence: [], failNext: 100, routes: ["getWithdrawal"] })
      const released = new Date()
      gateway.sandbox.releaseAnswers()
      await settling
      // The job did write the late answer (it read "pending"), after its webhook.
      const [written] = await vorexy().listVorexyWithdrawals({ id: sent.data.withdrawal.id })
      expect(new Date(written.last_synced_at!).getTime()).toBeGreaterThanOrEqual(released.getTime())
      expect(written.end_to_end_id).toBe(made.endToEndId)

      const [row] = (await history()).withdrawals
      expect(row).toMatchObject({ id: sent.data.withdrawal.id, status: "successful" })
      expect(row.gateway_id).toBe(String(made.id))
      expect(sandboxWithdrawals()).toHaveLength(1)
    })

    it("keeps it unknown when a retry after a lost answer is refused, and never makes it twice", async () => {
      // The first attempt is accepted but its answer lost; the client's retry gets a 429 it will
      // not wait for: the request may well have gone through.
      gateway.sandbox.setFaults({
        sequence: ["acceptThenTimeout", "rateLimit"],
        retryAfterSeconds: 120,
        acceptHoldMs: 8000,
        routes: ["requestWithdrawal"],
      })
      const sent = await withdraw({ amount: 1400, request_id: "form-429-1" })
      expect(sent.status).toBe(202)
      expect(sent.data.withdrawal.status).toBe("unknown")
      expect(sandboxWithdrawals()).toHaveLength(1)

      gateway.sandbox.setFaults({ sequence: [] })
      await settleNow()
      const [row] = await vorexy().listVorexyWithdrawals({ id: sent.data.withdrawal.id })
      expect(row.gateway_id).toBe(String(sandboxWithdrawals()[0].id))
      expect(sandboxWithdrawals()).toHaveLength(1)
    })

    it("answers a balance read the gateway refuses as the gateway's trouble (503), never as a refusal of the withdrawal", async () => {
      // The form takes a new request id on a 409 or a 422 (an answer about its request): a failed
      // balance read is not one, and an earlier try of the same id may still be running.
      for (const errorStatus of [409, 422]) {
        gateway.sandbox.setFaults({ errorStatus, failNext: 1, routes: ["getBalance"] })
        const answer = await withdraw({ amount: 1000, request_id: `form-balance-${errorStatus}` })
        expect(answer.status).toBe(503)
        expect(answer.data.message).toMatch(/the balance could not be read/)
      }
      gateway.sandbox.setFaults({ failNext: 0 })
      expect((await history()).withdrawals).toHaveLength(0)
      expect(sandboxWithdrawals()).toHaveLength(0)
    })

    it("refuses a request_id used again for another amount or key, and says it was not sent", async () => {
      const first = await withdraw({ amount: 1000, request_id: "form-reuse-1" })
      expect(first.status).toBe(201)

      for (const changed of [
        { amount: 2000, request_id: "form-reuse-1" },
        {
          amount: 1000,
          pix_key: "ana@example.com",
          pix_key_type: "EMAIL",
          request_id: "form-reuse-1",
        },
      ]) {
        const reused = await withdraw(changed)
        expect(reused.status).toBe(409)
        expect(reused.data.message).toMatch(
          /already used for another withdrawal .*it was not sent again/
        )
      }
      expect(sandboxWithdrawals()).toHaveLength(1)
      expect((await withdraw({ amount: 1000, request_id: "form-reuse-1" })).status).toBe(200)
    })

    it("makes one withdrawal of two identical requests without a request_id on either side of the window's edge", async () => {
      // The first request holds the store-wide lock while it records itself; the second, the same
      // content a moment later but past the 10-minute edge, has another key and waits for it.
      const locking = getContainer().resolve<ILockingModule>(Modules.LOCKING)
      await locking.acquire(WITHDRAWALS_LOCK, { ownerId: "the-first-request", expire: 30 })
      const body = { amount: 1200, description: "edge" }
      const reads = gateway.sandbox.countRequests("getBalance")
      const second = withdraw(body)
      // Past its own replay check (nothing recorded yet) and its balance read: at the lock.
      await eventually(async () => gateway.sandbox.countRequests("getBalance") > reads)
      const asked = { amount_cents: 1200, description: "edge" } as AdminCreateWithdrawalType
      const [, windowBefore] = idempotencyKeys(actor(), asked)
      const [first] = await vorexy().createVorexyWithdrawals([
        {
          idempotency_key: windowBefore,
          request_hash: requestHash(asked),
          amount_cents: 1200,
          description: "edge",
          requested_by: actor(),
          company_id: "1001",
          status: "unknown",
        },
      ])
      await locking.release(WITHDRAWALS_LOCK, { ownerId: "the-first-request" })

      const answer = await second
      expect(answer.status).toBe(200)
      expect(answer.data).toMatchObject({ replayed: true, withdrawal: { id: first.id } })
      expect(sandboxWithdrawals()).toHaveLength(0)
      expect((await history()).withdrawals.map((w: { id: string }) => w.id)).toEqual([first.id])
    })

    it("closes a withdrawal recorded but never sent as failed, and says so to the form's retry", async () => {
      // What a request leaves when its process dies between recording the withdrawal and sending
      // it: a row still "requested", with no gateway id.
      const asked = { amount_cents: 1300, request_id: "form-died-1" } as AdminCreateWithdrawalType
      const [key] = idempotencyKeys(actor(), asked)
      const [row] = await vorexy().createVorexyWithdrawals([
        {
          idempotency_key: key,
          request_hash: requestHash(asked),
          amount_cents: 1300,
          requested_by: actor(),
          company_id: "1001",
          status: "requested",
        },
      ])
      await reconcileVorexy(getContainer())
      const young = await withdraw({ amount: 1300, request_id: "form-died-1" })
      expect(young.data.withdrawal).toMatchObject({ id: row.id, status: "requested" })

      await dbConnection.raw(
        "update vorexy_withdrawal set created_at = now() - interval '11 minutes' where id = ?",
        [row.id]
      )
      await reconcileVorexy(getContainer())
      const [closed] = (await history()).withdrawals
      expect(closed).toMatchObject({ id: row.id, status: "failed", gateway_id: null })
      expect(closed.failure_reason).toMatch(/^Never sent: .*Nothing left the account/)
      const retried = await withdraw({ amount: 1300, request_id: "form-died-1" })
      expect(retried.status).toBe(200)
      expect(retried.data.withdrawal).toMatchObject({ id: row.id, status: "failed" })
      expect(sandboxWithdrawals()).toHaveLength(0)

      // A send that comes as the job closes one (a request stalled for minutes): one of the two.
      const [stalled] = await vorexy().createVorexyWithdrawals([
        { idempotency_key: "wd_stalled_0001", amount_cents: 1000, status: "requested" },
      ])
      const unsent = { status: "requested", gateway_id: null }
      const moves = await Promise.all([
        vorexy().moveWithdrawal(stalled.id, unsent, { status: "unknown" }),
        vorexy().moveWithdrawal(stalled.id, unsent, { status: "failed" }),
      ])
      expect(moves.filter(Boolean)).toHaveLength(1)
      const [after] = await vorexy().listVorexyWithdrawals({ id: stalled.id })
      expect(after.status).toBe(moves[0] ? "unknown" : "failed")
    })
  },
})
