/**
 * A card the gateway charged while its answer never reached the store (accepted, then every
 * attempt timed out or failed): the shopper is told not to enter the card again; the gateway's
 * webhook names a charge the store has no record of, and once the checkout is surely over the
 * plugin adopts it for its payment session (read back from the gateway's list). Medusa on real
 * PostgreSQL, the sandbox gateway over HTTP.
 */
import { medusaIntegrationTestRunner } from "../helpers/runner"
import { VOREXY_MODULE } from "../../src/modules/vorexy"
import type VorexyModuleService from "../../src/modules/vorexy/service"
import { processChargeEvent as processWebhookEvent } from "../../src/subscribers/vorexy-webhook-received"
import { cardToken, INSTALLMENTS_WITH_INTEREST, TEST_CARDS } from "../helpers/cards"
import { useSandbox } from "../helpers/sandbox"
import {
  adminHeaders,
  complete,
  createCart,
  eventually,
  startSession,
  Store,
  VALID_PAYER,
} from "../helpers/store"
import {
  ageWebhookEvent,
  resetForWebhooks,
  SECRET,
  WEBHOOK_SETTINGS,
  webhookCalls,
} from "../helpers/webhooks"

jest.setTimeout(120_000)

// With interest above 3 installments: a lost 6× charge is for more than the order.
const gateway = useSandbox({
  webhookSecret: SECRET,
  webhooks: WEBHOOK_SETTINGS,
  env: INSTALLMENTS_WITH_INTEREST,
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: Store
    const vorexy = () => getContainer().resolve<VorexyModuleService>(VOREXY_MODULE)
    const { paymentStatus, captures } = webhookCalls(api, getContainer, () => store)
    const transactions = () => [...gateway.sandbox.state.transactions.values()]
    const creates = () => gateway.sandbox.countRequests("createTransaction")

    beforeEach(async () => {
      store = await resetForWebhooks(gateway, api, getContainer())
    })

    /** A card session on `cartId`, paying with a fresh token of the approved test card. */
    async function cardSession(cartId: string, installments = 1) {
      const token = await cardToken(api, store, gateway, TEST_CARDS.approved)
      const response = await startSession(api, store, cartId, "card", {
        ...VALID_PAYER,
        card_token: token,
        installments,
      })
      return response.data.payment_collection.payment_sessions[0].id as string
    }

    /** Completes the cart while the gateway charges but never answers; returns the charge's id. */
    async function completeWithLostAnswer(cartId: string) {
      const before = transactions().length
      gateway.sandbox.setFaults({
        sequence: ["acceptThenTimeout", "error", "error", "error"],
        acceptHoldMs: 8000,
        routes: ["createTransaction"],
      })
      const failed = await complete(api, store, cartId)
      expect(failed.data.type).toBe("cart")
      expect(failed.data.error.message).toMatch(
        /could not confirm your card payment.*Do not enter your card again: place the order again/
      )
      expect(transactions()).toHaveLength(before + 1)
      return transactions()[before].transactionId
    }

    /** The webhook for it waits out the checkout; then it is processed as if minutes later. */
    async function processLater(transactionId: string) {
      const waiting = await eventually(async () => {
        const [event] = await vorexy().listVorexyWebhookEvents({
          reference_id: transactionId,
          outcome: "received",
        })
        return event?.outcome_detail?.includes("once its checkout is over") ? event : null
      })
      await ageWebhookEvent(getContainer(), waiting.id)
      return processWebhookEvent(getContainer(), waiting.id)
    }

    it("adopts the charge (6× with interest) for its session and places the order once, without charging again", async () => {
      const cartId = await createCart(api, store)
      const sessionId = await cardSession(cartId, 6)
      const transactionId = await completeWithLostAnswer(cartId)
      expect(await vorexy().listVorexyCharges({ payment_session_id: sessionId })).toEqual([])
      const attempts = creates()

      const event = await processLater(transactionId)

      expect(event).toMatchObject({ outcome: "processed" })
      expect(event!.outcome_detail).toMatch(/adopted/)
      // The payment completed the cart: the order is placed captured, from the same charge (bound
      // into the session: authorising it re-fetched the charge, never created one).
      const [charge] = await eventually(async () => {
        const rows = await vorexy().listVorexyCharges({ payment_session_id: sessionId })
        return rows[0]?.order_id ? rows : null
      })
      expect(charge.transaction_id).toBe(transactionId)
      // The charge is for the total with interest, and says why; Medusa captured the order's.
      expect(charge).toMatchObject({
        amount_cents: 10_512,
        details: expect.objectContaining({ installments: 6, interest_cents: 1022 }),
      })
      expect(charge.flag).toBeNull()
      expect(await paymentStatus(charge.order_id!)).toBe("captured")
      expect((await captures(charge.order_id!)).captures).toBe(1)
      expect(creates()).toBe(attempts)

      // The shopper places the order again, as told: the same order, no second charge.
      const again = await complete(api, store, cartId)
      expect(again.data.type).toBe("order")
      expect(again.data.order.id).toBe(charge.order_id)
      expect(transactions()).toHaveLength(1)
    })

    it("never adopts a repeat payer's lost charge into their first order (one lead per payer), and captures it once the shopper places the order again", async () => {
      // A gateway that keeps one lead per payer: the lost charge's lead names the first session.
      gateway.sandbox.setVariants({ leads: "per-payer" })
      const firstCart = await createCart(api, store)
      const firstSession = await cardSession(firstCart)
      const first = await complete(api, store, firstCart)
      expect(first.data.type).toBe("order")
      const firstOrder = first.data.order.id as string

      const cartId = await createCart(api, store)
      await cardSession(cartId)
      const lost = await completeWithLostAnswer(cartId)
      const listed = await getContainer()
        .resolve<VorexyModuleService>(VOREXY_MODULE)
        .gateway()
        .listTransactions({ page: 1, pageSize: 10, sort: "createdAt_desc" })
      expect(listed.items[0].lead?.externalId).toBe(firstSession)

      const event = await processLater(lost)
      expect(event).toMatchObject({ outcome: "processed" })
      // Kept apart from the first session, which has a charge of its own: never captured there.
      const [kept] = await vorexy().listVorexyCharges({ transaction_id: lost })
      expect(kept.payment_session_id).not.toBe(firstSession)
      expect(kept.flag).toBe("late_payment")
      expect((await captures(firstOrder)).captures).toBe(1)

      // The shopper places the order again, as told: the same charge, now proven its own, is
      // captured into the new order, and the refund advice goes away.
      const again = await complete(api, store, cartId)
      expect(again.data.type).toBe("order")
      expect(transactions()).toHaveLength(2)
      const [mine] = await vorexy().listVorexyCharges({ transaction_id: lost })
      expect(mine).toMatchObject({ flag: null, order_id: again.data.order.id })
      expect(await paymentStatus(again.data.order.id)).toBe("captured")
      expect((await captures(firstOrder)).captures).toBe(1)
    })

    it("flags the lost charge for a refund when the shopper paid again with a new session", async () => {
      const cartId = await createCart(api, store)
      const first = await cardSession(cartId)
      const lost = await completeWithLostAnswer(cartId)

      // Against the advice, the shopper enters a card again: a new session replaces the first.
      const second = await cardSession(cartId)
      expect(second).not.toBe(first)
      const placed = await complete(api, store, cartId)
      expect(placed.data.type).toBe("order")
      expect(transactions()).toHaveLength(2)

      const event = await processLater(lost)

      expect(event!.outcome_detail).toMatch(/adopted/)
      const [charge] = await vorexy().listVorexyCharges({ transaction_id: lost })
      expect(charge).toMatchObject({ flag: "late_payment", order_id: null })
      // Recorded as the card it is, under the card provider's name (never the PIX default).
      expect(charge).toMatchObject({ method: "credit_card", provider_id: "pp_vorexy-card_adopted" })
      expect(charge.flag_detail).toMatch(/refund it in the Vorexy panel/)
      const {
        data: { health },
      } = await api.get("/admin/vorexy/health", await adminHeaders(getContainer()))
      expect(health.attention).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ transaction_id: lost, reason: "late_payment" }),
        ])
      )
      // The order keeps its one capture, from the second card.
      expect((await captures(placed.data.order.id)).captures).toBe(1)
    })
  },
})
