import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ChargeCreatedEvent } from "../../providers/vorexy/core/events"
import type { VorexySessionData } from "../../providers/vorexy/core/session-data"
import { isVorexyProviderId } from "../../providers/vorexy/provider-ids"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"
import { chargeFromSession, ChargeFacts } from "../utils/charge-record"
import { sessionBound } from "../utils/session-binding"

export type { ChargeFacts }

export type CollectChargeFactsInput = {
  /** Facts announced by the provider when it created the charge. */
  charges?: ChargeCreatedEvent[]
  /** Sessions to read the charge from (session data written by the provider). */
  payment_session_ids?: string[]
}

type SessionRow = {
  id: string
  provider_id: string
  data: Record<string, unknown> | null
  payment_collection_id: string | null
  payment_collection?: { order?: { id: string } | null } | null
}

/**
 * Everything known about the charges of some payment sessions: the provider's announcement when
 * given, else the session's data; plus the session's provider, collection and order (local reads only).
 */
export const collectChargeFactsStep = createStep(
  "vorexy-collect-charge-facts",
  async (input: CollectChargeFactsInput, { container }) => {
    const announced = new Map((input.charges ?? []).map((c) => [c.payment_session_id, c]))
    const ids = [...new Set([...(input.payment_session_ids ?? []), ...announced.keys()])]
    if (!ids.length) return new StepResponse([] as ChargeFacts[])

    const vorexy = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data: sessions } = await query.graph({
      entity: "payment_session",
      fields: ["id", "provider_id", "data", "payment_collection_id", "payment_collection.order.id"],
      filters: { id: ids },
    })

    const facts: ChargeFacts[] = []
    for (const session of sessions as SessionRow[]) {
      if (!isVorexyProviderId(session.provider_id)) continue
      const link = {
        provider_id: session.provider_id,
        payment_collection_id: session.payment_collection_id ?? null,
        order_id: session.payment_collection?.order?.id ?? null,
      }
      const event = announced.get(session.id)
      const data = (session.data ?? {}) as Partial<VorexySessionData>
      if (event) {
        facts.push({ ...event, ...link })
      } else if (
        data.transaction_id &&
        data.amount_cents &&
        // Session data is shown to shoppers: record only a charge provably made for this session.
        sessionBound(vorexy, session.id, data.transaction_id, session.data)
      ) {
        const charge = { transaction_id: data.transaction_id, amount_cents: data.amount_cents }
        facts.push({ ...link, ...chargeFromSession(session.id, charge, data) })
      }
    }
    return new StepResponse(facts.map(withoutRolledBackOrder))
  }
)

/**
 * Cart completion creates the order before it authorizes the payment, and deletes it when the
 * payment is refused: a charge that failed at creation never paid for the order it briefly saw.
 */
function withoutRolledBackOrder(fact: ChargeFacts): ChargeFacts {
  return fact.status === "failed" ? { ...fact, order_id: null } : fact
}
