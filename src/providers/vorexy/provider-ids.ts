/**
 * Medusa names a provider `pp_<identifier>_<id>`; every Vorexy identifier starts with "vorexy-"
 * (vorexy-pix, ...), whatever id the store registered the module with.
 */
export const VOREXY_PROVIDER_PREFIX = "pp_vorexy-"

export const isVorexyProviderId = (providerId: unknown): providerId is string =>
  typeof providerId === "string" && providerId.startsWith(VOREXY_PROVIDER_PREFIX)
