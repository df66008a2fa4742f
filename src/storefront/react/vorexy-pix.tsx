"use client"
/** A PIX charge: QR code, copy-and-paste code, amount and countdown; then paid or expired. */
import { useId } from "react"
import { formatMoney, safeImage, secondsLeft, storeTime, viewOnlyLink } from "../format.js"
import { closedText, textsFor, unconfirmedText } from "../texts.js"
import type { VorexyLocale, VorexyPaymentStatus } from "../types.js"
import { viewState } from "../view-state.js"
import { CopyField } from "./copy-field.js"
import { PaymentHeading } from "./payment-heading.js"
import { RenewCharge, renewalOffered } from "./renew-charge.js"
import { VorexyCountdown } from "./countdown.js"
import { useClock, type VorexyClock } from "./use-clock.js"
import { useTouchScreen } from "./use-touch-screen.js"

export type VorexyPixProps = {
  status: VorexyPaymentStatus
  locale?: VorexyLocale
  now?: VorexyClock
  /**
   * The order page's address (http or https), sent with the code by "Compartilhar no WhatsApp":
   * whoever gets it can follow the order there. The order's token is taken out of it first (a
   * shared link only reads). Without it, only the code is shared.
   */
  shareUrl?: string
  /**
   * Asks the store for a new PIX for the same order ("Gerar novo PIX"), offered once this one
   * lapsed while the store allows it (`VorexyPayment` passes it for an order).
   */
  onRenew?: () => Promise<unknown>
}

/** A WhatsApp link that opens a chat with `text` typed in (wa.me: no SDK, no script). */
const whatsAppLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`

export function VorexyPix({ status, locale = "pt-BR", now, shareUrl, onRenew }: VorexyPixProps) {
  const t = textsFor(locale)
  const titleId = useId()
  const clock = useClock(now)
  // On the store's clock: a device whose clock is off never ends the code early, nor late.
  const storeNow = clock === null ? null : storeTime(status, clock)
  const seconds =
    status.expires_at && storeNow !== null ? secondsLeft(status.expires_at, storeNow) : null
  // The countdown may reach zero before the server says so: the code is not offered past it.
  const state = viewState(status, storeNow)
  const amount = formatMoney(status.amount_cents, status.currency_code, locale)
  const payable = state === "pending" && Boolean(status.qr_code)
  const touch = useTouchScreen()
  const image = safeImage(status.qr_code_image)
  const qrImage = image ? (
    <img
      className="vorexy-pix__qr"
      src={image}
      alt={t.pix.qrAlt(amount)}
      width={240}
      height={240}
    />
  ) : null
  const codeToCopy = (
    <>
      <CopyField
        value={status.qr_code ?? ""}
        label={t.pix.code}
        copyLabel={t.pix.copy}
        fieldClassName="vorexy-pix__code"
        multiline
        locale={locale}
      />
      <a
        className="vorexy-button vorexy-pix__share"
        href={whatsAppLink(
          t.pix.shareMessage(amount, status.qr_code ?? "", viewOnlyLink(shareUrl) ?? undefined)
        )}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t.pix.share} <span className="vorexy-sr-only">{t.newWindow}</span>
      </a>
    </>
  )

  return (
    <section className="vorexy-pix" data-state={state} aria-labelledby={titleId}>
      <PaymentHeading
        titleId={titleId}
        title={t.pix.title}
        stateText={t.states[state]}
        amount={{ label: t.amount, value: amount }}
      />
      {payable ? (
        <>
          {status.expires_at ? <VorexyCountdown seconds={seconds} label={t.pix.expiresIn} /> : null}
          {/* On a touch screen the code to copy comes first, for screen readers too. */}
          {touch ? null : qrImage}
          {codeToCopy}
          {touch ? qrImage : null}
          <h3 className="vorexy-subtitle">{t.pix.howTo}</h3>
          <ol className="vorexy-steps">
            {t.pix.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </>
      ) : state === "expired" && onRenew && renewalOffered(status, clock) ? (
        <RenewCharge status={status} locale={locale} texts={t} now={clock} onRenew={onRenew} />
      ) : (
        <p className="vorexy-note">
          {state === "paid"
            ? t.pix.paid
            : state === "unconfirmed"
              ? unconfirmedText(status, t)
              : state === "closing"
                ? t.pix.closing
                : closedText(status, t, t.pix.expired)}
        </p>
      )}
    </section>
  )
}
