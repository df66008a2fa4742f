/** The delivery address (also the billing address a boleto needs). */
import { SAMPLE_ADDRESS } from "./shop"

export type AddressValue = typeof SAMPLE_ADDRESS

const FIELDS: { key: keyof AddressValue; label: string; hint?: string; autoComplete: string }[] = [
  { key: "postal_code", label: "CEP", autoComplete: "postal-code" },
  { key: "address_1", label: "Rua e número", autoComplete: "address-line1" },
  {
    key: "address_2",
    label: "Complemento - Bairro",
    hint: "o bairro vem depois de “ - ”",
    autoComplete: "address-line2",
  },
  { key: "city", label: "Cidade", autoComplete: "address-level2" },
  { key: "province", label: "UF", autoComplete: "address-level1" },
]

export function AddressFields({
  value,
  onChange,
  disabled,
}: {
  value: AddressValue
  onChange: (value: AddressValue) => void
  disabled?: boolean
}) {
  return (
    <fieldset className="shop-address" disabled={disabled}>
      <legend>Endereço de entrega e cobrança</legend>
      {FIELDS.map((field) => (
        <label key={field.key} className={`shop-address__${field.key}`}>
          {field.label}
          {field.hint && <small> ({field.hint})</small>}
          <input
            name={`address.${field.key}`}
            autoComplete={field.autoComplete}
            value={value[field.key]}
            required
            onChange={(e) => onChange({ ...value, [field.key]: e.target.value })}
          />
        </label>
      ))}
    </fieldset>
  )
}
