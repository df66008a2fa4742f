/** Which Vorexy method a Medusa payment provider id stands for, and what a boleto needs. */
import type { VorexyMethod } from "./types.js"

/** `pp_vorexy-pix_vorexy`, `pp_vorexy-boleto_vorexy`, `pp_vorexy-card_vorexy` (any provider id). */
export const isVorexyProvider = (providerId?: string | null): boolean =>
  typeof providerId === "string" && providerId.startsWith("pp_vorexy-")

/** The method of a Vorexy provider id; null for any other provider. */
export function vorexyMethodOf(providerId?: string | null): VorexyMethod | null {
  if (!isVorexyProvider(providerId)) return null
  const service = providerId!.slice("pp_vorexy-".length)
  if (service.startsWith("boleto")) return "boleto"
  if (service.startsWith("card")) return "credit_card"
  return "pix"
}

export type VorexyAddressLike = {
  address_2?: string | null
  metadata?: Record<string, unknown> | null
} | null

/** The neighbourhood the plugin will read from an address (as the server does), or "". */
export function neighbourhoodOf(address: VorexyAddressLike | undefined): string {
  const fromMetadata = address?.metadata?.neighborhood
  if (typeof fromMetadata === "string" && fromMetadata.trim()) return fromMetadata.trim()
  const second = (address?.address_2 ?? "").trim()
  return second.includes(" - ") ? second.split(" - ").pop()!.trim() : second
}
