/**
 * The gateway client against the sandbox over real HTTP: every call, auth and validation failures,
 * pagination edges, idempotent replay, retries and fault injection.
 */
import { parsePixPayload, Sandbox, startSandbox } from "../../sandbox"
import {
  CreateTransactionRequest,
  VorexyClient,
  VorexyClientOptions,
  VorexyError,
} from "../../src/gateway"

let sandbox: Sandbox
const logs: string[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ expirySweepMs: 0 })
})
afterAll(() => sandbox.stop())
beforeEach(() => {
  sandbox.reset()
  logs.length = 0
})

const client = (options: Partial<VorexyClientOptions> = {}, companyId?: number) =>
  new VorexyClient({
    baseUrl: sandbox.url,
    ...sandbox.credentials(companyId),
    timeoutMs: 2000,
    retry: { retries: 3, baseDelayMs: 10, maxDelayMs: 50 },
    logger: { debug: (m) => logs.push(m), warn: (m) => logs.push(m) },
    ...options,
  })

const pixRequest = (patch: Partial<CreateTransactionRequest> = {}): CreateTransactionRequest => ({
  amount: 1999,
  currency: "BRL",
  paymentMethod: "PIX",
  installments: 1,
  customer: {
    name: "Ana Souza",
    email: "ana@example.com",
    document: { number: "52998224725", type: "CPF" },
    phone: "11987654321",
  },
  items: [{ title: "Camiseta", unitPrice: 1999, quantity: 1, tangible: true }],
  pix: { expiresInDays: 2 },
  ip: "203.0.113.7",
  ...patch,
})

const failure = async (promise: Promise<unknown>): Promise<VorexyError> => {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(VorexyError)
    return error as VorexyError
  }
  throw new Error("expected the call to fail")
}

describe("createTransaction", () => {
  it("creates a PIX charge with a valid copy-and-paste payload and the expiry asked for", async () => {
    const created = await client().createTransaction(pixRequest(), {
      idempotencyKey: "tx_create_0001",
    })

    expect(created).toMatchObject({
      amountCents: 1999,
      paymentMethod: "PIX",
      companyId: 1001,
      status: { status: "pending", raw: "WAITING_PAYMENT" },
    })
    const { crcValid, fields } = parsePixPayload(created.pix!.qrcode!)
    expect(crcValid).toBe(true)
    expect(fields["54"]).toBe("19.99")
    const days = (Date.parse(created.pix!.expiresAt!) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(1.99)
    expect(days).toBeLessThanOrEqual(2)

    const [request] = sandbox.requests
    expect(request).toMatchObject({
      route: "createTransaction",
      idempotencyKey: "tx_create_0001",
      headers: {
        accept: "application/json",
        contentType: "application/json",
        clientId: "sandbox-client-1001",
        apiKeySent: true,
      },
    })
    expect(sandbox.state.transactions.get(created.id)).toMatchObject({
      amountCents: 1999,
      customer: { name: "Ana Souza" },
      ip: "203.0.113.7",
    })
  })

  it("replays the same key and body without a second charge, and refuses the key with another body", async () => {
    const first = await client().createTransaction(pixRequest(), {
      idempotencyKey: "tx_replay_0001",
    })
    const again = await client().createTransaction(pixRequest(), {
      idempotencyKey: "tx_replay_0001",
    })
    expect(again.id).toBe(first.id)
    expect(sandbox.state.transactions.size).toBe(1)

    const conflict = await failure(
      client().createTransaction(pixRequest({ amount: 2000 }), { idempotencyKey: "tx_replay_0001" })
    )
    expect(conflict).toMatchObject({ kind: "conflict", status: 409 })
    expect(conflict.message).toMatch(/already used with a different request body/)

    sandbox.setVariants({ idempotencyConflictStatus: 422 })
    expect(
      (
        await failure(
          client().createTransaction(pixRequest({ amount: 2000 }), {
            idempotencyKey: "tx_replay_0001",
          })
        )
      ).kind
    ).toBe("conflict")
    expect(sandbox.state.transactions.size).toBe(1)
  })

  it("makes one charge for 10 concurrent identical requests", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        client().createTransaction(pixRequest(), { idempotencyKey: "tx_concurrent_01" })
      )
    )
    expect(new Set(results.map((r) => r.id)).size).toBe(1)
    expect(sandbox.state.transactions.size).toBe(1)
  })

  it("refuses an invalid request locally, without sending it", async () => {
    const error = await failure(
      client().createTransaction(pixRequest({ amount: 19.99 }), {
        idempotencyKey: "tx_local_00001",
      })
    )
    expect(error.kind).toBe("request_invalid")
    expect(error.message).toMatch(/amount must be an integer number of cents/)
    const noKey = await failure(client().createTransaction(pixRequest(), { idempotencyKey: "" }))
    expect(noKey.kind).toBe("request_invalid")
    expect(sandbox.countRequests()).toBe(0)
  })

  it("reports the gateway's own validation message, in simple and ProblemDetails bodies, without retrying", async () => {
    const simple = await failure(
      client().createTransaction(pixRequest({ pix: { expiresInDays: 31 } }), {
        idempotencyKey: "tx_gwval_0001",
      })
    )
    expect(simple).toMatchObject({ kind: "validation", status: 400 })
    expect(simple.gatewayMessage).toMatch(/expiresInDays must be an integer from 1 to 30/)

    sandbox.setVariants({ errorStyle: "problem" })
    const problem = await failure(
      client().createTransaction(pixRequest({ pix: { expiresInDays: 31 } }), {
        idempotencyKey: "tx_gwval_0002",
      })
    )
    expect(problem.gatewayMessage).toBe(
      "pix.expiresInDays: pix.expiresInDays must be an integer from 1 to 30"
    )
    expect(sandbox.countRequests("createTransaction")).toBe(2)
  })

  it("survives a timeout after the gateway accepted the charge, then a 5xx: exactly one charge", async () => {
    sandbox.setFaults({
      sequence: ["acceptThenTimeout", "error", "pass"],
      acceptHoldMs: 3000,
      routes: ["createTransaction"],
    })

    const created = await client({ timeoutMs: 300 }).createTransaction(pixRequest(), {
      idempotencyKey: "tx_fault_00001",
    })

    expect(sandbox.state.transactions.size).toBe(1)
    expect(sandbox.state.transactions.has(created.id)).toBe(true)
    const attempts = sandbox.requests.filter((r) => r.route === "createTransaction")
    expect(attempts.map((r) => r.status)).toEqual(["held", 503, 200])
    expect(new Set(attempts.map((r) => r.idempotencyKey))).toEqual(new Set(["tx_fault_00001"]))
  })

  it("gives up after the bounded retries when the gateway stays down", async () => {
    sandbox.setFaults({ failNext: 10, routes: ["createTransaction"] })
    const error = await failure(
      client().createTransaction(pixRequest(), { idempotencyKey: "tx_down_000001" })
    )
    expect(error).toMatchObject({ kind: "unavailable", status: 503 })
    expect(sandbox.countRequests("createTransaction")).toBe(4)
    expect(sandbox.state.transactions.size).toBe(0)
  })
})

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

describe("listTransactions", () => {
  const seed = async (count: number) => {
    const ids: string[] = []
    for (let i = 0; i < count; i++) {
      ids.push(
        (
          await client().createTransaction(pixRequest({ amount: 100 + i }), {
            idempotencyKey: `tx_list_${String(i).padStart(6, "0")}`,
          })
        ).id
      )
    }
    return ids
  }

  it("pages and sorts both ways, with the spec's envelope and defaults", async () => {
    await seed(5)
    const firstPage = await client().listTransactions({ pageSize: 2 })
    expect(firstPage).toMatchObject({ totalItems: 5, totalPages: 3, currentPage: 1, pageSize: 2 })
    expect(firstPage.items.map((i) => i.amountCents)).toEqual([104, 103])
    expect(firstPage.items[0]).toMatchObject({
      status: { raw: "PENDING", status: "pending" },
      paymentMethod: "PIX",
      lead: { name: "Ana Souza", documentNumber: "52998224725" },
    })

    const last = await client().listTransactions({ page: 3, pageSize: 2 })
    expect(last.items.map((i) => i.amountCents)).toEqual([100])
    const beyond = await client().listTransactions({ page: 4, pageSize: 2 })
    expect(beyond.items).toEqual([])

    const ascending = await client().listTransactions({ sort: "createdAt_asc", pageSize: 100 })
    expect(ascending.items.map((i) => i.amountCents)).toEqual([100, 101, 102, 103, 104])
    const defaults = await client().listTransactions()
    expect(defaults.pageSize).toBe(50)
  })

  it("refuses pageSize over 100 locally and shows a company only its own transactions", async () => {
    await seed(1)
    expect((await failure(client().listTransactions({ pageSize: 101 }))).kind).toBe(
      "request_invalid"
    )
    expect((await client({}, 2002).listTransactions()).totalItems).toBe(0)
  })
})

describe("getTransaction", () => {
  it("returns the detail shape with the status after payment, and not_found otherwise", async () => {
    const created = await client().createTransaction(pixRequest(), {
      idempotencyKey: "tx_detail_0001",
    })
    expect((await client().getTransaction(created.id)).status).toMatchObject({
      status: "pending",
      raw: "Awaiting",
    })

    sandbox.state.payTransaction(created.id)
    const paid = await client().getTransaction(created.id)
    expect(paid).toMatchObject({
      transactionId: created.id,
      companyId: 1001,
      amountCents: 1999,
      paymentSystem: "Pix",
      status: { status: "paid", raw: "Paid" },
    })

    expect(
      (await failure(client().getTransaction("00000000-0000-0000-0000-000000000000"))).kind
    ).toBe("not_found")
    expect((await failure(client({}, 2002).getTransaction(created.id))).kind).toBe("not_found")
    expect((await failure(client().getTransaction("../etc/passwd"))).kind).toBe("request_invalid")
  })

  it("retries GETs through dropped connections and 5xx", async () => {
    const created = await client().createTransaction(pixRequest(), {
      idempotencyKey: "tx_drop_000001",
    })
    sandbox.setFaults({ sequence: ["drop", "error", "pass"], routes: ["getTransaction"] })
    expect((await client().getTransaction(created.id)).transactionId).toBe(created.id)
    expect(sandbox.countRequests("getTransaction")).toBe(3)
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
    const started = Date.now()
    await client().getBalance(1001)
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(sandbox.countRequests("getBalance")).toBe(2)
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
