/** PIX, boleto or card, as radio buttons; a method's discount is said beside it. */
import type { ShopMethod } from "./store-api"

const METHODS: { id: ShopMethod; label: string; hint: string }[] = [
  { id: "pix", label: "PIX", hint: "QR code ou copia e cola; confirmação na hora" },
  { id: "boleto", label: "Boleto", hint: "pague no banco ou no app até o vencimento" },
  { id: "card", label: "Cartão de crédito", hint: "à vista ou parcelado, aprovado na hora" },
]

export function MethodPicker({
  value,
  onChange,
  disabled,
  offers = {},
}: {
  value: ShopMethod
  onChange: (method: ShopMethod) => void
  disabled?: boolean
  /** "5% de desconto no PIX", by method (from the store's config). */
  offers?: Partial<Record<ShopMethod, string | null>>
}) {
  return (
    <fieldset className="shop-methods" disabled={disabled}>
      <legend>Forma de pagamento</legend>
      {METHODS.map((method) => (
        <label key={method.id} className={value === method.id ? "is-selected" : undefined}>
          <input
            type="radio"
            name="method"
            value={method.id}
            checked={value === method.id}
            onChange={() => onChange(method.id)}
          />
          <span>
            <strong>{method.label}</strong>
            {offers[method.id] && (
              <em className="shop-methods__offer" data-testid={`offer-${method.id}`}>
                {offers[method.id]}
              </em>
            )}
            <small>{method.hint}</small>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
