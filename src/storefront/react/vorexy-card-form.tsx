"use client"
/**
 * The card form: checks the card, tokenises it in the browser through the gateway's script and hands
 * back only the token and the installments. The number goes nowhere else.
 */
import { useId, useState, useSyncExternalStore, type FormEvent } from "react"
import { cardProblems, formatCardNumber, installmentOptions } from "../card-checks.js"
import type { VorexyClient } from "../client.js"
import { VorexyStorefrontError } from "../errors.js"
import { formatMoney } from "../format.js"
import { textsFor, type VorexyTexts } from "../texts.js"
import type {
  VorexyCardConfig,
  VorexyCardInput,
  VorexyCardPayment,
  VorexyLocale,
} from "../types.js"
import { Field } from "./field.js"

export type VorexyCardFormProps = {
  client: Pick<VorexyClient, "tokenizeCard">
  config: VorexyCardConfig
  amountCents: number
  locale?: VorexyLocale
  onTokenized: (payment: VorexyCardPayment) => void | Promise<void>
  /** A refusal to show (e.g. Medusa's "Your card was declined: …" after completing the cart). */
  error?: string | null
  disabled?: boolean
  submitLabel?: string
}

const EMPTY: VorexyCardInput = { number: "", holderName: "", expMonth: "", expYear: "", cvv: "" }
const ORDER: (keyof VorexyCardInput)[] = ["number", "holderName", "expMonth", "expYear", "cvv"]

const noSubscription = () => () => {}

function tokeniserMessage(error: unknown, t: VorexyTexts["card"]) {
  if (error instanceof VorexyStorefrontError && error.code === "tokeniser_refused")
    return error.reason ? `${t.tokeniserRefused}: ${error.reason}` : `${t.tokeniserRefused}.`
  return t.scriptFailed
}

export function VorexyCardForm(props: VorexyCardFormProps) {
  const { client, config, amountCents, locale = "pt-BR", error, disabled } = props
  const t = textsFor(locale).card
  const id = useId()
  const [card, setCard] = useState(EMPTY)
  const [installments, setInstallments] = useState(1)
  const [left, setLeft] = useState<Partial<Record<keyof VorexyCardInput, boolean>>>({})
  const [submitted, setSubmitted] = useState(false)
  const [working, setWorking] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // Before hydration a submit would be a plain HTML post of the card: the button waits for React.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false
  )

  const problems = cardProblems(card, locale)
  const options = installmentOptions(config, amountCents)
  const chosen = Math.min(installments, options.length)
  const shown = (name: keyof VorexyCardInput) =>
    submitted || left[name] ? problems[name] : undefined
  const alert = failure ?? error ?? null

  // No `name` on the card's inputs: a form they end up nested in (a store's own checkout form)
  // would post the number and CVV to the store. data-vorexy-field identifies them instead.
  const input = (name: keyof VorexyCardInput) => ({
    id: `${id}-${name}`,
    "data-vorexy-field": name,
    value: card[name],
    label: t[name],
    error: shown(name),
    disabled: disabled || working,
    spellCheck: false,
    onBlur: () => setLeft((was) => (was[name] ? was : { ...was, [name]: true })),
    onChange: (event: { currentTarget: { value: string } }) => {
      const typed = event.currentTarget.value
      setCard((was) => ({ ...was, [name]: name === "number" ? formatCardNumber(typed) : typed }))
    },
  })

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitted(true)
    const invalid = ORDER.find((name) => problems[name])
    if (invalid) {
      const element = event.currentTarget.querySelector(`[data-vorexy-field="${invalid}"]`)
      if (element instanceof HTMLElement) element.focus()
      return
    }
    setWorking(true)
    setFailure(null)
    try {
      const card_token = await client.tokenizeCard(card, config)
      await props.onTokenized({ card_token, installments: chosen })
    } catch (caught) {
      setFailure(tokeniserMessage(caught, t))
    } finally {
      setWorking(false)
    }
  }

  return (
    <form
      className="vorexy-card-form"
      data-state={working ? "working" : alert ? "refused" : "idle"}
      method="post"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
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
          value={chosen}
          disabled={disabled || working}
          onChange={(event) => setInstallments(Number(event.currentTarget.value))}
        >
          {options.map(({ count, eachCents }) => (
            <option key={count} value={count}>
              {t.installment(count, formatMoney(eachCents, "brl", locale))}
            </option>
          ))}
        </select>
      </div>
      {alert ? (
        <div className="vorexy-alert" role="alert">
          {alert}
        </div>
      ) : null}
      <button
        type="submit"
        className="vorexy-button vorexy-card-form__submit"
        disabled={!hydrated || disabled || working}
        aria-busy={working}
      >
        {working ? t.working : (props.submitLabel ?? t.submit)}
      </button>
    </form>
  )
}
