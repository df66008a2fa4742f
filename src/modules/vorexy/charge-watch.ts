import { EventEmitter } from "node:events"

/**
 * In-process notice that a charge changed, so a long-polling status request can answer at once
 * instead of waiting for its next database poll. Other instances are covered by that poll.
 */
const emitter = new EventEmitter()
emitter.setMaxListeners(0)

export function notifyChargeChanged(chargeId: string) {
  emitter.emit(chargeId)
}

/** Resolves true when the charge changes, false after `timeoutMs`. */
export function waitForChargeChange(
  chargeId: string,
  timeoutMs: number,
  signal?: AbortSignal
): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (changed: boolean) => {
      clearTimeout(timer)
      emitter.off(chargeId, onChange)
      signal?.removeEventListener("abort", onAbort)
      resolve(changed)
    }
    const onChange = () => done(true)
    const onAbort = () => done(false)
    const timer = setTimeout(() => done(false), timeoutMs)
    emitter.on(chargeId, onChange)
    signal?.addEventListener("abort", onAbort)
  })
}
