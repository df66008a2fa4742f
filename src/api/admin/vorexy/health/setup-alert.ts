import type VorexyModuleService from "../../../../modules/vorexy/service"
import {
  gatewayKnowsNoCharges,
  SETUP_ALERT_MIN_UNKNOWN,
  SETUP_ALERT_WINDOW_MS,
} from "../../../../rules/unknown-charge"

export type SetupAlert = {
  reason: "gateway_knows_no_charges"
  /** Charges marked unknown at the gateway in the window. */
  unknown_charges: number
  /** The first 404 among them. */
  since: Date | string | null
}

/**
 * One alert instead of a flag per order when the gateway knows none of the store's recent charges
 * (a wrong base URL, switched credentials): the rule is gatewayKnowsNoCharges (unknown-charge.ts).
 * Null when some charge was created or read successfully since the first of their 404s.
 */
export async function setupAlert(vorexy: VorexyModuleService): Promise<SetupAlert | null> {
  const [unknown, count] = await vorexy.listAndCountVorexyCharges(
    { gateway_unknown_at: { $gte: new Date(Date.now() - SETUP_ALERT_WINDOW_MS) } },
    { order: { not_found_since: "ASC" }, take: 1, select: ["id", "not_found_since"] }
  )
  const since = unknown[0]?.not_found_since ?? null
  // Too few to tell (the second query is only made when it may matter).
  if (!since || count < SETUP_ALERT_MIN_UNKNOWN) return null
  // Known to the gateway since: read successfully, or created there (its create answered).
  const known = await vorexy.listVorexyCharges(
    {
      $or: [{ last_synced_at: { $gt: since } }, { created_at: { $gt: since } }],
      not_found_reads: 0,
      gateway_unknown_at: null,
    },
    { take: 1, select: ["id"] }
  )
  if (!gatewayKnowsNoCharges(count, known.length)) return null
  return { reason: "gateway_knows_no_charges", unknown_charges: count, since }
}
