import { SILENT_MS } from "../../rules/timing"
import { fallbackDue } from "../scheduler-fallback"

const everyMs = 10_000
const at = (now: number, lastRunEnd: number, triedAt = 0, driving = false) =>
  fallbackDue({ now, lastRunEnd, triedAt, everyMs, driving })

describe("the reconcile job's own schedule, when Medusa's is lost", () => {
  it("waits while runs keep ending elsewhere, and runs once none has for two ticks", () => {
    expect(at(100_000, 100_000 - everyMs)).toBe(false)
    expect(at(100_000, 100_000 - SILENT_MS + 1)).toBe(false)
    expect(at(100_000, 100_000 - SILENT_MS)).toBe(true)
  })

  it("while its runs fail (no mark), tries at most once per silent spell", () => {
    expect(at(100_000, 0, 100_000 - everyMs)).toBe(false)
    expect(at(100_000, 0, 100_000 - SILENT_MS)).toBe(true)
  })

  it("keeps the schedule at every tick once its own run is the last that ended", () => {
    // Its run ended a little under a tick ago: the next tick runs again (not two ticks later).
    expect(at(100_000, 100_000 - everyMs + 2_000, 100_000 - everyMs, true)).toBe(true)
    // A long run (8 s of a 10 s tick): still the next tick, counted from its start.
    expect(at(100_000, 100_000 - 2_000, 100_000 - everyMs, true)).toBe(true)
    expect(at(100_000, 100_000 - 1_000, 100_000 - 4_000, true)).toBe(false)
    // A run from elsewhere ended since (Medusa's scheduler is back): back to waiting.
    expect(at(100_000, 100_000 - everyMs + 2_000, 100_000 - everyMs, false)).toBe(false)
  })
})
