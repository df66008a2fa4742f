/**
 * Medusa names a provider `pp_<identifier>_<id>`; every Vorexy identifier starts with "vorexy-"
 * (vorexy-pix, ...), whatever id the store registered the module with.
 */
export const VOREXY_PROVIDER_PREFIX = "pp_vorexy-"

export const isVorexyProviderId = (providerId: unknown): providerId is string =>
  typeof providerId === "string" && providerId.startsWith(VOREXY_PROVIDER_PREFIX)

const NAMES = { pix: "pix", boleto: "boleto", credit_card: "card" } as const

/**
 * The provider id a charge row carries when no session of this store proves it its own (adopted
 * from the gateway's lead, or its session deleted before it was recorded): named like the method's
 * own provider, so it is labelled by its method.
 */
export const unlinkedProviderId = (method: keyof typeof NAMES) =>
  `${VOREXY_PROVIDER_PREFIX}${NAMES[method]}_adopted`

const LABELS = { pix: "PIX", boleto: "boleto", card: "card" } as const

/** How messages name a Vorexy provider's method ("pp_vorexy-card_vorexy" -> "card"). */
export function methodLabelOf(providerId: string): (typeof LABELS)[keyof typeof LABELS] {
  const method = providerId.slice(VOREXY_PROVIDER_PREFIX.length).split("_")[0]
  return LABELS[method as keyof typeof LABELS] ?? "PIX"
}
