/**
 * Medusa's scheduler keeps its schedule in Redis: a Redis that comes back empty (restarted without
 * its data, flushed, failed over) loses it, and the reconcile job is never called again until a
 * worker restarts, so work a fault left behind (a failed webhook, a dead worker's charge) waits
 * forever. Each process the job has run in keeps a timer of its own: when no run has ended
 * anywhere for SILENT_MS (the mark every run leaves), it runs one itself, under the same run lock.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { VOREXY_MODULE } from "../modules/vorexy"
import { RECONCILE_MARK } from "../modules/vorexy/health"
import type VorexyModuleService from "../modules/vorexy/service"

/** Two ticks without a run: the schedule is gone (or every worker is down, or a run is long). */
export const SILENT_MS = 20_000

let timer: NodeJS.Timeout | undefined

/** Starts this process's fallback (once); `run` is the job's run, `everyMs` its period. */
export function keepReconciling(
  container: MedusaContainer,
  run: (container: MedusaContainer) => Promise<unknown>,
  everyMs: number
) {
  if (timer) return
  let busy = false
  // A run from here is tried at most once per SILENT_MS: while runs keep failing (no mark is
  // left), the workers' fallbacks must not add a run every tick each.
  let triedAt = 0
  timer = setInterval(() => {
    if (busy) return
    busy = true
    void (async () => {
      const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
      const [mark] = await service.listVorexyHealthMarks({ key: RECONCILE_MARK })
      const last = mark?.last_at ? new Date(mark.last_at).getTime() : 0
      const silent = Date.now() - Math.max(last, triedAt)
      if (silent < SILENT_MS) return
      triedAt = Date.now()
      // Skipped when a long run holds the lock: said only when this one ran.
      const result = (await run(container)) as { skipped?: boolean } | undefined
      if (result && !result.skipped)
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(
            `Vorexy reconcile: no run had ended for ${Math.round((Date.now() - last) / 1000)} s (Medusa's scheduler lost its schedule, Redis emptied?): ran it from this process.`
          )
    })()
      // The database or Redis may be down too: the next tick tries again.
      .catch(() => undefined)
      .finally(() => (busy = false))
  }, everyMs)
  timer.unref()
}
