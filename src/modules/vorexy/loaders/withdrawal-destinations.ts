/**
 * Says once at boot, while `withdrawalPixKeys` is unset, where withdrawals go: since 0.2.0 only to
 * the company's registered bank key. A store that used to type keys in the admin learns why its
 * form no longer takes one, and where to list them.
 */
import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { parseVorexyOptions } from "../../../providers/vorexy/options"

export const NO_DESTINATIONS_NOTICE =
  "Vorexy: no withdrawalPixKeys are configured, so withdrawals go only to the PIX key registered on the company's bank account at Vorexy (the admin no longer takes a typed key since 0.2.0). To allow other keys, list them in the plugin's withdrawalPixKeys option or VOREXY_WITHDRAWAL_PIX_KEYS (docs/withdrawals.md)."

export default async function noticeWithdrawalDestinations({ container, options }: LoaderOptions) {
  const parsed = parseVorexyOptions(options ?? {}, "plugin")
  if (parsed.withdrawalPixKeys?.length) return
  container.resolve(ContainerRegistrationKeys.LOGGER).info(NO_DESTINATIONS_NOTICE)
}
