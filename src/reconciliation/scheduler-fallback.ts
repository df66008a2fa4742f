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
import { SILENT_MS } from "../rules/timing"

export type FallbackClock = {
  now: number
  /** When the last run anywhere ended (its mark), 0 for never. */
  lastRunEnd: number
  /** When this process last tried a run of its own, 0 for never. */
  triedAt: number
  /** This process's own run is the last that ended anywhere: it keeps the schedule. */
  driving: boolean
  everyMs: number
}

/**
 * Whether this process runs the job now. While no run ends anywhere, once per SILENT_MS (runs
 * that keep failing leave no mark: the workers' fallbacks must not add one every tick each).
 * Once its own run is the last that ended, the schedule is this process's to keep: every tick,
 * as Medusa's scheduler would (work a fault left behind is taken up within seconds, not after
 * two more silent ticks), until a run from elsewhere ends again.
 */
export function fallbackDue(clock: FallbackClock): boolean {
  // Keeping the schedule: counted from its own last run's start, so a long run does not skip a tick.
  if (clock.driving) return clock.now - clock.triedAt >= clock.everyMs / 2
  return clock.now - Math.max(clock.lastRunEnd, clock.triedAt) >= SILENT_MS
}

let timer: NodeJS.Timeout | undefined

/** Starts this process's fallback (once); `run` is the job's run, `everyMs` its period. */
export function keepReconciling(
  container: MedusaContainer,
  run: (container: MedusaContainer) => Promise<unknown>,
  everyMs: number
) {
  if (timer) return
  let busy = false
  let triedAt = 0
  // The mark this process's own last run left (the run's end, as the database wrote it).
  let ownMark: number | null = null
  timer = setInterval(() => {
    if (busy) return
    busy = true
    void (async () => {
      const service = container.resolve<VorexyModuleService>(VOREXY_MODULE)
      const lastMark = async () => {
        const [mark] = await service.listVorexyHealthMarks({ key: RECONCILE_MARK })
        return mark?.last_at ? new Date(mark.last_at).getTime() : 0
      }
      const last = await lastMark()
      const driving = ownMark !== null && ownMark === last
      if (!fallbackDue({ now: Date.now(), lastRunEnd: last, triedAt, everyMs, driving })) return
      triedAt = Date.now()
      // A run that fails or is skipped (another holds the lock) does not keep the schedule.
      ownMark = null
      // Skipped when a long run holds the lock: said only when this one ran.
      const result = (await run(container)) as { skipped?: boolean } | undefined
      if (result && !result.skipped) {
        ownMark = await lastMark()
        // Said when this process takes the schedule over, not at every run it then makes.
        if (!driving)
          container
            .resolve(ContainerRegistrationKeys.LOGGER)
            .warn(
              `Vorexy reconcile: no run had ended for ${Math.round((Date.now() - last) / 1000)} s (Medusa's scheduler lost its schedule, Redis emptied?): ran it from this process.`
            )
      }
    })()
      // The database or Redis may be down too: the next tick tries again.
      .catch(() => undefined)
      .finally(() => (busy = false))
  }, everyMs)
  timer.unref()
}
