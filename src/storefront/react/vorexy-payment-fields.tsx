"use client"
/**
 * The checkout's payment step for a Vorexy method in one component: the CPF/CNPJ and phone (and
 * name and e-mail when the cart has none), the neighbourhood when a boleto needs it and the billing
 * address lacks it, and the card for a card. No <form>: it sits inside the store's own step, whose
 * "continue" button asks it, through its ref, for the payment session `data`.
 */
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from "react"
import { cardProblems, holdsCardDigits, installmentOptions } from "../card-checks.js"
import type { VorexyClient } from "../client.js"
import { methodDiscountText } from "../discount.js"
import { neighbourhoodOf, vorexyMethodOf, type VorexyAddressLike } from "../method.js"
import { formatDocument, formatPhone, payerProblems, sessionData } from "../payer.js"
import { shopperMessage } from "../shopper-message.js"
import { textsFor } from "../texts.js"
import type { VorexyCardConfig, VorexyCardInput, VorexyLocale, VorexyPayer } from "../types.js"
import { CARD_FIELD_ORDER, CardFields, EMPTY_CARD, tokeniserMessage } from "./card-fields.js"
import { Field } from "./field.js"
import { PAYER_INPUTS } from "./payer-inputs.js"

export type VorexyPaymentFieldsProps = {
  client: Pick<VorexyClient, "config" | "tokenizeCard">
  /** The chosen Medusa payment provider, e.g. `pp_vorexy-pix_vorexy`. */
  providerId: string
  /** What the cart will be charged, in cents (a Medusa cart's `total` × 100, rounded). */
  amountCents: number
  /** The cart's e-mail and the payer's name and phone, when the checkout already has them. */
  email?: string | null
  name?: string | null
  phone?: string | null
  /** The cart's billing address: whether a boleto still needs the neighbourhood. */
  billingAddress?: VorexyAddressLike
  locale?: VorexyLocale
  /** An error from the store to show (e.g. creating the payment session failed). */
  error?: string | null
  disabled?: boolean
}

export type VorexyPaymentFieldsHandle = {
  /**
   * Checks every field (shows each problem by its field and focuses the first), tokenises a card
   * in the browser, and resolves to the payment session `data` to send; null when something must
   * be fixed first (already shown).
   */
  sessionData(): Promise<Record<string, unknown> | null>
}

const NEIGHBOURHOOD_MAX = 100
type PayerKey = keyof VorexyPayer
type FieldName = PayerKey | "neighbourhood" | keyof VorexyCardInput
const ORDER: FieldName[] = [
  "name",
  "email",
  "document",
  "phone",
  "neighbourhood",
  ...CARD_FIELD_ORDER,
]

type CardSetup =
  { state: "loading" } | { state: "ready"; config: VorexyCardConfig } | { state: "off" }

export const VorexyPaymentFields = forwardRef<VorexyPaymentFieldsHandle, VorexyPaymentFieldsProps>(
  function VorexyPaymentFields(props, ref) {
    const { client, providerId, amountCents, locale = "pt-BR", disabled } = props
    const t = textsFor(locale)
    const id = useId()
    const root = useRef<HTMLFieldSetElement>(null)
    const method = vorexyMethodOf(providerId)
    // Name and e-mail are asked only when the checkout has none to give.
    const askName = !props.name?.trim()
    const askEmail = !props.email?.trim()
    const [typed, setTyped] = useState<VorexyPayer>({
      name: "",
      email: "",
      document: "",
      phone: formatPhone(props.phone ?? ""),
    })
    const payer: VorexyPayer = {
      ...typed,
      name: askName ? typed.name : props.name!.trim(),
      email: askEmail ? typed.email : props.email!.trim(),
    }
    const askNeighbourhood = method === "boleto" && !neighbourhoodOf(props.billingAddress)
    const [neighbourhood, setNeighbourhood] = useState("")
    const [card, setCard] = useState(EMPTY_CARD)
    const [installments, setInstallments] = useState(1)
    const [cardSetup, setCardSetup] = useState<CardSetup>({ state: "loading" })
    const [left, setLeft] = useState<Partial<Record<FieldName, boolean>>>({})
    const [submitted, setSubmitted] = useState(false)
    const [working, setWorking] = useState(false)
    const [failure, setFailure] = useState<string | null>(null)

    const isCard = method === "credit_card"
    // PIX and boleto: the store's discount for the method, said before the shopper commits.
    const [offer, setOffer] = useState<{ for: string; text: string | null } | null>(null)
    useEffect(() => {
      if (method !== "pix" && method !== "boleto") return
      let live = true
      // A client of the store's own may answer anything; an older backend has no discounts.
      Promise.resolve()
        .then(() => client.config())
        .then(
          (config) =>
            live &&
            setOffer({
              for: method,
              text: methodDiscountText(config?.[method]?.discount, method, locale),
            }),
          () => undefined
        )
      return () => {
        live = false
      }
    }, [client, method, locale])
    const offerText = offer && offer.for === method ? offer.text : null

    useEffect(() => {
      if (!isCard) return
      let live = true
      setCardSetup({ state: "loading" })
      client.config(amountCents).then(
        (config) =>
          live &&
          setCardSetup(config.card ? { state: "ready", config: config.card } : { state: "off" }),
        () => live && setCardSetup({ state: "off" })
      )
      return () => {
        live = false
      }
    }, [client, isCard, amountCents])

    const options =
      cardSetup.state === "ready" ? installmentOptions(cardSetup.config, amountCents) : []
    const chosen = Math.max(1, Math.min(installments, options.length))

    const problems: Partial<Record<FieldName, string>> = {
      ...payerProblems(payer, locale),
      ...(isCard ? cardProblems(card, locale) : {}),
    }
    if (askNeighbourhood) {
      const value = neighbourhood.trim()
      if (!value) problems.neighbourhood = t.fields.neighbourhoodRequired
      else if (value.length > NEIGHBOURHOOD_MAX)
        problems.neighbourhood = t.fields.neighbourhoodTooLong
      else if (holdsCardDigits(value)) problems.neighbourhood = t.fields.noCardHere
    }
    // A card typed into a free-text field is never sent (the store would refuse it anyway).
    if (holdsCardDigits(payer.name)) problems.name = t.fields.noCardHere
    const shown = (name: FieldName) => (submitted || left[name] ? problems[name] : undefined)
    const leave = (name: FieldName) =>
      setLeft((was) => (was[name] ? was : { ...was, [name]: true }))

    // The latest values for the handle, which the store's button calls after a render.
    const latest = useRef({ payer, problems, card, chosen, cardSetup, neighbourhood })
    latest.current = { payer, problems, card, chosen, cardSetup, neighbourhood }

    useImperativeHandle(
      ref,
      () => ({
        async sessionData() {
          const now = latest.current
          setSubmitted(true)
          setFailure(null)
          const invalid = ORDER.find((name) => now.problems[name])
          if (invalid) {
            const element = root.current?.querySelector(`[data-vorexy-field="${invalid}"]`)
            if (element instanceof HTMLElement) element.focus()
            return null
          }
          const extra = askNeighbourhood ? { neighborhood: now.neighbourhood.trim() } : {}
          if (!isCard) return { ...sessionData(now.payer), ...extra }
          if (now.cardSetup.state !== "ready") {
            setFailure(
              now.cardSetup.state === "off" ? t.fields.cardUnavailable : t.fields.cardLoading
            )
            return null
          }
          setWorking(true)
          try {
            const card_token = await client.tokenizeCard(now.card, now.cardSetup.config)
            return { ...sessionData(now.payer, { card_token, installments: now.chosen }), ...extra }
          } catch (caught) {
            setFailure(tokeniserMessage(caught, t.card))
            return null
          } finally {
            setWorking(false)
          }
        },
      }),
      [client, isCard, askNeighbourhood, t]
    )

    const payerField = (name: PayerKey, format?: (value: string) => string) => ({
      id: `${id}-${name}`,
      name: `vorexy-${name}`,
      "data-vorexy-field": name,
      value: payer[name],
      label: t.payer[name],
      error: shown(name),
      disabled: disabled || working,
      onBlur: () => leave(name),
      onChange: (event: { currentTarget: { value: string } }) => {
        const value = event.currentTarget.value
        setTyped((was) => ({ ...was, [name]: format ? format(value) : value }))
      },
    })

    const alert = failure ?? (props.error ? shopperMessage(props.error, locale) : null)
    if (!method) return null
    return (
      <fieldset
        ref={root}
        className="vorexy-payment-fields"
        data-method={method}
        data-state={working ? "working" : Object.keys(problems).length ? "invalid" : "valid"}
      >
        <legend className="vorexy-legend">{t.fields.legend}</legend>
        {offerText ? <p className="vorexy-note vorexy-offer">{offerText}</p> : null}
        {askName ? <Field {...payerField("name")} {...PAYER_INPUTS.name} /> : null}
        {askEmail ? (
          <Field {...payerField("email")} {...PAYER_INPUTS.email} maxLength={254} />
        ) : null}
        <Field {...payerField("document", formatDocument)} {...PAYER_INPUTS.document} />
        <Field {...payerField("phone", formatPhone)} {...PAYER_INPUTS.phone} />
        {askNeighbourhood ? (
          <Field
            id={`${id}-neighbourhood`}
            name="vorexy-neighbourhood"
            data-vorexy-field="neighbourhood"
            label={t.fields.neighbourhood}
            value={neighbourhood}
            error={shown("neighbourhood")}
            disabled={disabled || working}
            autoComplete="address-level3"
            maxLength={NEIGHBOURHOOD_MAX + 20}
            onBlur={() => leave("neighbourhood")}
            onChange={(event) => setNeighbourhood(event.currentTarget.value)}
          />
        ) : null}
        {isCard && cardSetup.state === "ready" ? (
          <CardFields
            id={`${id}-card`}
            card={card}
            onCard={setCard}
            shown={shown}
            onLeave={leave}
            options={options}
            installments={chosen}
            onInstallments={setInstallments}
            locale={locale}
            disabled={disabled || working}
          />
        ) : isCard ? (
          <p className="vorexy-note" role="status">
            {cardSetup.state === "off" ? t.fields.cardUnavailable : t.fields.cardLoading}
          </p>
        ) : null}
        {alert ? (
          <div className="vorexy-alert" role="alert">
            {alert}
          </div>
        ) : null}
      </fieldset>
    )
  }
)
