"use client"
/** A read-only code (PIX copy-and-paste, boleto line) with its Copy button and feedback. */
import { useId, useRef } from "react"
import { textsFor } from "../texts.js"
import type { VorexyLocale } from "../types.js"
import { useCopy } from "./use-copy.js"

export type CopyFieldProps = {
  value: string
  label: string
  /** The button's text and accessible name, e.g. "Copiar código". */
  copyLabel: string
  /** Added to the field's classes, e.g. "vorexy-pix__code". */
  fieldClassName: string
  /** A textarea, for codes too long to read on one line. */
  multiline?: boolean
  locale?: VorexyLocale
}

export function CopyField(props: CopyFieldProps) {
  const { value, label, copyLabel, fieldClassName, multiline, locale } = props
  const t = textsFor(locale)
  const id = useId()
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  const { outcome, copy } = useCopy()
  const common = {
    id,
    ref: field,
    readOnly: true,
    value,
    spellCheck: false,
    className: `vorexy-copy__field ${fieldClassName}`,
    onFocus: (event: { currentTarget: { select(): void } }) => event.currentTarget.select(),
  }

  return (
    <div className="vorexy-copy" data-state={outcome}>
      <label className="vorexy-copy__label" htmlFor={id}>
        {label}
      </label>
      <div className="vorexy-copy__row">
        {multiline ? <textarea rows={4} {...common} /> : <input type="text" {...common} />}
        <button
          type="button"
          className="vorexy-button vorexy-copy__button"
          onClick={() => void copy(value, field.current)}
        >
          {copyLabel}
        </button>
      </div>
      <p className="vorexy-copy__feedback" role="status">
        {outcome === "copied" ? t.copied : outcome === "manual" ? t.copyByHand : ""}
      </p>
    </div>
  )
}
