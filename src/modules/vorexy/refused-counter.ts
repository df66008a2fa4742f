/**
 * Webhook deliveries refused for a bad token, counted in memory and written at most every 10 s per
 * process (one row per hour, health.ts): a flood of junk never becomes a database write per
 * request, and the 401 never waits for one. The health card adds this process's unwritten count.
 */
import { refusedMarkKey } from "./health"
import type VorexyModuleService from "./service"

const FLUSH_EVERY_MS = 10_000

let pending = 0
/** Being written now: still counted here until the write is done. */
let writing = 0
let lastFlush = 0
let flushing = false

export function countRefusedDelivery(service: VorexyModuleService) {
  pending++
  if (flushing || Date.now() - lastFlush < FLUSH_EVERY_MS) return
  flushing = true
  lastFlush = Date.now()
  const count = pending
  pending = 0
  writing = count
  service
    .markHealth(refusedMarkKey(), null, count)
    .catch(() => {
      pending += count
    })
    .finally(() => {
      writing = 0
      flushing = false
    })
}

/** Refusals counted by this process and not written yet. */
export const unwrittenRefusals = () => pending + writing
