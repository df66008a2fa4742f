/**
 * BENCHMARKS.md's "Faults on server + worker": the fault suite
 * (integration-tests/topology/faults.spec.ts) run three times in a row, each a fresh store (its own
 * PostgreSQL and redis-server), with how long every fault took to recover from (the part back to
 * every paid order captured) and whether the ledger held.
 */
import { existsSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { runSpec } from "./run-spec"

const SPEC = "integration-tests/topology/faults.spec.ts"
export const FAULTS_HEADING = "## Faults on server + worker"
const RUNS = 3

type Recovery = { fault: string; ms: number; orders: number }

export async function faultRuns(log: (line: string) => void) {
  const runs: { passed: boolean; minutes: number; recoveries: Recovery[] }[] = []
  for (let i = 1; i <= RUNS; i++) {
    const report = join(tmpdir(), `vorexy-faults-${process.pid}-${i}.jsonl`)
    log(`fault suite, run ${i} of ${RUNS}`)
    const started = Date.now()
    const run = { status: await runSpec(SPEC, { FAULT_REPORT: report }) }
    const lines = existsSync(report) ? readFileSync(report, "utf8").trim().split("\n") : []
    rmSync(report, { force: true })
    runs.push({
      passed: run.status === 0,
      minutes: (Date.now() - started) / 60_000,
      recoveries: lines.filter(Boolean).map((line) => JSON.parse(line) as Recovery),
    })
  }
  const faults = [...new Set(runs.flatMap((r) => r.recoveries.map((x) => x.fault)))]
  const seconds = (ms: number | undefined) => (ms === undefined ? "—" : (ms / 1000).toFixed(1))
  const rows = faults.map((fault) => {
    const each = runs.map((r) => r.recoveries.find((x) => x.fault === fault)?.ms)
    const worst = Math.max(...each.map((ms) => ms ?? Infinity))
    return `| ${fault} | ${each.map(seconds).join(" | ")} | **${Number.isFinite(worst) ? seconds(worst) : "not recovered"}** |`
  })
  const worstAll = Math.max(...runs.flatMap((r) => r.recoveries.map((x) => x.ms)))
  const allPassed = runs.every((r) => r.passed)
  return [
    FAULTS_HEADING,
    "",
    "The fault suite (`integration-tests/topology/faults.spec.ts`; `npm test` runs it once), three",
    "runs in a row. Each run: a server and a worker of `medusa start` on Redis, over a PostgreSQL and a",
    "redis-server of its own, the sandbox's webhooks on; PIX, boleto and card-in-analysis orders placed",
    "and paid, a shopper placing and paying a PIX order every 0.7 s while the store recovers, a",
    "chargeback, a withdrawal. The faults, in order: a worker killed (SIGKILL) while it holds a",
    "charge's lease (the suite sees the lease in Redis first), the replacement started 3 s later; a",
    "worker paused (SIGSTOP) holding a lease, another started, the paused one resumed once its lease",
    "is gone (its run must stop before writing); Redis killed and restarted after 2 s with its",
    "append-only file, then empty; PostgreSQL stopped for 3 s; the server killed under 3 long-polls",
    "and 30 ms into a withdrawal, restarted, the form sent again. **Recovery**: from the part being",
    "back (the new worker answering /health, Redis or PostgreSQL accepting connections, the server",
    "answering /health) to every order paid so far captured once (or flagged). After the last fault",
    "the ledger is checked order by order: every paid charge captured exactly once or flagged, no",
    "unpaid order captured, one withdrawal at the gateway and one row, no webhook event left",
    "unprocessed or given up on, no charge or withdrawal counted as failing (an outage is not their",
    "failure), every paid order's status route saying paid.",
    "",
    `| fault | ${runs.map((_, i) => `run ${i + 1} s`).join(" | ")} | worst s |`,
    `|---|${runs.map(() => "---|").join("")}---|`,
    ...rows,
    "",
    `Runs: ${runs.map((r, i) => `${i + 1}: ${r.passed ? "passed, ledger clean" : "**failed**"} (${r.minutes.toFixed(1)} min)`).join("; ")}.`,
    `Target: every paid order captured within 60 s of the part being back (15 s aimed for): ${allPassed && worstAll <= 60_000 ? `**met** (worst ${seconds(worstAll)} s)` : "**missed**"}.`,
    "",
  ].join("\n")
}
