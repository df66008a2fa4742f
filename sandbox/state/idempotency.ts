/**
 * Idempotency-Key handling. Node runs the sandbox single-threaded; the only concurrency hazard is
 * work that awaits in the middle, which is handled by storing the in-flight promise per key.
 */
import { createHash } from "node:crypto"
import { ApiError } from "./types"

export type StoredResponse = { status: number; body: unknown }

/** A key whose request succeeded, as the state file keeps it. */
export type IdempotencyEntry = { slot: string; hash: string; response: StoredResponse }

type Slot = { hash: string; response: Promise<StoredResponse>; settled?: StoredResponse }

/** Canonical JSON (sorted keys) hash: "same body" means same content, whatever the key order. */
export function bodyHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])])
          )
        : v
  return createHash("sha256")
    .update(JSON.stringify(canonical(body)))
    .digest("hex")
}

export class IdempotencyStore {
  private slots = new Map<string, Slot>()

  /** @param conflictStatus read on each conflict, so a variant change applies at once. */
  constructor(private readonly conflictStatus: () => number) {}

  clear() {
    this.slots.clear()
  }

  /** The keys whose request has succeeded (one still in flight is saved once it has answered). */
  entries(): IdempotencyEntry[] {
    return [...this.slots].flatMap(([slot, { hash, settled }]) =>
      settled ? [{ slot, hash, response: settled }] : []
    )
  }

  restore(entries: IdempotencyEntry[]) {
    this.slots.clear()
    for (const { slot, hash, response } of entries) {
      this.slots.set(slot, { hash, response: Promise.resolve(response), settled: response })
    }
  }

  /**
   * Runs `work` once per (company, operation, key). The same key with the same body gets the
   * original response (even while the first request is still in flight); another body is refused.
   */
  run(
    companyId: number,
    operation: string,
    key: string | undefined,
    body: unknown,
    work: () => Promise<StoredResponse>
  ): Promise<StoredResponse> {
    if (!key) return work()
    const slot = `${companyId}:${operation}:${key}`
    const hash = bodyHash(body)
    const existing = this.slots.get(slot)
    if (existing) {
      if (existing.hash !== hash) {
        throw new ApiError(
          this.conflictStatus(),
          `Idempotency-Key "${key}" was already used with a different request body`
        )
      }
      return existing.response
    }
    const response = work()
    const entry: Slot = { hash, response }
    this.slots.set(slot, entry)
    // A request that failed (validation, fault) did not happen: the key may be used again.
    response.then(
      (r) => (r.status >= 400 ? this.slots.delete(slot) : (entry.settled = r)),
      () => this.slots.delete(slot)
    )
    return response
  }
}
