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

/** This process's leases: renewed by a timer until released, or marked lost. */
type Held = { timer: NodeJS.Timeout; lost: boolean; renewing: Promise<unknown> }
const held = new Map<string, Held>()

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
    for (;;) {
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
      renewing: Promise.resolve(),
      timer: setInterval(() => {
        lease.renewing = locking(container)
          .acquire(input.key, { ownerId: owner, expire: LEASE_S })
          .catch(() => {
            lease.lost = true
            clearInterval(lease.timer)
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
 * Whether this run still holds its lease: its renewals never failed, and the lock store confirms
 * it (a paused process's timer may not have run since). Confirming renews it.
 */
export async function stillHeld(container: MedusaContainer, lease: ChargeLease | null | undefined) {
  if (!lease) return true
  const mine = held.get(lease.owner)
  if (!mine || mine.lost) return false
  return locking(container)
    .acquire(lease.key, { ownerId: lease.owner, expire: LEASE_S })
    .then(
      () => true,
      () => false
    )
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
  async (lease: ChargeLease, { container }) => {
    await assertLease(container, lease)
    return new StepResponse(true)
  }
)
