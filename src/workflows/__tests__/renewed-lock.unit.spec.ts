import type { ILockingModule } from "@medusajs/framework/types"
import {
  confirmRenewedLock,
  releaseRenewedLock,
  RenewedLockTimes,
  takeRenewedLock,
} from "../utils/renewed-lock"

/**
 * A lock store as Medusa's locking module behaves (one owner per key until its expiry), on a clock
 * the test moves: `clock` is performance.now(), the timers are jest's.
 */
let clock = 0
type Entry = { owner: string; until: number }
function lockStore() {
  const keys = new Map<string, Entry>()
  const calls: string[] = []
  /** While set, each acquire waits for it (a slow or reconnecting lock store). */
  let gate: Promise<void> | null = null
  let refuse = false
  const store = {
    keys,
    calls,
    hold: () => {
      let open!: () => void
      gate = new Promise((resolve) => (open = resolve))
      return () => {
        gate = null
        open()
      }
    },
    refuseAll: (value: boolean) => (refuse = value),
    locking: {
      acquire: async (key: string, { ownerId, expire }: { ownerId: string; expire: number }) => {
        calls.push(`acquire ${ownerId}`)
        if (gate) await gate
        const entry = keys.get(key)
        if (refuse || (entry && entry.until > clock && entry.owner !== ownerId))
          throw new Error(`Failed to acquire lock for key "${key}"`)
        keys.set(key, { owner: ownerId, until: clock + expire * 1000 })
      },
      release: async (key: string, { ownerId }: { ownerId: string }) => {
        calls.push(`release ${ownerId}`)
        if (keys.get(key)?.owner === ownerId) keys.delete(key)
        return true
      },
    } as unknown as ILockingModule,
  }
  return store
}

const TIMES: RenewedLockTimes = { holdS: 15, renewMs: 5_000, retryMs: 300 }

/** Time passes and the timers run, as in a live process. */
async function pass(ms: number) {
  for (let step = 0; step < ms; step += 100) {
    clock += 100
    await jest.advanceTimersByTimeAsync(100)
  }
}

beforeEach(() => {
  clock = 0
  jest.useFakeTimers({ doNotFake: ["performance"] })
  jest.spyOn(performance, "now").mockImplementation(() => clock)
})
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

it("keeps the lock while its work runs, past its hold, and lets it go when released", async () => {
  const store = lockStore()
  const lock = { key: "vorexy:charge:tx_1", owner: "a" }
  await takeRenewedLock(store.locking, lock, TIMES, 0)
  await pass(40_000)
  expect(store.keys.get(lock.key)).toEqual({ owner: "a", until: expect.any(Number) })
  expect(store.keys.get(lock.key)!.until).toBeGreaterThan(clock)
  await expect(takeRenewedLock(store.locking, { ...lock, owner: "b" }, TIMES, 0)).rejects.toThrow(
    'Failed to acquire lock for key "vorexy:charge:tx_1"'
  )
  expect(await confirmRenewedLock(store.locking, lock)).toBe(true)
  await releaseRenewedLock(store.locking, lock)
  expect(store.keys.has(lock.key)).toBe(false)
  // Released: no longer this process's, and no timer renews it again.
  expect(await confirmRenewedLock(store.locking, lock)).toBe(false)
  const calls = store.calls.length
  await pass(20_000)
  expect(store.calls.length).toBe(calls)
})

it("waits for a holder up to the time it is given, trying again meanwhile", async () => {
  const store = lockStore()
  const key = "vorexy:charge:tx_2"
  // A run whose process died holds it for 2 s more.
  store.keys.set(key, { owner: "dead", until: clock + 2_000 })
  await expect(takeRenewedLock(store.locking, { key, owner: "b" }, TIMES, 0)).rejects.toThrow()
  const waiting = takeRenewedLock(store.locking, { key, owner: "b" }, TIMES, 5_000)
  await pass(3_000)
  await waiting
  expect(store.keys.get(key)?.owner).toBe("b")
  expect(store.calls.filter((call) => call === "acquire b").length).toBeGreaterThan(2)
  await releaseRenewedLock(store.locking, { key, owner: "b" })
})

it("renews each key an owner holds on its own", async () => {
  const store = lockStore()
  const lease = { key: "vorexy:charge:tx_6", owner: "a" }
  const cart = { key: "cart_6", owner: "a" }
  await takeRenewedLock(store.locking, lease, TIMES, 0)
  await takeRenewedLock(store.locking, cart, { ...TIMES, holdS: 5, renewMs: 1_500 }, 0)
  await releaseRenewedLock(store.locking, cart)
  await pass(20_000)
  expect(store.keys.has(cart.key)).toBe(false)
  expect(await confirmRenewedLock(store.locking, lease)).toBe(true)
  await releaseRenewedLock(store.locking, lease)
})

it("is lost, never retaken, once it may have lapsed while the process was paused", async () => {
  const store = lockStore()
  const lock = { key: "vorexy:charge:tx_3", owner: "a" }
  await takeRenewedLock(store.locking, lock, TIMES, 0)
  // Paused: the hold passes and no timer runs. The key is free in the store by now, and another
  // run may have taken it, done its work and let go.
  clock += 15_000
  expect(store.keys.get(lock.key)!.until).toBeLessThanOrEqual(clock)
  expect(await confirmRenewedLock(store.locking, lock)).toBe(false)
  expect(store.calls).toEqual(["acquire a"])
  // And never renewed again.
  await pass(10_000)
  expect(store.calls).toEqual(["acquire a"])
  expect(await confirmRenewedLock(store.locking, lock)).toBe(false)
})

it("is lost when a renewal is answered only after the hold ran out", async () => {
  const store = lockStore()
  const lock = { key: "vorexy:charge:tx_4", owner: "a" }
  await takeRenewedLock(store.locking, lock, TIMES, 0)
  const open = store.hold()
  await pass(16_000) // the renewal sent at 5 s is answered at 16 s
  open()
  await jest.advanceTimersByTimeAsync(0)
  expect(await confirmRenewedLock(store.locking, lock)).toBe(false)
})

it("is lost when the lock store refuses a renewal", async () => {
  const store = lockStore()
  const lock = { key: "vorexy:charge:tx_5", owner: "a" }
  await takeRenewedLock(store.locking, lock, TIMES, 0)
  store.refuseAll(true)
  await pass(5_000)
  store.refuseAll(false)
  expect(await confirmRenewedLock(store.locking, lock)).toBe(false)
})

it("releases only after a renewal in flight has landed", async () => {
  const store = lockStore()
  const lock = { key: "vorexy:cart:cart_1", owner: "a" }
  await takeRenewedLock(store.locking, lock, TIMES, 0)
  const open = store.hold()
  await pass(5_000) // a renewal is now waiting for the store
  let released = false
  const releasing = releaseRenewedLock(store.locking, lock).then(() => (released = true))
  await jest.advanceTimersByTimeAsync(0)
  expect(released).toBe(false)
  open()
  await releasing
  // The renewal landed first, so the release is the last word: the key is free.
  expect(store.calls).toEqual(["acquire a", "acquire a", "release a"])
  expect(store.keys.has(lock.key)).toBe(false)
})

it("stops renewing past its longest hold", async () => {
  const store = lockStore()
  const lock = { key: "cart_2", owner: "a" }
  const times = { holdS: 5, renewMs: 1_500, retryMs: 200, maxHoldMs: 60_000 }
  await takeRenewedLock(store.locking, lock, times, 0)
  await pass(55_000)
  expect(store.keys.get(lock.key)!.until).toBeGreaterThan(clock)
  await pass(10_000)
  // Nothing renewed it past the minute: the store let it go at its hold, and another takes it.
  expect(store.keys.get(lock.key)!.until).toBeLessThanOrEqual(clock)
  await takeRenewedLock(store.locking, { key: lock.key, owner: "b" }, times, 0)
  expect(store.keys.get(lock.key)?.owner).toBe("b")
  await releaseRenewedLock(store.locking, { key: lock.key, owner: "b" })
  await releaseRenewedLock(store.locking, lock)
})
