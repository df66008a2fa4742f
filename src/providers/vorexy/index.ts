/**
 * The Vorexy payment provider module. Register it with id "vorexy":
 *   { resolve: "medusa-payment-vorexy/providers/vorexy", id: "vorexy", options: {...} }
 * which yields the provider id pp_vorexy-pix_vorexy.
 */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { VorexyPixService } from "./services/vorexy-pix"

export default ModuleProvider(Modules.PAYMENT, { services: [VorexyPixService] })
