import { Module } from "@medusajs/framework/utils"
import validateVorexyOptions from "./loaders/validate-options"
import VorexyModuleService from "./service"

export const VOREXY_MODULE = "vorexy"

export default Module(VOREXY_MODULE, {
  service: VorexyModuleService,
  // Wrong options stop Medusa at boot rather than at the first webhook or admin page.
  loaders: [validateVorexyOptions],
})
