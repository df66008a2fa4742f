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
import {
  confirmRenewedLock,
  releaseRenewedLock,
  RenewedLock,
  RenewedLockTimes,
  takeRenewedLock,
} from "../utils/renewed-lock"
import { markBusy, VOREXY_LEASE_LOST } from "../utils/busy"
import { LEASE_RENEW_MS, LEASE_RETRY_MS, LEASE_S } from "../../rules/timing"

const LEASE: RenewedLockTimes = { holdS: LEASE_S, renewMs: LEASE_RENEW_MS, retryMs: LEASE_RETRY_MS }

export type ChargeLease = RenewedLock

const locking = (container: MedusaContainer) => container.resolve<ILockingModule>(Modules.LOCKING)

export class LeaseLostError extends Error {
  readonly code = VOREXY_LEASE_LOST

  constructor(key: string) {
    super(
      `Lost the lease on "${key}" (held past it, or the lock store failed): stopped before writing`
    )
    this.name = "LeaseLostError"
  }
}

/**
 * Takes the lease of a charge (`vorexy:charge:<transaction>`), waiting up to `wait_s` for a run
 * that holds it (0: not at all).
 */
export const takeChargeLeaseStep = createStep(
  "vorexy-take-charge-lease",
  async (input: { transaction_id: string; wait_s: number }, { container }) => {
    const taken: ChargeLease = {
      key: `vorexy:charge:${input.transaction_id}`,
      owner: `vorexy-sync:${randomUUID()}`,
    }
    // Held by another run (or the lock store is away) past the wait: not the charge's failure.
    await takeRenewedLock(locking(container), taken, LEASE, input.wait_s * 1000).catch((error) => {
      throw markBusy(error)
    })
    return new StepResponse(taken, taken)
  },
  async (taken, { container }) => {
    if (taken) await releaseRenewedLock(locking(container), taken)
  }
)

export const releaseChargeLeaseStep = createStep(
  "vorexy-release-charge-lease",
  async (taken: ChargeLease, { container }) => {
    await releaseRenewedLock(locking(container), taken)
    return new StepResponse(true)
  }
)

/**
 * Whether this run still holds its lease: its renewals never failed nor lapsed, and the lock store
 * confirms it (a paused process's timer may not have run since). Confirming renews it.
 */
export async function stillHeld(container: MedusaContainer, lease: ChargeLease | null | undefined) {
  if (!lease) return true
  return confirmRenewedLock(locking(container), lease)
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
