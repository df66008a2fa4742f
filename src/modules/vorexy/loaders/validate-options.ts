/**
 * Refuses to boot the plugin's module with wrong options, as the payment provider does: without
 * them the store would boot, create charges and never capture one, and accept webhooks without a
 * token. Each wrong option is named, never its value. (The service keeps its own check, lazily.)
 */
import type { LoaderOptions } from "@medusajs/framework/types"
import { parseVorexyOptions } from "../../../providers/vorexy/options"

export default async function validateVorexyOptions({ options }: LoaderOptions) {
  parseVorexyOptions(options ?? {}, "plugin")
}
