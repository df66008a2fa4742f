/**
 * A fact added once, to the declaration alone, reaches every shape its declaration names and no
 * other: a shopper's fact reaches the session, the row and both views; one declared for the admin
 * alone never reaches the session or the storefront; one for the shopper alone never the admin.
 */
import type * as Fields from "../fields"
import type { MethodFacts } from "../fields"
import { GRACE, json, link, stored } from "./rows"

const ADDED = {
  /** For the shopper and the admin. */
  boleto_bank: {
    method: "boleto",
    type: "text",
    stored: "details",
    session: "fact",
    storefront: "always",
    admin: true,
  },
  /** For the admin alone. */
  boleto_fee_note: {
    method: "boleto",
    type: "text",
    stored: "details",
    session: "no",
    storefront: "never",
    admin: true,
  },
  /** For the shopper alone. */
  boleto_hint: {
    method: "boleto",
    type: "text",
    stored: "details",
    session: "fact",
    storefront: "always",
    admin: false,
  },
} as const

const dueAt = new Date(Date.now() + 86_400_000).toISOString()
// What the boleto's outcome would read from the gateway's answer, the added facts with it.
const facts = {
  digitable_line: "23793381286000000000300000000400110000000019990",
  barcode: "23791100000000199903381260000000000000000000",
  boleto_url: "https://bank.example/b.pdf",
  due_at: dueAt,
  expires_at: dueAt,
  boleto_bank: "Banco Exemplo",
  boleto_fee_note: "fee waived by the account manager",
  boleto_hint: "pay at any bank",
} as unknown as MethodFacts<"boleto">

/** The facts through every shape, by the plugin's modules loaded against the added declaration. */
async function shapesWithAddedFacts() {
  jest.doMock("../fields", () => {
    const actual = jest.requireActual<typeof Fields>("../fields")
    const { expires_at, ...rest } = actual.CHARGE_FACTS
    // The expiry stays last, as the views list it.
    return { ...actual, CHARGE_FACTS: { ...rest, ...ADDED, expires_at } }
  })
  const shapes = await import("../shapes.js")
  const { ownedData } = await import("../../providers/vorexy/core/session-data.js")
  const { chargeFromSession, chargeRow } = await import("../../workflows/utils/charge-record.js")
  const { paymentStatusView } = await import("../../api/store/vorexy/payment-status/view.js")
  const { chargeView } = await import("../../api/admin/vorexy/charges/view.js")

  const session = shapes.sessionFacts("boleto", facts) as Record<string, unknown>
  const event = {
    payment_session_id: "payses_1",
    transaction_id: "tx_1",
    method: "boleto" as const,
    amount_cents: 9990,
    status: "pending" as const,
    gateway_status: "WAITING_PAYMENT",
    ...shapes.storedFacts("boleto", facts),
    company_id: null,
  }
  const row = stored(chargeRow({ ...event, ...link }, new Date(), GRACE))
  const recorded = chargeFromSession(
    "payses_1",
    { transaction_id: "tx_1", amount_cents: 9990 },
    { ...session, payment_method: "boleto" }
  )
  return {
    session,
    // A key the provider owns: null until it sets it, whatever a storefront sends under it.
    blank: ownedData({ boleto_bank: "forged" }, {}),
    row,
    fromSession: stored(chargeRow({ ...recorded, ...link }, new Date(), GRACE)),
    payable: json(paymentStatusView(row, false)) as Record<string, unknown>,
    closed: json(paymentStatusView({ ...row, offer_closed_at: new Date() }, false)) as Record<
      string,
      unknown
    >,
    admin: json(chargeView(row)),
  }
}

describe("a fact declared once", () => {
  let shaped: Awaited<ReturnType<typeof shapesWithAddedFacts>>
  beforeAll(async () => {
    await jest.isolateModulesAsync(async () => {
      shaped = await shapesWithAddedFacts()
    })
  })

  it("for the shopper reaches the session, the row, the status route and the admin", () => {
    const { session, blank, row, fromSession, payable, closed, admin } = shaped
    expect(session.boleto_bank).toBe("Banco Exemplo")
    expect(blank).toHaveProperty("boleto_bank", null)
    expect(row.details).toMatchObject({ boleto_bank: "Banco Exemplo" })
    expect(fromSession.details).toMatchObject({ boleto_bank: "Banco Exemplo" })
    expect(payable.boleto_bank).toBe("Banco Exemplo")
    expect(closed.boleto_bank).toBe("Banco Exemplo")
    expect(admin.details).toMatchObject({ boleto_bank: "Banco Exemplo" })
    // Listed in the declaration's order: after the boleto's own, before the expiry.
    const order = Object.keys(payable)
    expect(order.indexOf("boleto_bank")).toBe(order.indexOf("due_at") + 1)
    expect(order.indexOf("expires_at")).toBe(order.indexOf("boleto_hint") + 1)
  })

  it("for the admin alone is kept on the row and shown only to the admin", () => {
    const { session, row, fromSession, payable, closed, admin } = shaped
    expect(row.details).toMatchObject({ boleto_fee_note: "fee waived by the account manager" })
    expect(admin.details).toMatchObject({ boleto_fee_note: "fee waived by the account manager" })
    expect(session).not.toHaveProperty("boleto_fee_note")
    expect(payable).not.toHaveProperty("boleto_fee_note")
    expect(closed).not.toHaveProperty("boleto_fee_note")
    expect(JSON.stringify(payable)).not.toContain("fee waived")
    // Recorded from the session data instead, it is unknown (the session never had it).
    expect(fromSession.details).toMatchObject({ boleto_fee_note: null })
  })

  it("for the shopper alone never reaches the admin", () => {
    const { session, row, payable, admin } = shaped
    expect(session.boleto_hint).toBe("pay at any bank")
    expect(row.details).toMatchObject({ boleto_hint: "pay at any bank" })
    expect(payable.boleto_hint).toBe("pay at any bank")
    expect(admin.details).not.toHaveProperty("boleto_hint")
  })

  it("leaves the facts already declared where they were", () => {
    const { payable, closed, admin } = shaped
    expect(payable).toMatchObject({
      digitable_line: facts.digitable_line,
      boleto_url: "https://bank.example/b.pdf",
      due_at: dueAt,
    })
    expect(closed).toMatchObject({ digitable_line: null, boleto_url: null, due_at: dueAt })
    expect(admin.details).toMatchObject({ digitable_line: facts.digitable_line, due_at: dueAt })
  })
})
