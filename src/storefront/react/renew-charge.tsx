"use client"
/**
 * "Gerar novo PIX" / "Gerar 2ª via do boleto": offered under a lapsed PIX or boleto while the
 * store allows a new one for the same order (`renewable_until`, `renewals_left`). The button is
 * busy while the store makes it; a refusal is shown in words, in a live region.
 */
import { useState } from "react"
import { formatDateTime, storeTime } from "../format.js"
import { shopperMessage } from "../shopper-message.js"
import type { VorexyTexts } from "../texts.js"
import type { VorexyLocale, VorexyPaymentStatus } from "../types.js"

export type RenewChargeProps = {
  status: VorexyPaymentStatus
  locale: VorexyLocale
  texts: VorexyTexts
  /** The page's clock (ms), null before it is read: nothing is offered until then. */
  now: number | null
  /** Makes the new charge (the payment view follows it once this resolves); absent: not offered. */
  onRenew?: () => Promise<unknown>
}

/**
 * Whether the page may offer a new charge now: only once the store says this one can no longer be
 * paid (a code paid in its last moments is not replaced), on the store's clock.
 */
export function renewalOffered(status: VorexyPaymentStatus, now: number | null) {
  const until = status.renewable_until ? Date.parse(status.renewable_until) : NaN
  return (
    now !== null &&
    !status.payable &&
    Number.isFinite(until) &&
    until > storeTime(status, now) &&
    (status.renewals_left ?? 0) > 0
  )
}

export function RenewCharge({ status, locale, texts, now, onRenew }: RenewChargeProps) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  if (!onRenew || !renewalOffered(status, now)) return null
  const words = status.method === "boleto" ? texts.boleto : texts.pix
  const renew = async () => {
    setBusy(true)
    setFailure(null)
    try {
      await onRenew()
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      setFailure(texts.renewFailed(shopperMessage(reason, locale).slice(0, 300)))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="vorexy-renew">
      <p className="vorexy-note">
        {words.renewable(formatDateTime(status.renewable_until!, locale))}
      </p>
      <button
        type="button"
        className="vorexy-button vorexy-renew__button"
        onClick={renew}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? texts.renewing : words.renew}
      </button>
      <p className="vorexy-renew__error" role="alert">
        {failure ?? ""}
      </p>
    </div>
  )
}
