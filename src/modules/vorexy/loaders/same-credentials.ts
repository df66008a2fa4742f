/**
 * The plugin entry and the Vorexy payment provider each get the options in medusa-config. Given two
 * different API keys (or gateways, or companies), charges would be created with one and read,
 * captured and withdrawn with the other: every charge would fail its sync. Checked at boot; the
 * differing options are named, never their values.
 */
import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { parseVorexyOptions } from "../../../providers/vorexy/options"

type ProviderEntry = { resolve?: unknown; options?: Record<string, unknown> }
type ModuleEntry = { options?: { providers?: ProviderEntry[] } }
type ConfigLike = { modules?: Record<string, unknown> }

/** What both entries must agree on. */
const SHARED = ["baseUrl", "clientId", "apiKey", "companyId", "signingSecret"] as const

const isVorexyProvider = (resolve: unknown) =>
  typeof resolve === "string" &&
  /(^|[/\\])providers[/\\]vorexy([/\\]index(\.[jt]s)?)?$/.test(resolve)

/** The options the store gave its Vorexy payment providers. */
function providerOptions(config: ConfigLike): Record<string, unknown>[] {
  return Object.values(config.modules ?? {})
    .flatMap((entry) =>
      entry && typeof entry === "object" ? ((entry as ModuleEntry).options?.providers ?? []) : []
    )
    .filter((provider) => isVorexyProvider(provider?.resolve))
    .map((provider) => provider.options ?? {})
}

/** A value as it matters: a URL without its trailing slash and with its host in lower case, a company id as a number. */
function comparable(key: (typeof SHARED)[number], value: unknown): string {
  if (value === undefined || value === null) return ""
  if (key === "companyId") return String(Number(value))
  if (key === "baseUrl") {
    try {
      const url = new URL(String(value))
      return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`
    } catch {
      return String(value)
    }
  }
  return String(value)
}

/** The options that differ between the plugin entry and a Vorexy provider, or []. */
export function credentialMismatch(
  pluginOptions: Record<string, unknown>,
  config: ConfigLike
): string[] {
  const plugin = parseVorexyOptions(pluginOptions, "plugin")
  const differing = new Set<string>()
  for (const raw of providerOptions(config)) {
    let provider
    try {
      provider = parseVorexyOptions(raw, "provider")
    } catch {
      continue // the provider names its own wrong options when it loads
    }
    for (const key of SHARED) {
      const a = plugin[key]
      const b = provider[key]
      // A company id may be set on one entry only: it is learned from the gateway otherwise.
      if (key === "companyId" && (a === undefined || b === undefined)) continue
      if (comparable(key, a) !== comparable(key, b)) differing.add(key)
    }
    // The keyring too: an old secret on one entry only verifies on that side alone.
    const keyring = (o: typeof plugin) => [...o.previousSigningSecrets].sort().join("\u0000")
    if (keyring(plugin) !== keyring(provider)) differing.add("previousSigningSecrets")
  }
  return [...differing]
}

export default async function checkSameCredentials({ container, options }: LoaderOptions) {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE, {
    allowUnregistered: true,
  }) as ConfigLike | undefined
  if (!config) return
  const differing = credentialMismatch(options ?? {}, config)
  if (differing.length)
    throw new Error(
      `medusa-payment-vorexy: the plugin entry and the Vorexy payment provider have different ${differing.join(", ")} in medusa-config: give both the same options object (README, "Configure").`
    )
}
