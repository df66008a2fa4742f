/**
 * The shopper coming back to their order page is the best sign that an old charge was paid: a
 * boleto paid this morning, a PIX paid a day late. The recent sweep watches charges under an hour
 * old every 100 s; older ones are swept at a pace set by volume (sweep-plan.ts), which at a
 * big store can take hours. So a page load (the status route without `wait`) of an awaiting charge
 * over an hour old, not read for 5 minutes, asks for one read in the background (a worker's
 * subscriber): the page's long-poll then hears "paid" if it was. The route itself never calls the
 * gateway. Bounds, whoever asks and how often: a charge is looked at once per 5 minutes at most,
 * only until it is due to close (or 3 days, when it has no expiry), and a process asks for at
 * most 60 looks a minute, so page loads of many charges cannot turn into a flood of reads.
 */
import { randomUUID } from "node:crypto"
import type {
  ILockingModule,
  IEventBusModuleService,
  MedusaContainer,
} from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../modules/vorexy"
import type VorexyModuleService from "../modules/vorexy/service"
import { closedHere, closesAt } from "../workflows/utils/watch-schedule"
import { WATCH } from "./sweep-plan"
import { LOOK_EVERY_MS } from "../rules/timing"

export const CHARGE_LOOK_EVENT = "vorexy.charge.look_requested"
export type ChargeLookEvent = { transaction_id: string; requested_at: string }

/** Looks one process may ask for in a minute. */
export const LOOKS_PER_MINUTE = 60

export type LookedCharge = {
  status: string
  gateway_status?: string | null
  created_at: Date | string
  last_synced_at: Date | string | null
  gateway_unknown_at?: Date | string | null
  sync_failures?: number
  next_sync_at?: Date | string | null
  method?: string | null
  expires_at: Date | string | null
}

const time = (at: Date | string | null | undefined) => (at ? new Date(at).getTime() : null)

/**
 * Whether a page load of this charge is worth a read now. `closes`: when it is due to close
 * (watch-schedule.ts), after which its own sync closes it (null: no expiry).
 */
export function lookDue(charge: LookedCharge, closes: Date | null, now = Date.now()): boolean {
  // One closed here while the gateway still offered it may still be paid into its open order
  // (the status route asks for those of an order it shows): looked at for 3 days from its making.
  const closed = closedHere(charge)
  if ((charge.status !== "pending" && !closed) || charge.gateway_unknown_at) return false
  // Under an hour old, the recent sweep reads the list every 100 s (RECENT_PASS_MS).
  const age = now - time(charge.created_at)!
  if (age < WATCH.recentMs) return false
  if (closes && !closed ? now > closes.getTime() : age > WATCH.openMs) return false
  const synced = time(charge.last_synced_at)
  if (synced !== null && now - synced < LOOK_EVERY_MS) return false
  // A charge whose syncs fail waits for its backoff, whatever the shopper does.
  const next = time(charge.next_sync_at)
  return !((charge.sync_failures ?? 0) > 0 && next !== null && next > now)
}

/** A process's looks: a bucket of LOOKS_PER_MINUTE, refilled over a minute. */
class LookBucket {
  private tokens = LOOKS_PER_MINUTE
  private at = Date.now()

  take(now = Date.now()): boolean {
    const elapsed = Math.max(0, now - this.at)
    this.tokens = Math.min(LOOKS_PER_MINUTE, this.tokens + (elapsed * LOOKS_PER_MINUTE) / 60_000)
    this.at = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}
const bucket = new LookBucket()

/**
 * Asks for a look at the charge when it is due and nobody asked in the last 5 minutes (a lock
 * that expires by itself, so every process agrees). Never throws, never rejects: a page load must
 * not fail because Redis or the event bus hiccuped.
 */
export async function requestLook(
  container: MedusaContainer,
  charge: LookedCharge & { transaction_id: string }
): Promise<boolean> {
  try {
    const { options } = container.resolve<VorexyModuleService>(VOREXY_MODULE)
    if (!lookDue(charge, closesAt(charge, options))) return false
    const locking = container.resolve<ILockingModule>(Modules.LOCKING)
    const key = `vorexy:look:${charge.transaction_id}`
    const ownerId = `look:${randomUUID()}`
    await locking.acquire(key, { ownerId, expire: LOOK_EVERY_MS / 1000 })
    // Taken after the lock, so page loads of one charge spend one look, not the process's bucket.
    if (!bucket.take()) {
      await locking.release(key, { ownerId })
      return false
    }
    const data: ChargeLookEvent = {
      transaction_id: charge.transaction_id,
      requested_at: new Date().toISOString(),
    }
    await container
      .resolve<IEventBusModuleService>(Modules.EVENT_BUS)
      .emit({ name: CHARGE_LOOK_EVENT, data })
    return true
  } catch {
    // Asked already (the lock is held), or the lock store or event bus failed: no look now.
    return false
  }
}
