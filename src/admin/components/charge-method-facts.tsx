import { Copy } from "@medusajs/ui"
import type { ReactNode } from "react"
import type { DetailsFactKey } from "../../charge-facts/fields"
import type { Charge } from "../lib/api"
import { brl, dateTime } from "../lib/format"
import { useT } from "../lib/i18n"

type Row = (label: string, value: ReactNode) => ReactNode

/** What the payment method adds on the order: the boleto's line, PDF and due date; the card. */
export function ChargeMethodFacts({ charge, row }: { charge: Charge; row: Row }) {
  const { t, locale } = useT()
  const details = charge.details ?? {}
  const text = (key: DetailsFactKey) =>
    typeof details[key] === "string" ? (details[key] as string) : null
  if (charge.method === "boleto") {
    const line = text("digitable_line")
    // Only a web link becomes a link (a row stored before the gateway's answers were checked).
    const url = /^https?:\/\//i.test(text("boleto_url") ?? "") ? text("boleto_url") : null
    return (
      <>
        {row(
          t("digitableLine"),
          line ? (
            <span className="flex items-center gap-x-1">
              <span className="truncate font-mono">{line}</span>
              <Copy content={line} />
            </span>
          ) : (
            "—"
          )
        )}
        {row(
          t("boletoPdf"),
          url ? (
            <a href={url} target="_blank" rel="noreferrer" className="text-ui-fg-interactive">
              {t("open")}
            </a>
          ) : (
            "—"
          )
        )}
        {row(t("dueDate"), dateTime(text("due_at"), locale))}
      </>
    )
  }
  if (charge.method === "credit_card") {
    const installments = typeof details.installments === "number" ? details.installments : 1
    const interest = typeof details.interest_cents === "number" ? details.interest_cents : 0
    return (
      <>
        {row(t("card"), `${text("card_brand") ?? "—"} •••• ${text("card_last4") ?? "—"}`)}
        {row(t("installments"), `${installments}×`)}
        {/* Why the charge is more than the order: the shopper's installments bear interest. */}
        {interest > 0 &&
          row(
            t("installmentInterest"),
            t("installmentInterestDetail", {
              interest: brl(interest, "cents"),
              order: brl(charge.amount_cents - interest, "cents"),
            })
          )}
        {text("refused_reason") && row(t("refusedReason"), text("refused_reason"))}
      </>
    )
  }
  return null
}
