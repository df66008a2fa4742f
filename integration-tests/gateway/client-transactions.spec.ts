/**
 * The gateway client against the sandbox over real HTTP, transactions: create (validation, idempotent
 * replay, retries and fault injection), list (pagination edges) and get.
 */
import { parsePixPayload } from "../../sandbox"
import { client, failure, pixRequest, sandbox, useClientSandbox } from "../helpers/gateway-client"

useClientSandbox()

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
