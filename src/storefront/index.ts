/**
 * `medusa-payment-vorexy/storefront`: the framework-free client plus React components and hooks
 * (React is an optional peer dependency; `…/storefront/client` works without it). Styles:
 * `medusa-payment-vorexy/storefront/styles.css`.
 */
export * from "./client.js"
export { useVorexyStatus } from "./react/use-vorexy-status.js"
export type { UseVorexyStatusOptions, VorexyStatusResult } from "./react/use-vorexy-status.js"
export { useCopy, type CopyOutcome } from "./react/use-copy.js"
export { useClock, type VorexyClock } from "./react/use-clock.js"
export { CopyField, type CopyFieldProps } from "./react/copy-field.js"
export { VorexyCountdown, type VorexyCountdownProps } from "./react/countdown.js"
export { VorexyPayment, type VorexyPaymentProps } from "./react/vorexy-payment.js"
export { VorexyPix, type VorexyPixProps } from "./react/vorexy-pix.js"
export { VorexyBoleto, type VorexyBoletoProps } from "./react/vorexy-boleto.js"
export { VorexyCardStatus, type VorexyCardStatusProps } from "./react/vorexy-card-status.js"
export { VorexyCardForm, type VorexyCardFormProps } from "./react/vorexy-card-form.js"
export { VorexyPayerForm, type VorexyPayerFormProps } from "./react/vorexy-payer-form.js"
export {
  VorexyPaymentFields,
  type VorexyPaymentFieldsHandle,
  type VorexyPaymentFieldsProps,
} from "./react/vorexy-payment-fields.js"
