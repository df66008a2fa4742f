/**
 * A charge's facts flow from one gateway answer to every shape, as their one declaration says:
 * the charge-created event, the charge row, the session data (and the row recorded from it), the
 * status route's view and the admin API's view.
 */
import { chargeView } from "../../api/admin/vorexy/charges/view"
import { paymentStatusView } from "../../api/store/vorexy/payment-status/view"
import { parseCreatedTransaction } from "../../gateway"
import type { VorexyClient } from "../../gateway"
import type { VorexyChargeRow } from "../../modules/vorexy/types"
import { ChargeBinding } from "../../providers/vorexy/core/binding"
import { ChargeFlow } from "../../providers/vorexy/core/charge-flow"
import { ChargeCreatedEvent, ProviderEvents } from "../../providers/vorexy/core/events"
import { boletoMethod } from "../../providers/vorexy/core/methods/boleto"
import { cardMethod } from "../../providers/vorexy/core/methods/card"
import { pixMethod } from "../../providers/vorexy/core/methods/pix"
import type { ChargeMethod } from "../../providers/vorexy/core/methods/types"
import { PayerSeal } from "../../providers/vorexy/core/payer"
import type { VorexyOptions } from "../../providers/vorexy/options"
import type { VorexyPaymentStatus } from "../../storefront/types"
import { chargeFromSession, chargeRow } from "../../workflows/utils/charge-record"
import { GRACE, json, link, stored } from "./rows"
import {
  CHARGE_FACTS,
  ChargeFactKey,
  ChargeFactSpec,
  ChargeMethodName,
  StorefrontFactKey,
} from "../fields"

// The storefront's own type (it imports nothing of ours) names every fact the status route shows.
const storefrontTypeNamesEveryFact: Exclude<
  StorefrontFactKey,
  keyof VorexyPaymentStatus
> extends never
  ? true
  : false = true

const SESSION_ID = "payses_facts"
const DUE = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
const LINE = "23793381286000000000300000000400110000000019990"
const BARCODE = "23791100000000199903381260000000000000000000"

type Case = {
  method: ChargeMethodName
  chargeMethod: ChargeMethod
  /** The gateway's answer to the create, as it comes over the wire. */
  answer: Record<string, unknown>
  /** What each fact of the method must be, read from that answer. */
  facts: (session: Record<string, unknown>) => Record<string, unknown>
  refused?: boolean
}

const CASES: Case[] = [
  {
    method: "pix",
    chargeMethod: pixMethod,
    answer: { id: "tx_pix", amount: 9990, status: "WAITING_PAYMENT", pix: { qrcode: "000201PIX" } },
    facts: (data) => ({
      qr_code: "000201PIX",
      qr_code_image: expect.stringMatching(/^data:image\/png;base64,/),
      expires_at: data.expires_at,
    }),
  },
  {
    method: "boleto",
    chargeMethod: boletoMethod,
    answer: {
      id: "tx_boleto",
      amount: 9990,
      status: "WAITING_PAYMENT",
      bankSlip: {
        bankSlipUrl: "https://bank.example/b.pdf",
        line: LINE,
        barCode: BARCODE,
        dueDate: DUE,
      },
    },
    facts: (data) => ({
      digitable_line: LINE,
      barcode: BARCODE,
      boleto_url: "https://bank.example/b.pdf",
      due_at: data.due_at,
      expires_at: data.due_at,
    }),
  },
  {
    method: "credit_card",
    chargeMethod: cardMethod,
    answer: {
      id: "tx_card",
      amount: 9990,
      status: "IN_ANALISYS",
      installments: 3,
      card: { brand: "visa", lastDigits: "41111111" },
      refusedReason: { description: "Under review" },
    },
    facts: (data) => ({
      card_brand: "visa",
      card_last4: "1111",
      installments: 3,
      interest_cents: 690,
      refused_reason: "Under review",
      expires_at: data.expires_at,
    }),
  },
  {
    method: "credit_card",
    chargeMethod: cardMethod,
    answer: {
      id: "tx_refused",
      amount: 9990,
      status: "REFUSED",
      installments: 2,
      card: { brand: "master", last4: "0002" },
      refusedReason: "Insufficient funds",
    },
    facts: () => ({
      card_brand: "master",
      card_last4: "0002",
      installments: 2,
      interest_cents: 690,
      refused_reason: "Insufficient funds",
      expires_at: null,
    }),
    refused: true,
  },
]

const FACTS = Object.entries(CHARGE_FACTS) as Array<[ChargeFactKey, ChargeFactSpec]>
const OPTIONS = { pixExpiresInDays: 1, boletoExpiresInDays: 3, companyId: "1001" } as VorexyOptions

/** Creates the charge through the provider's flow, against a gateway answering `answer`. */
async function create(c: Case) {
  const emitted: ChargeCreatedEvent[] = []
  const bus = { emit: async ({ data }: { data: ChargeCreatedEvent }) => void emitted.push(data) }
  const seal = new PayerSeal("facts-secret-facts-secret")
  const flow = new ChargeFlow(
    {
      createTransaction: async () => parseCreatedTransaction({ data: c.answer }),
    } as unknown as VorexyClient,
    new ProviderEvents(bus as never),
    seal,
    new ChargeBinding("facts-secret-facts-secret"),
    OPTIONS,
    c.chargeMethod
  )
  const session = {
    session_id: SESSION_ID,
    amount: "99.90",
    amount_cents: 9990,
    currency_code: "brl" as const,
    payment_method: c.method,
    installments: c.method === "credit_card" ? 1 : undefined,
    // What the session says of the split, not the answer: the interest the store worked out.
    interest_cents: c.method === "credit_card" ? 690 : undefined,
    payer_sealed: seal.seal(
      {
        name: "Ana",
        email: "ana@example.com",
        card_token: "tok_12345678",
      },
      SESSION_ID
    ),
  }
  const created = await flow.create(session).then(
    (output) => output.data as Record<string, unknown>,
    (error: Error) => error
  )
  return { emitted, created }
}

describe.each(CASES)("a $method charge's facts ($answer.status)", (c) => {
  const carried = FACTS.filter(([, spec]) => spec.method === c.method || spec.method === "every")

  it("flow from the gateway's answer to the event, the row, the session and both views", async () => {
    const { emitted, created } = await create(c)
    expect(emitted).toHaveLength(1)
    const event = emitted[0]
    if (c.refused) expect(created).toBeInstanceOf(Error)
    const data = c.refused ? {} : (created as Record<string, unknown>)
    const expected = c.facts(data)
    // Every fact the declaration gives this method is read from the answer, and no other.
    expect(Object.keys(expected).sort()).toEqual(carried.map(([key]) => key).sort())
    for (const [key] of carried) expect(expected[key]).not.toBeUndefined()

    const row = stored(chargeRow({ ...event, ...link }, new Date(), GRACE))
    const payable = json(paymentStatusView(row, false)) as Record<string, unknown>
    const closed = json(
      paymentStatusView({ ...row, offer_closed_at: new Date() }, false)
    ) as Record<string, unknown>
    const admin = json(chargeView(row)) as Record<string, unknown>
    const adminDetails = (admin.details ?? {}) as Record<string, unknown>

    for (const [key, spec] of FACTS) {
      const mine = spec.method === c.method || spec.method === "every"
      const value = mine ? expected[key] : undefined
      const onRow =
        spec.stored === "column" ? (json(row) as Record<string, unknown>)[key] : row.details?.[key]
      // The row (and the event it is made of) keeps every fact of its method, nothing of another's.
      if (spec.stored === "column") expect(onRow).toEqual(mine ? value : null)
      else expect(onRow).toEqual(mine ? value : undefined)
      const eventDetails = event.details as Record<string, unknown> | null | undefined
      if (spec.stored === "details") expect(eventDetails?.[key]).toEqual(value)
      else expect(event[key as keyof ChargeCreatedEvent]).toEqual(mine ? value : null)

      // The session holds the facts declared for it.
      if (!c.refused) {
        if (mine && spec.session !== "no") expect(data[key]).toEqual(value)
        else if (mine) expect(data).not.toHaveProperty(key)
      }

      // The status route: a column for every method, the method's own details; never the others.
      const shown = spec.storefront !== "never" && (spec.stored === "column" || mine)
      if (!shown) {
        expect(payable).not.toHaveProperty(key)
        expect(closed).not.toHaveProperty(key)
      } else {
        expect(payable[key]).toEqual(mine ? value : null)
        expect(closed[key]).toEqual(spec.storefront === "while_payable" || !mine ? null : value)
      }

      // The admin API: the declared columns, and the method's details declared for the admin.
      if (spec.stored === "column") {
        if (spec.admin) expect(admin[key]).toEqual(mine ? value : null)
        else expect(admin).not.toHaveProperty(key)
      } else if (spec.admin && mine) expect(adminDetails[key]).toEqual(value)
      else expect(adminDetails).not.toHaveProperty(key)
    }

    // Recorded from the session data instead (no announcement): the same row, but for the facts
    // the session never holds (null).
    if (!c.refused) {
      const fromSession = chargeFromSession(
        SESSION_ID,
        { transaction_id: event.transaction_id, amount_cents: event.amount_cents },
        data
      )
      const again = stored(chargeRow({ ...fromSession, ...link }, new Date(), GRACE))
      for (const [key, spec] of carried) {
        const want = spec.session === "no" ? null : expected[key]
        if (spec.stored === "column")
          expect(json(again)[key as keyof VorexyChargeRow]).toEqual(want)
        else expect(again.details?.[key]).toEqual(want)
      }
    }
  })
})

it("the storefront's type names every fact the status route shows", () => {
  expect(storefrontTypeNamesEveryFact).toBe(true)
})
