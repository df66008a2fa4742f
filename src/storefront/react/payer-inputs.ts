/**
 * How each payer input is typed, shared by the payer form and the payment fields: what the
 * browser may fill in, which keyboard a phone shows, how long each may be.
 */
export const PAYER_INPUTS = {
  name: { autoComplete: "name", maxLength: 200 },
  email: { type: "email", inputMode: "email", autoComplete: "email", spellCheck: false },
  // Text, not numeric: the alphanumeric CNPJ has letters.
  document: {
    inputMode: "text",
    autoCapitalize: "characters",
    autoComplete: "off",
    spellCheck: false,
    maxLength: 18,
  },
  phone: { type: "tel", inputMode: "tel", autoComplete: "tel-national", maxLength: 16 },
} as const
