/**
 * The Vorexy payment provider module. Register it with id "vorexy":
 *   { resolve: "medusa-payment-vorexy/providers/vorexy", id: "vorexy", options: {...} }
 * which yields the provider ids pp_vorexy-pix_vorexy, pp_vorexy-boleto_vorexy and
 * pp_vorexy-card_vorexy (the card one refuses payments until its options are set).
 */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { VorexyBoletoService } from "./services/vorexy-boleto"
import { VorexyCardService } from "./services/vorexy-card"
import { VorexyPixService } from "./services/vorexy-pix"

/** What medusa-config.ts gives as `options` (the README's Configure section uses it with `satisfies`). */
export type { VorexyOptionsInput } from "./options"

export default ModuleProvider(Modules.PAYMENT, {
  services: [VorexyPixService, VorexyBoletoService, VorexyCardService],
})
