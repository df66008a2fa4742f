"use client"
/**
 * Whether the page is on a touch screen (`pointer: coarse`): a phone or tablet, whose shopper
 * cannot scan the QR code on their own screen. False on the server and while hydrating (the
 * stylesheet already reorders the first paint); the browser's answer then, and on any change.
 */
import { useSyncExternalStore } from "react"

const QUERY = "(pointer: coarse)"

const media = () =>
  typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(QUERY)
    : null

function subscribe(change: () => void) {
  const query = media()
  query?.addEventListener?.("change", change)
  return () => query?.removeEventListener?.("change", change)
}

export function useTouchScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false
  )
}
