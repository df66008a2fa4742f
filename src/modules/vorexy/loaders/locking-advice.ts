/**
 * Warns at boot when this store runs as several processes (worker mode "server" or "worker", or
 * forked by `medusa start --cluster`) on
 * Medusa's in-memory locking: its locks then hold within one process only, and the plugin relies
 * on them to capture once and to send a withdrawal once. A store in "shared" mode (one process)
 * is fine with them.
 */
import cluster from "node:cluster"
import type { LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

type ModuleEntry = { resolve?: unknown; options?: { providers?: Array<{ resolve?: unknown }> } }
type ConfigLike = {
  projectConfig?: { workerMode?: string }
  modules?: Record<string, unknown>
}

const SHARED_LOCKS = /locking-(redis|postgres)/

/**
 * The warning this configuration deserves, or null. `clustered`: this process is one of several
 * forked by `medusa start --cluster` (each "shared" one runs jobs and holds its own locks).
 */
export function lockingAdvice(
  config: ConfigLike,
  env: NodeJS.ProcessEnv = process.env,
  clustered = cluster.isWorker
): string | null {
  const mode = config.projectConfig?.workerMode ?? env.MEDUSA_WORKER_MODE ?? "shared"
  if (mode === "shared" && !clustered) return null
  const locking = config.modules?.locking as ModuleEntry | boolean | undefined
  const providers = typeof locking === "object" ? (locking.options?.providers ?? []) : []
  if (providers.some((p) => SHARED_LOCKS.test(String(p.resolve ?? "")))) return null
  return (
    `Vorexy: this store runs in worker mode "${mode}"${clustered ? " (medusa start --cluster)" : ""} with Medusa's in-memory locking, whose locks ` +
    `hold within one process only: two processes could then capture one payment or send one ` +
    `withdrawal at the same time. Add the "@medusajs/medusa/locking" module with the ` +
    `"@medusajs/medusa/locking-redis" provider (or locking-postgres); see the plugin's docs/production.md ` +
    `("Topology: server + worker on Redis").`
  )
}

export default async function warnAboutLocking({ container }: LoaderOptions) {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE, {
    allowUnregistered: true,
  }) as ConfigLike | undefined
  const advice = config && lockingAdvice(config)
  if (advice) container.resolve(ContainerRegistrationKeys.LOGGER).warn(advice)
}
