/**
 * The shopper coming back to their order page is the best sign that an old charge was paid: a
 * boleto paid this morning, a PIX paid a day late. The recent sweep watches charges under an hour
 * old every 2 minutes; older ones are swept at a pace set by volume (sweep-plan.ts), which at a
 * big store can take hours. So a page load (the status route without `wait`) of an awaiting charge
 * over an hour old, not read for 5 minutes, asks for one read in the background (a worker's
 * subscriber): the page's long-poll then hears "paid" if it was. The route itself never calls the
 * gateway, and a charge is looked at once per 5 minutes at most, whoever asks and how often.
 */
import { randomUUID } from "node:crypto"
import type {
  ILockingModule,
  IEventBusModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { WATCH } from "./sweep-plan"

export const CHARGE_LOOK_EVENT = "vorexy.charge.look_requested"
export type ChargeLookEvent = { transaction_id: string; requested_at: string }

/** At most one look per charge this often, and none when it was read this recently. */
export const LOOK_EVERY_MS = 5 * 60_000

export type LookedCharge = {
  status: string
  created_at: Date | string
  last_synced_at: Date | string | null
  gateway_unknown_at?: Date | string | null
  sync_failures?: number
  next_sync_at?: Date | string | null
}

const time = (at: Date | string | null | undefined) => (at ? new Date(at).getTime() : null)

/** Whether a page load of this charge is worth a read now. */
export function lookDue(charge: LookedCharge, now = Date.now()): boolean {
  if (charge.status !== "pending" || charge.gateway_unknown_at) return false
  // Under an hour old, the recent sweep reads the list every 2 minutes.
  if (now - time(charge.created_at)! < WATCH.recentMs) return false
  const synced = time(charge.last_synced_at)
  if (synced !== null && now - synced < LOOK_EVERY_MS) return false
  // A charge whose syncs fail waits for its backoff, whatever the shopper does.
  const next = time(charge.next_sync_at)
  return !((charge.sync_failures ?? 0) > 0 && next !== null && next > now)
}

/**
 * Asks for a look at the charge when it is due and nobody asked in the last 5 minutes (a lock
 * that expires by itself, so every process agrees). Never throws: a page load must not fail
 * because Redis or the event bus hiccuped.
 */
export async function requestLook(
  container: MedusaContainer,
  charge: LookedCharge & { transaction_id: string }
): Promise<boolean> {
  if (!lookDue(charge)) return false
  try {
    await container
      .resolve<ILockingModule>(Modules.LOCKING)
      .acquire(`vorexy:look:${charge.transaction_id}`, {
        ownerId: `look:${randomUUID()}`,
        expire: LOOK_EVERY_MS / 1000,
      })
  } catch {
    return false
  }
  const data: ChargeLookEvent = {
    transaction_id: charge.transaction_id,
    requested_at: new Date().toISOString(),
  }
  return container
    .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
    .emit({ name: CHARGE_LOOK_EVENT, data })
    .then(
      () => true,
      () => false
    )
}
