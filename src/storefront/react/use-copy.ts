"use client"
/**
 * Copy to the clipboard, with a fallback for when the Clipboard API is missing (an http page, an
 * old browser) or refused (permissions): the text is selected in its field for Ctrl+C / ⌘C.
 */
import { useCallback, useEffect, useState } from "react"

export type CopyOutcome = "idle" | "copied" | "manual"

type Selectable = { focus(): void; select(): void }

export function useCopy(resetAfterMs = 3000) {
  const [outcome, setOutcome] = useState<CopyOutcome>("idle")

  const copy = useCallback(async (text: string, field: Selectable | null) => {
    try {
      const clipboard = typeof navigator === "undefined" ? undefined : navigator.clipboard
      if (!clipboard?.writeText) throw new Error("Clipboard API unavailable")
      await clipboard.writeText(text)
      setOutcome("copied")
    } catch {
      field?.focus()
      field?.select()
      setOutcome("manual")
    }
  }, [])

  // "Copied!" is a passing confirmation; the manual hint stays until the next attempt.
  useEffect(() => {
    if (outcome !== "copied") return
    const id = setTimeout(() => setOutcome("idle"), resetAfterMs)
    return () => clearTimeout(id)
  }, [outcome, resetAfterMs])

  return { outcome, copy }
}
