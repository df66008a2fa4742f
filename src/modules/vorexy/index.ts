import { Module } from "@medusajs/framework/utils"
import warnAboutLocking from "./loaders/locking-advice"
import checkSameCredentials from "./loaders/same-credentials"
import validateVorexyOptions from "./loaders/validate-options"
import noticeWithdrawalDestinations from "./loaders/withdrawal-destinations"
import VorexyModuleService from "./service"

export const VOREXY_MODULE = "vorexy"

export default Module(VOREXY_MODULE, {
  service: VorexyModuleService,
  // Wrong options stop Medusa at boot rather than at the first webhook or admin page.
  // Then a warning when several processes would share in-memory (per-process) locks, and where
  // withdrawals go when no destinations are listed.
  loaders: [
    validateVorexyOptions,
    checkSameCredentials,
    warnAboutLocking,
    noticeWithdrawalDestinations,
  ],
})
