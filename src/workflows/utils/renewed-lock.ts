/**
 * A lock held for a short time and renewed by a timer while its work runs, so a lock whose process
 * died (or whose run failed and could not give it back) frees its key within seconds. The charge's
 * lease and the order's cart lock are both this; they differ only in their times and in what they
 * do when it is lost.
 *
 * A renewal never takes back a lock that may have lapsed: past its hold since the last
 * confirmation (the process paused, its timer starved), another run may have taken the key, done
 * its work and let go, so the lock store's "free" proves nothing. The lock is then lost for good:
 * renewals stop, and `confirmRenewedLock` answers false.
 */
import type { ILockingModule } from "@medusajs/framework/types"

export type RenewedLock = { key: string; owner: string }

export type RenewedLockTimes = {
  /** How long the lock store keeps it unless renewed (seconds, as the locking module takes it). */
  holdS: number
  /** How often it is renewed. */
  renewMs: number
  /** The pause between two tries while another holds it. */
  retryMs: number
  /** Never renewed past this since taken: a run that lost its way must not hold it. */
  maxHoldMs?: number
}

/**
 * This process's locks: renewed by a timer until released, or lost. `confirmedAt`: when the last
 * take or renewal that succeeded was sent (a monotonic clock: wall-clock jumps do not count).
 */
type Held = {
  timer: NodeJS.Timeout
  lost: boolean
  renewing: Promise<unknown>
  confirmedAt: number
  holdS: number
}
const held = new Map<string, Held>()
/** One owner may hold several keys (a sync holds its charge's lease and its order's cart lock). */
const heldAs = (lock: RenewedLock) => JSON.stringify([lock.key, lock.owner])

/**
 * Takes the lock, trying again every `retryMs` for up to `waitMs` (0: once); past that, the lock
 * store's last refusal is thrown. Then renews it every `renewMs` until released.
 */
export async function takeRenewedLock(
  locking: ILockingModule,
  lock: RenewedLock,
  times: RenewedLockTimes,
  waitMs: number
) {
  const until = Date.now() + waitMs
  let sent: number
  for (;;) {
    sent = performance.now()
    try {
      await locking.acquire(lock.key, { ownerId: lock.owner, expire: times.holdS })
      break
    } catch (error) {
      if (Date.now() >= until) throw error
      await new Promise((resolve) => setTimeout(resolve, times.retryMs))
    }
  }
  const renewUntil = sent + (times.maxHoldMs ?? Infinity)
  const state: Held = {
    lost: false,
    confirmedAt: sent,
    holdS: times.holdS,
    renewing: Promise.resolve(),
    timer: setInterval(() => {
      if (performance.now() > renewUntil) return clearInterval(state.timer)
      state.renewing = renew(locking, lock, state)
    }, times.renewMs),
  }
  state.timer.unref()
  held.set(heldAs(lock), state)
}

/** Renews it, unless it may have lapsed; a failed or late renewal loses it. */
async function renew(locking: ILockingModule, lock: RenewedLock, state: Held) {
  const holdMs = state.holdS * 1000
  const sent = performance.now()
  if (!state.lost && sent - state.confirmedAt < holdMs) {
    const renewed = await locking
      .acquire(lock.key, { ownerId: lock.owner, expire: state.holdS })
      .then(
        () => true,
        () => false
      )
    // An answer that took long (a reconnecting client queues commands) may come after the lock
    // lapsed: the store then gave a free lock, not this one.
    if (renewed && !state.lost && performance.now() - state.confirmedAt < holdMs) {
      state.confirmedAt = Math.max(state.confirmedAt, sent)
      return true
    }
  }
  state.lost = true
  clearInterval(state.timer)
  return false
}

/**
 * Whether this process still holds the lock: taken here, never lost nor lapsed, and the lock store
 * confirms it now (a paused process's timer may not have run since). Confirming renews it.
 */
export async function confirmRenewedLock(locking: ILockingModule, lock: RenewedLock) {
  const state = held.get(heldAs(lock))
  if (!state) return false
  return renew(locking, lock, state)
}

/** Stops renewing (a renewal in flight lands first: it must not outlive the release), then lets go. */
export async function releaseRenewedLock(locking: ILockingModule, lock: RenewedLock) {
  const state = held.get(heldAs(lock))
  held.delete(heldAs(lock))
  if (state) {
    clearInterval(state.timer)
    await state.renewing
  }
  await locking.release(lock.key, { ownerId: lock.owner }).catch(() => undefined)
}
