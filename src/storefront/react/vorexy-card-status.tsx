"use client"
/** A card payment after the order: brand, last 4 and installments; approved, in analysis or refused. */
import { useId } from "react"
import { formatMoney } from "../format.js"
import { textsFor, unconfirmedText } from "../texts.js"
import type { VorexyLocale, VorexyPaymentStatus } from "../types.js"
import { viewState } from "../view-state.js"
import { PaymentHeading } from "./payment-heading.js"

export type VorexyCardStatusProps = { status: VorexyPaymentStatus; locale?: VorexyLocale }

export function VorexyCardStatus({ status, locale = "pt-BR" }: VorexyCardStatusProps) {
  const t = textsFor(locale)
  const titleId = useId()
  const state = viewState(status)
  const installments = status.installments ?? 1
  const each = formatMoney(
    Math.round(status.amount_cents / installments),
    status.currency_code,
    locale
  )
  const note =
    state === "paid"
      ? t.card.paid
      : state === "analysis"
        ? t.card.analysis
        : state === "refused"
          ? t.card.refused
          : state === "unconfirmed"
            ? unconfirmedText(status, t)
            : null

  return (
    <section className="vorexy-card-status" data-state={state} aria-labelledby={titleId}>
      <PaymentHeading titleId={titleId} title={t.card.title} stateText={t.states[state]} />
      {status.card_last4 ? (
        <p className="vorexy-card-status__card">
          {t.card.ending(status.card_brand ?? "", status.card_last4).trim()}
        </p>
      ) : null}
      <p className="vorexy-card-status__installments">
        {(status.interest_cents ?? 0) > 0
          ? t.card.installmentWithInterest(
              installments,
              each,
              formatMoney(status.amount_cents, status.currency_code, locale)
            )
          : t.card.installment(installments, each)}
      </p>
      {note ? <p className="vorexy-note">{note}</p> : null}
      {state === "refused" && status.refused_reason ? (
        <p className="vorexy-card-status__reason">{status.refused_reason}</p>
      ) : null}
    </section>
  )
}
