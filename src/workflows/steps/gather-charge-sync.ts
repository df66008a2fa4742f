import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isVorexyError, MajorAmountInput, toCents } from "../../gateway"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { afterNotFound, afterOutage, markedUnknown, NO_NOT_FOUND } from "../../rules/unknown-charge"
import { GATEWAY_ANSWERED_WITHIN_MS } from "../../rules/timing"
import type { ChargeSyncInputs } from "../charge-sync/plan"
import { type ChargeSyncTrigger, readPolicy } from "../charge-sync/trigger"
import type { GatewaySnapshot } from "../utils/plan-charge-sync"
import { renewalsDone, renewalWindowEnd } from "../utils/renewal"
import { closedHere, graceMinutes } from "../utils/watch-schedule"
import { readGate } from "../utils/read-rule"
import { sessionBound } from "../utils/session-binding"
import { missingCaptureTransactions } from "../utils/missing-capture-transactions"

export type { ChargeSyncInputs }

type Amounts = Array<{ amount: MajorAmountInput }> | undefined
type SessionRow = {
  amount?: MajorAmountInput | null
  data?: Record<string, unknown> | null
  payment_collection?: {
    status?: string | null
    cart_link?: { cart_id?: string | null } | null
    order?: { id: string; status: string } | null
  } | null
  payment?: {
    id: string
    currency_code?: string
    data?: Record<string, unknown> | null
    captures?: Array<{ id: string; amount: MajorAmountInput }>
    refunds?: Amounts
  } | null
}

const sum = (rows: Amounts) => (rows ?? []).reduce((total, row) => total + toCents(row.amount), 0)

/** The charge row, the transaction as the gateway reports it now, and Medusa's payment and order. */
export const gatherChargeSyncStep = createStep(
  "vorexy-gather-charge-sync",
  async (trigger: ChargeSyncTrigger, { container }) => {
    const input = readPolicy(trigger)
    const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const [charge] = await service.listVorexyCharges({ transaction_id: trigger.transaction_id })
    if (!charge)
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `No Vorexy charge for transaction ${trigger.transaction_id}`
      )
    // The one gate before a read (read-rule.ts): nothing read when the row already answers the
    // trigger, or the charge's 404s hold it back (marked unknown here, under the charge's lock).
    const gate = readGate(charge, input, new Date())
    if (gate.next !== "read") {
      if (gate.next === "mark_unknown" && !charge.gateway_unknown_at)
        await service.updateChargesAndNotify([
          { id: charge.id, ...markedUnknown(charge, new Date()) },
        ])
      return new StepResponse<ChargeSyncInputs>({
        coalesced: true,
        charge: { id: charge.id },
        reason: gate.reason,
      })
    }

    const fetchedAt = input.observed ? null : (await service.databaseNow()).toISOString()
    const read = input.observed ? null : await fetchTransaction(service, charge)
    const gateway: GatewaySnapshot = input.observed ?? read!.snapshot

    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "payment_session",
      fields: [
        "id",
        "amount",
        "data",
        "payment_collection.status",
        "payment_collection.cart_link.cart_id",
        "payment_collection.order.id",
        "payment_collection.order.status",
        "payment.id",
        "payment.data",
        "payment.currency_code",
        "payment.captures.id",
        "payment.captures.amount",
        "payment.refunds.amount",
      ],
      filters: { id: charge.payment_session_id },
    })
    const session = data[0] as SessionRow | undefined
    const order = session?.payment_collection?.order
    const payment = session?.payment
    const { cancelOrderOnExpiry } = service.options
    // Boletos are paid and settled business days late; a PIX expires at once.
    const grace = graceMinutes(charge, service.options)
    const { superseded, moved } = movedOn(session?.data, charge)
    // Replaced only by a charge the store recorded (and so watches): one made whose row a crash
    // lost leaves this one standing for the order.
    const newer = moved ? await newerCharges(service, charge) : []
    const replaced = newer.length > 0
    // The window for a new charge, while the order has renewals left (renewal.ts).
    const renewalUntil =
      !replaced && renewalsDone(session?.data) < service.options.maxRenewals
        ? renewalWindowEnd(charge, service.options)
        : null

    return new StepResponse<ChargeSyncInputs>({
      coalesced: false,
      fetched_at: fetchedAt,
      charge: {
        id: charge.id,
        transaction_id: charge.transaction_id,
        method: charge.method,
        status: charge.status,
        amount_cents: charge.amount_cents,
        interest_cents:
          typeof charge.details?.interest_cents === "number" ? charge.details.interest_cents : null,
        expires_at: charge.expires_at,
        flag: charge.flag,
        payment_session_id: charge.payment_session_id,
        closed_here: closedHere(charge),
      },
      gateway,
      medusa: {
        session_exists: Boolean(session),
        superseded,
        replaced,
        order: order ? { id: order.id, status: order.status } : null,
        paid_otherwise: PAID_COLLECTION.has(session?.payment_collection?.status ?? ""),
        newer_paid: newer.some((row) => row.status === "paid"),
        session_amount_cents: session?.amount != null ? toCents(session.amount) : null,
        payment: payment
          ? {
              id: payment.id,
              captured_cents: sum(payment.captures),
              refunded_cents: sum(payment.refunds),
              transaction_id:
                typeof payment.data?.transaction_id === "string"
                  ? payment.data.transaction_id
                  : null,
            }
          : null,
      },
      options: {
        cancelOrderOnExpiry,
        expiryGraceMinutes: grace,
        renewalUntil: renewalUntil?.toISOString() ?? null,
      },
      learnt_internal_id: read?.learntInternalId ?? null,
      session_bound: sessionBound(
        service,
        charge.payment_session_id,
        charge.transaction_id,
        session?.data
      ),
      unrecorded: await missingCaptureTransactions(container, order?.id, payment),
      cart_id: session?.payment_collection?.cart_link?.cart_id ?? null,
    })
  }
)

type ChargeRow = Awaited<ReturnType<VorexyModuleService["listVorexyCharges"]>>[number]

/**
 * Whether the session moved on from this charge: it names another transaction, or a new one was
 * asked for after this one was made (a renewal whose create failed, or whose process died).
 * `superseded`: never captured then. `moved`: another charge may stand for the order (the caller
 * checks one was recorded). A session naming none otherwise (a create whose answer was lost) has
 * not moved on.
 */
function movedOn(data: Record<string, unknown> | null | undefined, charge: ChargeRow) {
  const current = data?.transaction_id
  if (typeof current === "string" && current) {
    const moved = current !== charge.transaction_id
    return { superseded: moved, moved }
  }
  const renewedAt = typeof data?.renewed_at === "string" ? Date.parse(data.renewed_at) : NaN
  const asked = Number.isFinite(renewedAt) && new Date(charge.created_at).getTime() < renewedAt
  return { superseded: asked, moved: asked }
}

/** The later charges of the same payment session that are recorded, with their statuses. */
async function newerCharges(service: VorexyModuleService, charge: ChargeRow) {
  return service.listVorexyCharges(
    { payment_session_id: charge.payment_session_id, created_at: { $gt: charge.created_at } },
    { select: ["id", "status"] }
  )
}

/**
 * A payment collection the store was paid into otherwise (another payment, the admin's): its
 * order is never cancelled for this charge's lapse.
 */
export const PAID_COLLECTION = new Set([
  "authorized",
  "partially_authorized",
  "partially_captured",
  "completed",
])

/**
 * The gateway's transaction now. Its answer settles the row's 404 history at once, under the lock
 * and outside any compensation: a 404 is counted before it is thrown (only while the gateway
 * answers other calls: else it is an outage, and the charge is read again), and a found charge forgets
 * its 404s (and its "unknown at Vorexy" flag), so a later step's rollback cannot bring them back.
 * The gateway's integer id, the key its list gives, is learnt once: written with the plan (an
 * extra write on the paid charge's hot path otherwise), or here with a 404 history's reset.
 */
async function fetchTransaction(
  service: VorexyModuleService,
  charge: ChargeRow
): Promise<{ snapshot: GatewaySnapshot; learntInternalId: string | null }> {
  const detail = await service
    .gateway()
    // Applied by this sync: Medusa's authorisation and capture reuse it without announcing it.
    .getTransaction(charge.transaction_id, { applied: true })
    .catch(async (error) => {
      if (isVorexyError(error) && error.kind === "not_found") {
        const counts = await service.gateway().answering(GATEWAY_ANSWERED_WITHIN_MS)
        const now = new Date()
        const after = counts ? afterNotFound(charge, now) : afterOutage(charge, now)
        await service.updateChargesAndNotify([{ id: charge.id, ...after }])
      }
      throw error
    })
  const internalId = detail.internalId === undefined ? null : String(detail.internalId)
  const learnt = internalId && charge.gateway_internal_id !== internalId ? internalId : null
  const settled = charge.not_found_reads > 0 || charge.gateway_unknown_at
  if (settled) {
    await service.updateChargesAndNotify([
      {
        id: charge.id,
        ...NO_NOT_FOUND,
        ...(charge.flag === "unknown_at_gateway" ? { flag: null, flag_detail: null } : {}),
        ...(learnt ? { gateway_internal_id: learnt } : {}),
      },
    ])
  }
  return {
    snapshot: {
      status: detail.status.status,
      raw: detail.status.raw,
      amount_cents: detail.amountCents ?? null,
      refunded_cents: detail.refundedCents ?? null,
      updated_at: detail.updatedAt ?? null,
    },
    learntInternalId: settled ? null : learnt,
  }
}
