/**
 * The sandbox gateway's own behaviour over raw HTTP (no client in between): what the spec and our
 * gap decisions say it does, and its control endpoints. Its webhooks: sandbox-webhooks.spec.ts.
 */
import { auth, call, createPix, sandbox, useRawSandbox } from "../helpers/sandbox-http"

useRawSandbox()

describe("documented endpoints and gap decisions", () => {
  it("answers 401 with an error body for missing or wrong credentials", async () => {
    const missing = await call("GET", "/api/Balance/balance/1001", undefined, {})
    expect(missing).toMatchObject({
      status: 401,
      body: { message: expect.stringMatching(/X-API-Key/) },
    })
    const wrong = await call("GET", "/api/Balance/balance/1001", undefined, {
      ...auth(),
      "x-api-key": "nope",
    })
    expect(wrong.status).toBe(401)
  })

  it("validates the smallest documented create request and defaults PIX expiry to 1 day", async () => {
    const bad = await call("POST", "/api/v1/transactions/create", {
      amount: 0,
      currency: "USD",
      paymentMethod: "CASH",
      customer: { email: "x" },
    })
    expect(bad.status).toBe(400)
    for (const field of ["amount", "currency", "paymentMethod", "customer.name", "customer.email"])
      expect(bad.body.message).toContain(field)

    const created = await createPix()
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      status: 200,
      message: expect.any(String),
      data: { amount: 2500, paymentMethod: "PIX", status: "WAITING_PAYMENT", companyId: 1001 },
    })
    const days = (Date.parse(created.body.data.pix.expirationDate) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(0.99)
    expect(days).toBeLessThanOrEqual(1)
    expect(await call("POST", "/api/v1/transactions/create", "{not json")).toMatchObject({
      status: 400,
      body: { message: "Request body is not valid JSON" },
    })
  })

  it("rejects list parameters outside the spec's limits with 400 and keeps the envelope", async () => {
    expect((await call("GET", "/api/Transaction/company/transactions?pageSize=101")).status).toBe(
      400
    )
    expect((await call("GET", "/api/Transaction/company/transactions?page=0")).status).toBe(400)
    expect((await call("GET", "/api/Transaction/company/transactions?sort=amount")).status).toBe(
      400
    )
    expect((await call("GET", "/api/Transaction/company/transactions")).body).toEqual({
      ok: true,
      res: { items: [], totalItems: 0, totalPages: 0, currentPage: 1, pageSize: 50 },
    })
  })

  it("requires an Idempotency-Key for withdrawals and answers 201 with the §2.8 record", async () => {
    sandbox.state.setBalance(1001, { availableCents: 10_000 })
    expect(
      (await call("POST", "/api/Withdraw/request", { amount: 1000, currency: "BRL" })).status
    ).toBe(400)
    const created = await call(
      "POST",
      "/api/Withdraw/request",
      { amount: 1000, currency: "BRL", metadata: { a: 1 } },
      { ...auth(), "idempotency-key": "wd_raw_000001" }
    )
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: 1,
      companyId: 1001,
      idempotencyKey: "wd_raw_000001",
      value: 10,
      pixKey: "11222333000181",
      pixKeyType: "CNPJ",
      creditorDocument: "11222333000181",
      description: "",
      currency: "BRL",
      enTransaction: "Awaiting",
      createdAt: expect.any(String),
    })
    const below = await call(
      "POST",
      "/api/Withdraw/request",
      { amount: 999, currency: "BRL" },
      { ...auth(), "idempotency-key": "wd_raw_000002" }
    )
    expect(below).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/minimum withdrawal of 1000 cents/) },
    })
  })

  it("speaks ProblemDetails when that variant is on", async () => {
    sandbox.setVariants({ errorStyle: "problem" })
    const response = await call("GET", "/api/Transaction/transactionByTransactionId/nope")
    expect(response.status).toBe(404)
    expect(response.headers.get("content-type")).toMatch(/application\/problem\+json/)
    expect(response.body).toMatchObject({
      title: "Not Found",
      status: 404,
      detail: "Transaction nope not found",
    })
  })
})

describe("control endpoints", () => {
  it("pay, expire, fail and refund charges; set balance and bank key; count requests", async () => {
    const a = (await createPix("tx_control_001")).body.data.id
    const b = (await createPix("tx_control_002")).body.data.id
    const c = (await createPix("tx_control_003")).body.data.id

    expect(
      (await call("POST", `/__sandbox/transactions/${a}/pay`, { amountCents: 2400 }, {})).body
    ).toMatchObject({ enStatusTransaction: "Paid", value: 2400 })
    expect(
      (await call("POST", `/__sandbox/transactions/${a}/refund`, {}, {})).body.enStatusTransaction
    ).toBe("Refunded")
    expect(
      (await call("POST", `/__sandbox/transactions/${b}/expire`, {}, {})).body.enStatusTransaction
    ).toBe("Cancelled")
    expect(
      (await call("POST", `/__sandbox/transactions/${c}/fail`, {}, {})).body.enStatusTransaction
    ).toBe("Failed")
    expect((await call("POST", `/__sandbox/transactions/${b}/pay`, {}, {})).status).toBe(409)

    await call(
      "POST",
      "/__sandbox/companies/1001/balance",
      { accBalance: "12.34", enBalanceStatus: "Pending" },
      {}
    )
    expect((await call("GET", "/api/Balance/balance/1001")).body).toMatchObject({
      accBalance: 12.34,
      enBalanceStatus: "Pending",
    })
    await call("POST", "/__sandbox/companies/1001/bank-pix-key", { pixKey: null }, {})
    expect(sandbox.state.company(1001).bankPixKey).toBeNull()

    const log = await call("GET", "/__sandbox/requests?route=createTransaction", undefined, {})
    expect(log.body.count).toBe(3)
    const state = await call("GET", "/__sandbox/state", undefined, {})
    expect(JSON.stringify(state.body)).not.toContain(sandbox.credentials().apiKey)
  })

  it("expires awaiting charges past their expiration date", async () => {
    const id = (await createPix()).body.data.id
    sandbox.state.sweepExpired(Date.now() + 2 * 86_400_000)
    expect(sandbox.state.transaction(id)).toMatchObject({
      state: "Cancelled",
      cancelReason: "expired",
    })
  })
})
