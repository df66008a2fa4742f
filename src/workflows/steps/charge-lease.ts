/**
 * A charge's sync runs under its lease (`vorexy:charge:<transaction>`): short and renewed while
 * the sync runs, so a lease whose process died (or whose run failed on a database or Redis error
 * and could not give it back) frees the charge within seconds, not minutes. A sync that lost its
 * lease (its process paused past it, cut off from Redis) stops before its next write, and its
 * rollback writes nothing either: another run may own the charge by then.
 */
import { randomUUID } from "node:crypto"
import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

/** How long a lease lasts unless renewed, and how often it is renewed. */
export const LEASE_S = 15
const RENEW_MS = 5_000

export type ChargeLease = { key: string; owner: string }

/**
 * This process's leases: renewed by a timer until released, or marked lost. `confirmedAt`: when
 * the last take or renewal that succeeded was sent (a monotonic clock: wall-clock jumps do not
 * count).
 */
type Held = {
  timer: NodeJS.Timeout
  lost: boolean
  renewing: Promise<unknown>
  confirmedAt: number
}
const held = new Map<string, Held>()

/**
 * Renews a held lease, unless it may have lapsed: past its life since the last confirmation (the
 * process paused, its timer starved), another run may have taken the charge, done its work and
 * let go, so the lock store's "free" proves nothing. The lease is then lost, never retaken.
 */
async function renew(container: MedusaContainer, key: string, owner: string, lease: Held) {
  const sent = performance.now()
  if (lease.lost || sent - lease.confirmedAt >= LEASE_S * 1000) {
    lease.lost = true
    return false
  }
  try {
    await locking(container).acquire(key, { ownerId: owner, expire: LEASE_S })
  } catch {
    lease.lost = true
    return false
  }
  // An answer that took long (a reconnecting client queues commands) may come after the lease
  // lapsed: the store then gave a free lock, not this one. Lost, as above.
  if (lease.lost || performance.now() - lease.confirmedAt >= LEASE_S * 1000) {
    lease.lost = true
    return false
  }
  lease.confirmedAt = Math.max(lease.confirmedAt, sent)
  return true
}

const locking = (container: MedusaContainer) => container.resolve<ILockingModule>(Modules.LOCKING)

/** Stops renewing; a renewal already in flight lands first (it must not outlive the release). */
async function stopRenewing(owner: string) {
  const lease = held.get(owner)
  held.delete(owner)
  if (!lease) return
  clearInterval(lease.timer)
  await lease.renewing
}

export class LeaseLostError extends Error {
  constructor(key: string) {
    super(
      `Lost the lease on "${key}" (held past it, or the lock store failed): stopped before writing`
    )
    this.name = "LeaseLostError"
  }
}

/** Takes the lease, waiting up to `wait_s` for a run that holds it (0: not at all). */
export const takeChargeLeaseStep = createStep(
  "vorexy-take-charge-lease",
  async (input: { key: string; wait_s: number }, { container }) => {
    const owner = `vorexy-sync:${randomUUID()}`
    const until = Date.now() + input.wait_s * 1000
    let sent: number
    for (;;) {
      sent = performance.now()
      try {
        await locking(container).acquire(input.key, { ownerId: owner, expire: LEASE_S })
        break
      } catch (error) {
        if (Date.now() >= until) throw error
        await new Promise((resolve) => setTimeout(resolve, 300))
      }
    }
    const lease: Held = {
      lost: false,
      confirmedAt: sent,
      renewing: Promise.resolve(),
      timer: setInterval(() => {
        lease.renewing = renew(container, input.key, owner, lease).then((ok) => {
          if (!ok) clearInterval(lease.timer)
        })
      }, RENEW_MS),
    }
    lease.timer.unref()
    held.set(owner, lease)
    const taken: ChargeLease = { key: input.key, owner }
    return new StepResponse(taken, taken)
  },
  async (taken, { container }) => {
    if (!taken) return
    await stopRenewing(taken.owner)
    await locking(container)
      .release(taken.key, { ownerId: taken.owner })
      .catch(() => undefined)
  }
)

export const releaseChargeLeaseStep = createStep(
  "vorexy-release-charge-lease",
  async (taken: ChargeLease, { container }) => {
    await stopRenewing(taken.owner)
    await locking(container)
      .release(taken.key, { ownerId: taken.owner })
      .catch(() => undefined)
    return new StepResponse(true)
  }
)

/**
 * Whether this run still holds its lease: its renewals never failed nor lapsed, and the lock store
 * confirms it (a paused process's timer may not have run since). Confirming renews it.
 */
export async function stillHeld(container: MedusaContainer, lease: ChargeLease | null | undefined) {
  if (!lease) return true
  const mine = held.get(lease.owner)
  if (!mine) return false
  return renew(container, lease.key, lease.owner, mine)
}

/** Throws unless the lease is still held: the next write would race another run. */
export async function assertLease(
  container: MedusaContainer,
  lease: ChargeLease | null | undefined
) {
  if (!(await stillHeld(container, lease))) throw new LeaseLostError(lease!.key)
}

/** A step that stops the workflow here unless the lease is still held. */
export const assertLeaseStep = createStep(
  "vorexy-assert-charge-lease",
  async (lease: ChargeLease | null, { container }) => {
    await assertLease(container, lease)
    return new StepResponse(true)
  }
)
