"use client"
/**
 * The payer's name, e-mail, CPF/CNPJ and phone, controlled: each change hands back the next payer
 * and whether it is valid. A fieldset, not a form, so it sits inside the store's own checkout form.
 */
import { useId, useState } from "react"
import { formatDocument, formatPhone, payerProblems } from "../payer.js"
import { textsFor } from "../texts.js"
import type { VorexyLocale, VorexyPayer } from "../types.js"
import { Field } from "./field.js"
import { PAYER_INPUTS } from "./payer-inputs.js"

export type VorexyPayerFormProps = {
  value: VorexyPayer
  onChange: (next: VorexyPayer, valid: boolean) => void
  locale?: VorexyLocale
  /** Show every problem now (e.g. after the shopper pressed Continue); else once a field is left. */
  showErrors?: boolean
  /** Prefix of the inputs' ids; a generated one by default. */
  idPrefix?: string
  disabled?: boolean
}

const FORMAT: Partial<Record<keyof VorexyPayer, (value: string) => string>> = {
  document: formatDocument,
  phone: formatPhone,
}

export function VorexyPayerForm(props: VorexyPayerFormProps) {
  const { value, onChange, locale = "pt-BR", showErrors, disabled } = props
  const t = textsFor(locale).payer
  const generated = useId()
  const prefix = props.idPrefix ?? `vorexy-payer${generated}`
  const [left, setLeft] = useState<Partial<Record<keyof VorexyPayer, boolean>>>({})
  const problems = payerProblems(value, locale)
  const valid = Object.keys(problems).length === 0

  const field = (name: keyof VorexyPayer) => ({
    id: `${prefix}-${name}`,
    name,
    value: value[name],
    disabled,
    error: showErrors || left[name] ? problems[name] : undefined,
    onBlur: () => setLeft((was) => (was[name] ? was : { ...was, [name]: true })),
    onChange: (event: { currentTarget: { value: string } }) => {
      const typed = event.currentTarget.value
      const next = { ...value, [name]: FORMAT[name]?.(typed) ?? typed }
      onChange(next, Object.keys(payerProblems(next, locale)).length === 0)
    },
  })

  return (
    <fieldset className="vorexy-payer-form" data-state={valid ? "valid" : "invalid"}>
      <legend className="vorexy-legend">{t.legend}</legend>
      <Field {...field("name")} label={t.name} {...PAYER_INPUTS.name} />
      <Field {...field("email")} label={t.email} {...PAYER_INPUTS.email} />
      <Field {...field("document")} label={t.document} {...PAYER_INPUTS.document} />
      <Field {...field("phone")} label={t.phone} {...PAYER_INPUTS.phone} />
    </fieldset>
  )
}
