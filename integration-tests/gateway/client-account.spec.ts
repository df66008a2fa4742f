/**
 * The gateway client against the sandbox over real HTTP, the account: authentication failures,
 * balance (and rate limits), withdrawals, and secrets kept out of the logs.
 */
import { VorexyClient } from "../../src/gateway"
import {
  client,
  failure,
  logs,
  pixRequest,
  sandbox,
  useClientSandbox,
} from "../helpers/gateway-client"

useClientSandbox()

describe("authentication", () => {
  it("maps wrong credentials to an authentication error that never carries the key", async () => {
    const bad = new VorexyClient({
      baseUrl: sandbox.url,
      clientId: "sandbox-client-1001",
      apiKey: "sk_wrong_key_value_123",
      retry: { retries: 2, baseDelayMs: 1 },
      logger: { warn: (m) => logs.push(m) },
    })
    const error = await failure(bad.getBalance(1001))
    expect(error).toMatchObject({ kind: "authentication", status: 401 })
    expect(error.gatewayMessage).toMatch(/invalid X-Client-Id \/ X-API-Key/)
    expect(sandbox.countRequests("getBalance")).toBe(1)
    const serialised = JSON.stringify({
      error,
      message: error.message,
      stack: error.stack,
      body: error.body,
      logs,
    })
    expect(serialised).not.toContain("sk_wrong_key_value_123")
  })
})

describe("getBalance", () => {
  it("reads reais exactly, moved by payments, and flags a blocked balance", async () => {
    const created = await client().createTransaction(pixRequest({ amount: 123456 }), {
      idempotencyKey: "tx_balance_001",
    })
    sandbox.state.payTransaction(created.id)
    const balance = await client().getBalance(1001)
    expect(balance).toMatchObject({
      companyId: 1001,
      currency: "BRL",
      released: true,
      available: { reais: "1234.56", cents: 123456 },
    })

    sandbox.state.setBalance(1001, { status: "Pending" })
    expect(await client().getBalance("1001")).toMatchObject({
      released: false,
      balanceStatus: "Pending",
    })
    expect((await failure(client().getBalance(2002))).kind).toBe("not_found")
  })

  it("honours Retry-After on 429", async () => {
    sandbox.setFaults({ rateLimitNext: 1, retryAfterSeconds: 1, routes: ["getBalance"] })
    await client().getBalance(1001)
    expect(sandbox.countRequests("getBalance")).toBe(2)
    // The wait before the retry is the gateway's second, not the client's own shorter backoff.
    expect(logs.filter((line) => line.includes(": retry "))).toEqual([
      expect.stringMatching(/^vorexy: retry 1 of GET \S+ after 429, in 1000 ms$/),
    ])
  })

  it("does not wait for a Retry-After beyond the configured bound", async () => {
    sandbox.setFaults({ rateLimitNext: 1, retryAfterSeconds: 120, routes: ["getBalance"] })
    const error = await failure(
      client({ retry: { retries: 3, baseDelayMs: 10, maxRetryAfterMs: 1000 } }).getBalance(1001)
    )
    expect(error).toMatchObject({ kind: "rate_limited", retryAfterMs: 120000 })
    expect(sandbox.countRequests("getBalance")).toBe(1)
  })
})

describe("requestWithdrawal and getWithdrawal", () => {
  const fund = (cents: number) => sandbox.state.setBalance(1001, { availableCents: cents })

  it("withdraws to the bank account key by default, stores metadata as a JSON string, and reads it back", async () => {
    fund(50_000)
    const withdrawal = await client().requestWithdrawal(
      {
        amount: 1000,
        currency: "BRL",
        description: "Saque semanal",
        metadata: { requestedBy: "admin_1" },
      },
      { idempotencyKey: "wd_default_key_01" }
    )
    expect(withdrawal).toMatchObject({
      amountCents: 1000,
      pixKey: "11222333000181",
      pixKeyType: "CNPJ",
      status: { status: "pending", raw: "Awaiting" },
      idempotencyKey: "wd_default_key_01",
    })
    expect(sandbox.state.withdrawal(Number(withdrawal.id)).metadata).toBe(
      '{"requestedBy":"admin_1"}'
    )
    expect((await client().getBalance(1001)).available.cents).toBe(49_000)

    sandbox.state.completeWithdrawal(Number(withdrawal.id))
    expect(await client().getWithdrawal(withdrawal.id)).toMatchObject({
      id: withdrawal.id,
      amountCents: 1000,
      status: { status: "successful" },
    })
    expect(await client().getWithdrawal(999)).toBeNull()
  })

  it("replays a repeated key: one withdrawal for 10 concurrent submissions", async () => {
    fund(50_000)
    const request = {
      amount: 2500,
      currency: "BRL" as const,
      pixKey: "ana@example.com",
      pixKeyType: "EMAIL" as const,
    }
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        client().requestWithdrawal(request, { idempotencyKey: "wd_concurrent_001" })
      )
    )
    expect(new Set(results.map((r) => r.id)).size).toBe(1)
    expect(sandbox.state.withdrawals.size).toBe(1)
    expect((await client().getBalance(1001)).available.cents).toBe(47_500)
  })

  it("refuses below the minimum locally, and reports the gateway's refusals clearly", async () => {
    const below = await failure(
      client().requestWithdrawal({ amount: 999 }, { idempotencyKey: "wd_below_min_01" })
    )
    expect(below.kind).toBe("request_invalid")
    expect(below.message).toMatch(/at least 1000 cents \(R\$ 10,00\)/)
    expect(sandbox.countRequests()).toBe(0)

    const poor = await failure(
      client().requestWithdrawal({ amount: 5000 }, { idempotencyKey: "wd_no_funds_001" })
    )
    expect(poor).toMatchObject({ kind: "validation", status: 422 })
    expect(poor.gatewayMessage).toMatch(/Insufficient balance/)

    sandbox.state.setBalance(2002, { availableCents: 10_000 })
    const noKey = await failure(
      client({}, 2002).requestWithdrawal({ amount: 5000 }, { idempotencyKey: "wd_no_key_00001" })
    )
    expect(noKey.gatewayMessage).toMatch(/bank account has no PIX key/)
    expect(sandbox.state.withdrawals.size).toBe(0)
  })

  it("says a refused retry may follow an attempt the gateway processed", async () => {
    fund(10_000)
    sandbox.setFaults({
      sequence: ["acceptThenTimeout", "rateLimit"],
      retryAfterSeconds: 120,
      acceptHoldMs: 4000,
      routes: ["requestWithdrawal"],
    })
    const error = await failure(
      client({ retry: { retries: 3, baseDelayMs: 10, maxRetryAfterMs: 1000 } }).requestWithdrawal(
        { amount: 1000, currency: "BRL" },
        { idempotencyKey: "wd_ambiguous_0001" }
      )
    )
    expect(error).toMatchObject({ kind: "rate_limited", maybeProcessed: true })
    expect(sandbox.state.withdrawals.size).toBe(1)
    // A plain refusal is not ambiguous.
    sandbox.setFaults({ sequence: [], failNext: 1, errorStatus: 422 })
    const refused = await failure(
      client({ retry: { retries: 0 } }).requestWithdrawal(
        { amount: 1000, currency: "BRL" },
        { idempotencyKey: "wd_refused_00001" }
      )
    )
    expect(refused).toMatchObject({ kind: "validation", maybeProcessed: false })
  })

  it("treats enTransaction Failure inside a 2xx as a refusal carrying the reason", async () => {
    fund(50_000)
    sandbox.setVariants({ failureInside2xx: 1 })
    const error = await failure(
      client().requestWithdrawal({ amount: 1500 }, { idempotencyKey: "wd_failure_2xx_1" })
    )
    expect(error).toMatchObject({ kind: "refused", status: 201 })
    expect(error.gatewayMessage).toMatch(/Chave PIX inválida/)
    expect((await client().getBalance(1001)).available.cents).toBe(50_000)
  })

  it("reads the field variants: data envelope and Pending/Processing/Successful statuses", async () => {
    fund(50_000)
    sandbox.setVariants({ withdrawalEnvelope: "data", withdrawalStatuses: "field" })
    const withdrawal = await client().requestWithdrawal(
      { amount: 1000 },
      { idempotencyKey: "wd_variants_0001" }
    )
    expect(withdrawal.status).toMatchObject({ status: "pending", raw: "Pending" })
    sandbox.state.processWithdrawal(Number(withdrawal.id))
    expect((await client().getWithdrawal(withdrawal.id))!.status).toMatchObject({
      status: "processing",
      terminal: false,
    })
  })
})

describe("secrets", () => {
  it("never appear in log lines, even through retries and failures", async () => {
    sandbox.setFaults({ sequence: ["error", "drop"] })
    await client().getBalance(1001)
    await failure(client().getTransaction("00000000-0000-0000-0000-000000000000"))
    expect(logs.length).toBeGreaterThan(2)
    expect(logs.join("\n")).not.toContain(sandbox.credentials().apiKey)
  })
})
