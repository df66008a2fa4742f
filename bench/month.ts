/**
 * BENCHMARKS.md's "A simulated month": the simulated week of the integration tests
 * (integration-tests/http/simulated-week.spec.ts) stretched to 30 days with more orders, in one
 * process (Medusa in-process on in-memory modules, the sandbox's webhooks on with 5% lost, 1% of
 * gateway calls failing, the reconcile job run as its cron would). Simulated time cannot yet cross
 * processes (the clock is a shim of the test process's Date), so server + worker is not measured
 * here. BENCH_MONTH_ORDERS sets the orders (default 300: about 20 minutes on 2 CPUs).
 */
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const ROOT = resolve(__dirname, "..")
const SPEC = "integration-tests/http/simulated-week.spec.ts"
const HEADING = "## A simulated month"

export function simulatedMonth(log: (line: string) => void) {
  const orders = Number(process.env.BENCH_MONTH_ORDERS ?? 300)
  const report = join(tmpdir(), `vorexy-month-${process.pid}.txt`)
  log(`simulated month: ${orders} orders over 30 days, one process`)
  const started = Date.now()
  const run = spawnSync(
    join(ROOT, "node_modules/.bin/jest"),
    ["--runInBand", "--forceExit", SPEC],
    {
      cwd: ROOT,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        TEST_TYPE: "integration",
        NODE_OPTIONS: "--experimental-vm-modules",
        SIM_DAYS: "30",
        SIM_ORDERS: String(orders),
        SIM_REPORT: report,
      },
    }
  )
  const minutes = (Date.now() - started) / 60_000
  const all = existsSync(report) ? readFileSync(report, "utf8").trim().split("\n") : []
  // Progress lines ("stop 200: ...") are for the console.
  const lines = all.filter((line) => !line.startsWith("stop "))
  const problems = lines.filter((line) => line.startsWith("PROBLEM")).length
  const perOrder = Number(/gateway calls per order: ([\d.]+)/.exec(lines.join("\n"))?.[1] ?? NaN)
  rmSync(report, { force: true })
  return [
    HEADING,
    "",
    `${orders} orders over 30 simulated days (ordered in the first 15, in bursts), one process: Medusa`,
    "in-process on in-memory modules, the sandbox's webhooks on with 5% of events lost, 1% of the",
    "plugin's gateway calls (create, read, list) failing, and the reconcile job run at every minute its",
    "cron would have something due (`integration-tests/helpers/sim-run.ts`; the clock:",
    "`integration-tests/helpers/sim-clock.ts`). 10,000 orders on server + worker is not run: a checkout",
    "costs 1-3 s of real time here, and the simulated clock is a shim of one process's `Date`.",
    `This run took ${minutes.toFixed(1)} min (jest exit ${run.status}). Ledger: ${lines.length ? (problems ? `**${problems} problems** (the PROBLEM lines)` : "held") : "not reached"}. Gateway calls per order ≤ 2.5: ${perOrder <= 2.5 ? "**met**" : `**missed** (${perOrder})`}.`,
    "",
    "```",
    ...(lines.length ? lines : ["(the simulation wrote no report)"]),
    "```",
    "",
  ].join("\n")
}

/** Puts `section` in BENCHMARKS.md in place of the last one (or at its end). */
export function writeMonthSection(section: string) {
  const file = join(ROOT, "BENCHMARKS.md")
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n"
  const at = text.indexOf(HEADING)
  const next = at < 0 ? -1 : text.indexOf("\n## ", at + HEADING.length)
  const before = at < 0 ? `${text.trimEnd()}\n\n` : text.slice(0, at)
  const after = next < 0 ? "" : text.slice(next + 1)
  writeFileSync(file, `${before}${section}${after ? `\n${after}` : ""}`)
}
