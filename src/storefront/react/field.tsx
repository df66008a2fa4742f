/** A labelled input whose error is tied to it (aria-invalid, aria-describedby), shared by the forms. */
import type { InputHTMLAttributes } from "react"

export type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string
  label: string
  /** Shown under the input, and read with it by screen readers. */
  error?: string
}

export function Field({ id, label, error, className, ...input }: FieldProps) {
  const errorId = `${id}-error`
  return (
    <div className="vorexy-field" data-invalid={error ? "true" : undefined}>
      <label className="vorexy-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={className ? `vorexy-input ${className}` : "vorexy-input"}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p className="vorexy-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
