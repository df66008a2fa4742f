"use client"
/**
 * The card form: checks the card, tokenises it in the browser through the gateway's script and hands
 * back only the token and the installments. The number goes nowhere else.
 */
import { useId, useState, useSyncExternalStore, type FormEvent } from "react"
import { cardProblems, installmentOptions } from "../card-checks.js"
import type { VorexyClient } from "../client.js"
import { shopperMessage } from "../shopper-message.js"
import { textsFor } from "../texts.js"
import type {
  VorexyCardConfig,
  VorexyCardInput,
  VorexyCardPayment,
  VorexyLocale,
} from "../types.js"
import { CARD_FIELD_ORDER, CardFields, EMPTY_CARD, tokeniserMessage } from "./card-fields.js"

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

const noSubscription = () => () => {}
export function VorexyCardForm(props: VorexyCardFormProps) {
  const { client, config, amountCents, locale = "pt-BR", error, disabled } = props
  const t = textsFor(locale).card
  const id = useId()
  const [card, setCard] = useState(EMPTY_CARD)
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
  // The store's own words (a decline, a refusal) in the shopper's language.
  const alert = failure ?? (error ? shopperMessage(error, locale) : null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitted(true)
    const invalid = CARD_FIELD_ORDER.find((name) => problems[name])
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
      <CardFields
        id={id}
        card={card}
        onCard={setCard}
        shown={shown}
        onLeave={(name) => setLeft((was) => (was[name] ? was : { ...was, [name]: true }))}
        options={options}
        installments={chosen}
        onInstallments={setInstallments}
        locale={locale}
        disabled={disabled || working}
      />
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
