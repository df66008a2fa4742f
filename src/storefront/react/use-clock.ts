"use client"
/** A clock that ticks each second, read only in the browser so a server render stays stable. */
import { useCallback, useSyncExternalStore } from "react"

/**
 * A function: the clock to read (default Date.now; previews and tests pass their own). A number:
 * the time the page was rendered at, shown on the server and while hydrating, so the server's
 * text is a real countdown; the browser's clock takes over once hydrated.
 */
export type VorexyClock = number | (() => number)

const everySecond = (tick: () => void) => {
  const id = setInterval(tick, 1000)
  return () => clearInterval(id)
}

/** Milliseconds, whole seconds only (so React sees one change per second); null on the server. */
export function useClock(now?: VorexyClock): number | null {
  const read = typeof now === "function" ? now : Date.now
  const snapshot = useCallback(() => Math.floor(read() / 1000) * 1000, [read])
  const serverSnapshot = () => (typeof now === "number" ? now : null)
  return useSyncExternalStore(everySecond, snapshot, serverSnapshot)
}
