"use client"
/** A boleto: the digitable line to copy, the PDF, the due date; then paid or no longer payable. */
import { useId } from "react"
import { formatDay, formatMoney, safeLink } from "../format.js"
import { closedText, textsFor, unconfirmedText } from "../texts.js"
import type { VorexyLocale, VorexyPaymentStatus } from "../types.js"
import { viewState } from "../view-state.js"
import { CopyField } from "./copy-field.js"
import { PaymentHeading } from "./payment-heading.js"
import { RenewCharge, renewalOffered } from "./renew-charge.js"
import { useClock, type VorexyClock } from "./use-clock.js"

export type VorexyBoletoProps = {
  status: VorexyPaymentStatus
  locale?: VorexyLocale
  /**
   * Asks the store for a new boleto for the same order, with a new due date ("2ª via"), offered
   * once this one lapsed while the store allows it (`VorexyPayment` passes it for an order).
   */
  onRenew?: () => Promise<unknown>
  now?: VorexyClock
}

export function VorexyBoleto({ status, locale = "pt-BR", onRenew, now }: VorexyBoletoProps) {
  const t = textsFor(locale)
  const titleId = useId()
  const state = viewState(status)
  const clock = useClock(now)
  const due = status.due_at ?? status.expires_at

  return (
    <section className="vorexy-boleto" data-state={state} aria-labelledby={titleId}>
      <PaymentHeading
        titleId={titleId}
        title={t.boleto.title}
        stateText={t.states[state]}
        amount={{
          label: t.amount,
          value: formatMoney(status.amount_cents, status.currency_code, locale),
        }}
      />
      {state === "pending" ? (
        <>
          {due ? (
            <p className="vorexy-boleto__due">
              <span className="vorexy-amount__label">{t.boleto.due}</span>{" "}
              <time dateTime={due}>{formatDay(due, locale)}</time>
            </p>
          ) : null}
          {status.digitable_line ? (
            <CopyField
              value={status.digitable_line}
              label={t.boleto.line}
              copyLabel={t.boleto.copy}
              fieldClassName="vorexy-boleto__line"
              locale={locale}
            />
          ) : null}
          {safeLink(status.boleto_url) ? (
            <a
              className="vorexy-button vorexy-boleto__pdf"
              href={safeLink(status.boleto_url)!}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t.boleto.pdf} <span className="vorexy-sr-only">{t.newWindow}</span>
            </a>
          ) : null}
          <p className="vorexy-note">{t.boleto.clearing}</p>
        </>
      ) : state === "expired" && onRenew && renewalOffered(status, clock) ? (
        <RenewCharge status={status} locale={locale} texts={t} now={clock} onRenew={onRenew} />
      ) : (
        <p className="vorexy-note">
          {state === "paid"
            ? t.boleto.paid
            : state === "unconfirmed"
              ? unconfirmedText(status, t)
              : state === "closing"
                ? t.boleto.closing
                : closedText(status, t, t.boleto.expired)}
        </p>
      )}
    </section>
  )
}
