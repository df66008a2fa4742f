/**
 * The admin's "Sync all unknown": the charges marked unknown at the gateway (unknown-charge.ts),
 * each synced as its own "Sync now" would, a bounded batch per call, in a stable order (by id)
 * from the caller's cursor, so a charge still unknown is not taken again and every call ends.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { runChargeSync } from "../workflows/charge-sync/workflow"

/** Charges one call syncs at most: each is a gateway read, and the admin waits for the answer. */
export const SYNC_UNKNOWN_BATCH = 10

export type SyncUnknownProgress = {
  /** Charges synced by this call. */
  synced: number
  /** Of those, the ones the gateway knows again (no longer marked). */
  cleared: number
  /** Marked charges after this call's last one: the next call's work. */
  remaining: number
  /** The cursor of the next call (null: none left). */
  next: string | null
}

export async function syncUnknownCharges(
  container: MedusaContainer,
  after: string | null,
  limit = SYNC_UNKNOWN_BATCH
): Promise<SyncUnknownProgress> {
  const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
  const marked = (from: string | null) => ({
    gateway_unknown_at: { $ne: null },
    ...(from ? { id: { $gt: from } } : {}),
  })
  const batch = await service.listVorexyCharges(marked(after), {
    select: ["id", "transaction_id"],
    order: { id: "ASC" },
    take: Math.min(Math.max(1, limit), SYNC_UNKNOWN_BATCH),
  })
  let cleared = 0
  for (const charge of batch) {
    // A 404 (still unknown) or the gateway failing is that charge's answer: the next one is
    // synced. Never waits on a charge another run is syncing (that run reads it).
    const known = await runChargeSync(container, {
      by: "admin_unknown",
      transaction_id: charge.transaction_id,
    }).then(
      () => true,
      () => false
    )
    if (known) cleared++
  }
  const last = batch.at(-1)?.id ?? after
  const [, remaining] = await service.listAndCountVorexyCharges(marked(last), {
    select: ["id"],
    take: 1,
  })
  return { synced: batch.length, cleared, remaining, next: remaining ? last : null }
}
