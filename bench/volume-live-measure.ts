/**
 * What the live run at volume watches while it runs (volume-live.ts), from outside the store:
 * - the reconcile job's ticks: how long its run lock (`vorexy:reconcile` on Redis, held for the
 *   whole run, reconcile.ts) is held, polled every 100 ms;
 * - the job's own records: its last run (the "reconcile" health mark: pages, reads, failures) and
 *   each sweep's position ("sweep:<name>", one write per step), every 5 s;
 * - memory: the RSS of each `medusa start` process group and of the gateway's process, every 15 s;
 * - each charge paid with its webhook lost: when its row first says it is no longer pending.
 */
import { execFileSync } from "node:child_process"
import type { AxiosInstance, AxiosRequestConfig } from "axios"
import Redis from "ioredis"
import type { Client } from "@medusajs/framework/pg"
import type { MedusaProcess } from "../integration-tests/helpers/topology"
import type { GatewayProcess } from "./volume-gateway"
import type { LostCapture } from "./volume-live-report"

export type RouteTimes = Record<"status" | "charges" | "withdrawals" | "health", number[]>

/** One GET, timed (ms); NaN when it failed. */
export async function timedGet(api: AxiosInstance, url: string, config: AxiosRequestConfig) {
  const started = performance.now()
  try {
    await api.get(url, config)
    return performance.now() - started
  } catch {
    return NaN
  }
}

const RUN_LOCK_KEY = "medusa_lock:vorexy:reconcile"

export type MarkSample = {
  at: number
  reconcile: { last_at: string; data: Record<string, unknown> } | null
  sweeps: Record<string, { count: number; page: number; pass_started_at: number | null }>
}

export type MemorySample = { at: number; server: number; worker: number; gateway: number }

/** RSS (bytes) of a process group: `medusa start` runs its server in a child. */
function groupRss(pgid: number): number {
  try {
    const out = execFileSync("ps", ["-o", "rss=", "-g", String(pgid)], { encoding: "utf8" })
    return out
      .split("\n")
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0)
      .reduce((a, b) => a + b * 1024, 0)
  } catch {
    return NaN
  }
}

export class Sampler {
  private timers: NodeJS.Timeout[] = []
  private redis: Redis
  private lockSince: number | null = null
  private tickMs: number[] = []
  private markSamples: MarkSample[] = []
  private memorySamples: MemorySample[] = []
  private tracked = new Map<string, LostCapture>()
  private busy = { lock: false, marks: false, memory: false, tracked: false }

  constructor(
    private readonly pg: Client,
    redisUrl: string,
    private readonly processes: MedusaProcess[],
    private readonly gateway: GatewayProcess
  ) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 })
  }

  start() {
    const every = (ms: number, key: keyof Sampler["busy"], work: () => Promise<void>) => {
      this.timers.push(
        setInterval(() => {
          if (this.busy[key]) return
          this.busy[key] = true
          work()
            .catch(() => undefined)
            .finally(() => (this.busy[key] = false))
        }, ms)
      )
    }
    every(100, "lock", () => this.pollLock())
    every(5_000, "marks", () => this.pollMarks())
    every(15_000, "memory", () => this.pollMemory())
    every(1_000, "tracked", () => this.pollTracked())
  }

  stop() {
    for (const t of this.timers) clearInterval(t)
    this.redis.disconnect()
  }

  /** A charge paid with its webhook lost: when its row stops saying pending is noted on `entry`. */
  track(transactionId: string, entry: LostCapture) {
    this.tracked.set(transactionId, entry)
  }

  ticks() {
    return this.tickMs
  }

  marks() {
    return this.markSamples
  }

  memory() {
    return this.memorySamples
  }

  private async pollLock() {
    const held = (await this.redis.exists(RUN_LOCK_KEY)) === 1
    const now = Date.now()
    if (held && this.lockSince === null) this.lockSince = now
    if (!held && this.lockSince !== null) {
      this.tickMs.push(now - this.lockSince)
      this.lockSince = null
    }
  }

  private async pollMarks() {
    const { rows } = await this.pg.query<{
      key: string
      count: number
      last_at: Date
      data: Record<string, unknown> | null
    }>(
      `select key, count, last_at, data from vorexy_health_mark
       where key = 'reconcile' or key like 'sweep:%'`
    )
    const sample: MarkSample = { at: Date.now(), reconcile: null, sweeps: {} }
    for (const r of rows) {
      if (r.key === "reconcile")
        sample.reconcile = { last_at: r.last_at.toISOString(), data: r.data ?? {} }
      else
        sample.sweeps[r.key.slice(6)] = {
          count: r.count,
          page: Number(r.data?.page ?? 0),
          pass_started_at: (r.data?.pass_started_at as number | null) ?? null,
        }
    }
    this.markSamples.push(sample)
  }

  private async pollMemory() {
    const [server, worker] = this.processes.map((p) => groupRss(p.child.pid!))
    const gateway = await this.gateway.memory().catch(() => NaN)
    this.memorySamples.push({ at: Date.now(), server, worker, gateway })
  }

  private async pollTracked() {
    const open = [...this.tracked].filter(([, e]) => e.learnedMs === null).map(([id]) => id)
    if (!open.length) return
    const { rows } = await this.pg.query<{ transaction_id: string; captured: boolean }>(
      `select transaction_id, captured_at is not null as captured from vorexy_charge
       where transaction_id = any($1) and status <> 'pending'`,
      [open]
    )
    const now = Date.now()
    for (const r of rows) {
      const entry = this.tracked.get(r.transaction_id)!
      if (!entry.capture || r.captured) entry.learnedMs = now - entry.paidAt
    }
  }
}
