/**
 * The PIX provider's methods against the sandbox over HTTP (no Medusa boot): what each method does
 * with the gateway's answer, and what it announces to the rest of the plugin.
 */
import type { Message } from "@medusajs/framework/types"
import { Sandbox, startSandbox } from "../../sandbox"
import { CHARGE_CREATED_EVENT, CHARGE_OBSERVED_EVENT } from "../../src/providers/vorexy/core/events"
import { VorexyClient } from "../../src/gateway"
import { VorexyPixService } from "../../src/providers/vorexy/services/vorexy-pix"

let sandbox: Sandbox
const emitted: Message[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ expirySweepMs: 0 })
})
afterAll(() => sandbox.stop())
beforeEach(() => {
  sandbox.reset()
  emitted.length = 0
})

const provider = () =>
  new VorexyPixService(
    { event_bus: { emit: async (message: Message) => void emitted.push(message) } },
    {
      baseUrl: sandbox.url,
      ...sandbox.credentials(),
      companyId: undefined,
      timeoutMs: 2000,
      pixExpiresInDays: 3,
    }
  )

const payer = { name: "Ana Souza", email: "ana@example.com", document: "52998224725" }

/** The session data of an authorised charge: the fields these tests read, and the rest. */
type ChargeData = Record<string, unknown> & { transaction_id: string; expires_at: string }

async function authorized(amount = 50) {
  const p = provider()
  const initiated = await p.initiatePayment({
    amount,
    currency_code: "brl",
    data: { ...payer, session_id: "payses_01TEST" },
  })
  const auth = await p.authorizePayment({ data: initiated.data })
  return { p, data: auth.data as ChargeData, status: auth.status }
}

describe("VorexyPixService against the sandbox", () => {
  it("initiates without calling the gateway and refuses non-BRL amounts", async () => {
    const initiated = await provider().initiatePayment({
      amount: "19.99",
      currency_code: "brl",
      data: { ...payer, session_id: "payses_01A" },
    })
    expect(initiated).toMatchObject({
      id: "payses_01A",
      status: "pending",
      data: { amount: "19.99", amount_cents: 1999 },
    })
    expect(sandbox.countRequests()).toBe(0)
    await expect(
      provider().initiatePayment({ amount: 10, currency_code: "usd", data: payer })
    ).rejects.toThrow(/only accepts BRL, not USD/)
  })

  it("creates the charge once, announces it, and learns the companyId", async () => {
    const { status, data } = await authorized()
    expect(status).toBe("pending_authorization")
    expect(data).toMatchObject({
      transaction_id: expect.any(String),
      gateway_company_id: 1001,
      session_id: "payses_01TEST",
    })
    expect(sandbox.requests[0].idempotencyKey).toBe("tx_payses_01TEST_5000")
    expect(emitted).toEqual([
      {
        name: CHARGE_CREATED_EVENT,
        data: expect.objectContaining({
          transaction_id: data.transaction_id,
          amount_cents: 5000,
          company_id: "1001",
        }),
      },
    ])
    const days = (Date.parse(data.expires_at) - Date.now()) / 86_400_000
    expect(Math.round(days)).toBe(3)
  })

  it("updates the payer before the charge, refuses it after, and forgets the charge when the amount changes", async () => {
    const p = provider()
    const initiated = await p.initiatePayment({
      amount: 50,
      currency_code: "brl",
      data: { session_id: "payses_01UPD" },
    })
    const updated = await p.updatePayment({
      amount: 50,
      currency_code: "brl",
      data: { ...initiated.data, name: "Bia", email: "bia@example.com" },
    })
    // The payer is taken (sealed anew), and shown nowhere.
    expect(updated.data).toMatchObject({ payer_display: null, name: null, email: null })
    expect(updated.data!.payer_sealed).not.toBe(initiated.data!.payer_sealed)
    expect(JSON.stringify(updated.data)).not.toContain("Bia")
    await expect(
      p.updatePayment({
        amount: 50,
        currency_code: "brl",
        data: { ...initiated.data, email: "bad" },
      })
    ).rejects.toThrow(/not a valid e-mail/)

    const auth = await p.authorizePayment({ data: updated.data })
    await expect(
      p.updatePayment({ amount: 50, currency_code: "brl", data: { ...auth.data, name: "Caio" } })
    ).rejects.toThrow(/cannot change after the charge was created/)
    const moved = await p.updatePayment({ amount: 60, currency_code: "brl", data: auth.data })
    expect(moved.data).toMatchObject({ amount_cents: 6000, transaction_id: null })
    const second = await p.authorizePayment({ data: moved.data })
    expect(second.data!.transaction_id).not.toBe(auth.data!.transaction_id)
    expect(sandbox.state.transactions.size).toBe(2)
  })

  it("captures only a paid charge, idempotently", async () => {
    const { p, data } = await authorized()
    await expect(p.capturePayment({ data })).rejects.toThrow(
      /is not paid \(gateway status Awaiting\)/
    )
    sandbox.state.payTransaction(data.transaction_id)
    const first = await p.capturePayment({ data })
    const again = await p.capturePayment({ data: first.data })
    expect(again.data).toMatchObject({ status: "paid", gateway_status: "Paid" })
    expect(emitted.map((e) => e.name)).toContain(CHARGE_OBSERVED_EVENT)
  })

  it("reuses the sync's own read of a payment without announcing it, and announces any other read it reuses", async () => {
    const { p, data } = await authorized()
    sandbox.state.payTransaction(data.transaction_id)
    // The sync's verifying read, which the sync applies itself.
    const sync = new VorexyClient({ baseUrl: sandbox.url, ...sandbox.credentials() })
    await sync.getTransaction(data.transaction_id, { applied: true })
    emitted.length = 0

    // Medusa's authorisation and capture of what the sync verified: no call, no announcement
    // (which would set off a second sync of the same payment).
    const authorizedNow = await p.authorizePayment({ data })
    expect(authorizedNow.status).toBe("captured")
    await p.capturePayment({ data })
    expect(sandbox.countRequests("getTransaction")).toBe(1)
    expect(emitted).toEqual([])

    // A read nobody applied (a cancel that found the charge paid): reused, and announced.
    await expect(p.cancelPayment({ data })).rejects.toThrow(/already paid/)
    emitted.length = 0
    await p.authorizePayment({ data })
    expect(sandbox.countRequests("getTransaction")).toBe(2)
    expect(emitted.map((e) => e.name)).toEqual([CHARGE_OBSERVED_EVENT])
  })

  it("cancels an unpaid charge locally and refuses to cancel a paid one", async () => {
    const { p, data } = await authorized()
    expect((await p.cancelPayment({ data })).data).toMatchObject({
      status: "cancelled",
      canceled_locally_at: expect.any(String),
    })
    expect((await p.deletePayment({ data: { amount_cents: 100 } })).data).toEqual({
      amount_cents: 100,
    })

    sandbox.state.payTransaction(data.transaction_id)
    await expect(p.cancelPayment({ data })).rejects.toThrow(
      /already paid and Vorexy has no cancel call; refund it in the Vorexy panel/
    )
  })

  it("refunds only once the gateway reports the refund made in its panel", async () => {
    const { p, data } = await authorized()
    sandbox.state.payTransaction(data.transaction_id)
    await expect(p.refundPayment({ data, amount: 50 })).rejects.toThrow(
      /Vorexy has no refund API\. Refund transaction .* in the Vorexy panel.*now: Paid/
    )
    sandbox.state.refundTransaction(data.transaction_id)
    expect((await p.refundPayment({ data, amount: 50 })).data).toMatchObject({ status: "refunded" })
  })

  it("records a chargeback as the whole payment given back, but not a protest (MED), which only holds it", async () => {
    const held = await authorized()
    sandbox.state.payTransaction(held.data.transaction_id)
    sandbox.state.protestTransaction(held.data.transaction_id)
    // An order cancelled while its payment is under protest: no refund is recorded for it.
    await expect(held.p.refundPayment({ data: held.data, amount: 50 })).rejects.toThrow(
      /Refund transaction .* in the Vorexy panel.*now: InProtest/
    )

    sandbox.reset()
    const taken = await authorized()
    sandbox.state.payTransaction(taken.data.transaction_id)
    sandbox.state.chargebackTransaction(taken.data.transaction_id)
    expect((await taken.p.refundPayment({ data: taken.data, amount: 50 })).data).toMatchObject({
      status: "disputed",
    })
  })

  it("maps cancelled and failed charges, and reads the charge for retrievePayment", async () => {
    const a = await authorized()
    sandbox.state.expireTransaction(a.data.transaction_id)
    expect((await a.p.authorizePayment({ data: a.data })).status).toBe("canceled")

    sandbox.reset()
    const b = await authorized()
    sandbox.state.failTransaction(b.data.transaction_id)
    expect((await b.p.getPaymentStatus({ data: b.data })).status).toBe("error")
    expect((await b.p.retrievePayment({ data: b.data })).data).toMatchObject({
      status: "failed",
      gateway_status: "Failed",
    })
  })

  it("turns gateway failures into clear checkout errors without leaking the key", async () => {
    sandbox.setFaults({ failNext: 100 })
    const p = provider()
    const initiated = await p.initiatePayment({
      amount: 50,
      currency_code: "brl",
      data: { ...payer, session_id: "payses_01DOWN" },
    })
    const error = await p.authorizePayment({ data: initiated.data }).catch((e) => e)
    expect(error).toMatchObject({ type: "payment_authorization_error" })
    expect(error.message).toMatch(/Vorexy is unavailable right now/)
    expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain(
      sandbox.credentials().apiKey
    )
  })
})
