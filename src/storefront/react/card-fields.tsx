"use client"
/**
 * The card's inputs and the installments select, controlled; shared by the card form and the
 * payment fields. No `name` on the card's inputs: a form they end up nested in (a store's own
 * checkout form) would post the number and CVV to the store. data-vorexy-field identifies them.
 */
import type { InstallmentOption } from "../card-checks.js"
import { formatCardNumber } from "../card-checks.js"
import { VorexyStorefrontError } from "../errors.js"
import { formatMoney } from "../format.js"
import { textsFor, type VorexyTexts } from "../texts.js"
import type { VorexyCardInput, VorexyLocale } from "../types.js"
import { Field } from "./field.js"

export const CARD_FIELD_ORDER: (keyof VorexyCardInput)[] = [
  "number",
  "holderName",
  "expMonth",
  "expYear",
  "cvv",
]

export const EMPTY_CARD: VorexyCardInput = {
  number: "",
  holderName: "",
  expMonth: "",
  expYear: "",
  cvv: "",
}

/** Why the card could not be tokenised, for the shopper. */
export function tokeniserMessage(error: unknown, t: VorexyTexts["card"]) {
  if (error instanceof VorexyStorefrontError && error.code === "tokeniser_refused")
    return error.reason ? `${t.tokeniserRefused}: ${error.reason}` : `${t.tokeniserRefused}.`
  return t.scriptFailed
}

export type CardFieldsProps = {
  id: string
  card: VorexyCardInput
  onCard: (update: (was: VorexyCardInput) => VorexyCardInput) => void
  /** The problem to show by each input now (undefined: none shown). */
  shown: (name: keyof VorexyCardInput) => string | undefined
  onLeave: (name: keyof VorexyCardInput) => void
  options: InstallmentOption[]
  installments: number
  onInstallments: (count: number) => void
  locale: VorexyLocale
  disabled?: boolean
}

export function CardFields(props: CardFieldsProps) {
  const { id, card, options, locale, disabled } = props
  const t = textsFor(locale).card
  const input = (name: keyof VorexyCardInput) => ({
    id: `${id}-${name}`,
    "data-vorexy-field": name,
    value: card[name],
    label: t[name],
    error: props.shown(name),
    disabled,
    spellCheck: false,
    onBlur: () => props.onLeave(name),
    onChange: (event: { currentTarget: { value: string } }) => {
      const typed = event.currentTarget.value
      props.onCard((was) => ({
        ...was,
        [name]: name === "number" ? formatCardNumber(typed) : typed,
      }))
    },
  })
  return (
    <>
      <Field {...input("number")} inputMode="numeric" autoComplete="cc-number" maxLength={23} />
      <Field {...input("holderName")} autoComplete="cc-name" autoCapitalize="characters" />
      <fieldset className="vorexy-card-form__expiry">
        <legend className="vorexy-field__label">{t.expiry}</legend>
        <Field
          {...input("expMonth")}
          inputMode="numeric"
          autoComplete="cc-exp-month"
          maxLength={2}
        />
        <Field {...input("expYear")} inputMode="numeric" autoComplete="cc-exp-year" maxLength={4} />
      </fieldset>
      <Field {...input("cvv")} inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
      <div className="vorexy-field">
        <label className="vorexy-field__label" htmlFor={`${id}-installments`}>
          {t.installments}
        </label>
        <select
          className="vorexy-input"
          id={`${id}-installments`}
          name="installments"
          value={props.installments}
          disabled={disabled}
          onChange={(event) => props.onInstallments(Number(event.currentTarget.value))}
        >
          {options.map(({ count, eachCents, totalCents, interestCents }) => (
            <option key={count} value={count}>
              {interestCents > 0
                ? t.installmentWithInterest(
                    count,
                    formatMoney(eachCents, "brl", locale),
                    formatMoney(totalCents, "brl", locale)
                  )
                : t.installment(count, formatMoney(eachCents, "brl", locale))}
            </option>
          ))}
        </select>
      </div>
    </>
  )
}
