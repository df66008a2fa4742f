/**
 * BENCHMARKS.md's "A simulated month": the simulated week of the integration tests
 * (integration-tests/http/simulated-week.spec.ts) stretched to 30 days with more orders, in one
 * process (Medusa in-process on in-memory modules, the sandbox's webhooks on with 5% lost, 1% of
 * gateway calls failing, the reconcile job run as its cron would). Simulated time cannot yet cross
 * processes (the clock is a shim of the test process's Date), so server + worker is not measured
 * here. BENCH_MONTH_ORDERS sets the orders (default 300: about 20 minutes on 2 CPUs).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { runSpec } from "./run-spec"
import { listCallsPerOrder, passMs, SWEEPS } from "../src/reconciliation/sweep-plan"

const ROOT = resolve(__dirname, "..")
const SPEC = "integration-tests/http/simulated-week.spec.ts"
const HEADING = "## A simulated month"

export async function simulatedMonth(log: (line: string) => void) {
  const orders = Number(process.env.BENCH_MONTH_ORDERS ?? 300)
  const report = join(tmpdir(), `vorexy-month-${process.pid}.txt`)
  log(`simulated month: ${orders} orders over 30 days, one process`)
  const started = Date.now()
  const run = {
    status: await runSpec(SPEC, {
      SIM_DAYS: "30",
      // A month that crosses Carnaval: boletos fall due before the banks close for it.
      SIM_START: process.env.SIM_START ?? "carnaval",
      SIM_ORDERS: String(orders),
      SIM_REPORT: report,
    }),
  }
  const minutes = (Date.now() - started) / 60_000
  const all = existsSync(report) ? readFileSync(report, "utf8").trim().split("\n") : []
  // Progress lines ("stop 200: ...") are for the console.
  const lines = all.filter((line) => !line.startsWith("stop "))
  const problems = lines.filter((line) => line.startsWith("PROBLEM")).length
  const perOrder = Number(/gateway calls per order: ([\d.]+)/.exec(lines.join("\n"))?.[1] ?? NaN)
  const text = lines.join("\n")
  const own =
    Number(/createTransaction ([\d.]+)/.exec(text)?.[1] ?? NaN) +
    Number(/getTransaction ([\d.]+)/.exec(text)?.[1] ?? NaN)
  rmSync(report, { force: true })
  const atVolume = projection(own)
  return [
    HEADING,
    "",
    `${orders} orders over 30 simulated days (ordered in the first 15, in bursts) from the Monday a week`,
    "before Carnaval (banks closed its Monday and Tuesday; boletos paid on their due date and settled",
    "1 to 3 bank business days later must be captured), one process: Medusa",
    "in-process on in-memory modules, the sandbox's webhooks on with 5% of events lost, 1% of the",
    "plugin's gateway calls (create, read, list) failing, and the reconcile job run at every minute its",
    "cron would have something due (`integration-tests/helpers/sim-run.ts`; the clock:",
    "`integration-tests/helpers/sim-clock.ts`). 10,000 orders on server + worker is not run: a checkout",
    "costs 1-3 s of real time here, and the simulated clock is a shim of one process's `Date`.",
    `This run took ${minutes.toFixed(1)} min (jest exit ${run.status}). Ledger: ${lines.length ? (problems ? `**${problems} problems** (the PROBLEM lines)` : "held") : "not reached"}. Gateway calls per order: ${perOrder}, of which ${own.toFixed(2)} the order's own (at about ${Math.round(orders / 15)} orders a day the sweeps' list calls, a cost per day, outweigh the orders; per order at volume: the table below).`,
    "",
    "```",
    ...(lines.length ? lines : ["(the simulation wrote no report)"]),
    "```",
    "",
    ...atVolume,
  ].join("\n")
}

const DAY_MS = 24 * 60 * 60_000

/**
 * What an order costs at higher volumes: its own calls as this month measured them (they do not
 * depend on volume), and the sweeps' list calls from their rules (sweep-plan.ts), with how long a
 * whole pass over the open window (3 days) and the paid window (30 days) then takes.
 */
function projection(own: number): string[] {
  const pass = (windowDays: number, name: string, perDay: number) => {
    const ms = passMs(
      SWEEPS.find((s) => s.name === name)!,
      windowDays * DAY_MS,
      perDay
    )
    return ms >= DAY_MS ? `${(ms / DAY_MS).toFixed(1)} days` : `${(ms / 3_600_000).toFixed(1)} h`
  }
  const rows = [100, 1_000, 3_000, 10_000, 30_000].map((perDay) => {
    const list = listCallsPerOrder(perDay)
    const total = own + list
    return `| ${perDay.toLocaleString("en")} | ${own.toFixed(2)} | ${list.toFixed(2)} | ${total.toFixed(2)}${total <= 2.5 ? "" : " (over 2.5)"} | ${pass(3, "open", perDay)} | ${pass(30, "settled", perDay)} |`
  })
  return [
    "**At higher volumes (projected, not simulated):** an order's own calls (create and reads) as",
    "this month measured them, which do not grow with volume, plus the sweeps' list calls per order",
    "from their rules (`listCallsPerOrder` in `src/reconciliation/sweep-plan.ts`, unit-tested): the",
    "recent pass reads an hour of orders every 100 s; the open and settled sweeps read at their",
    "pace (a share of a call per order of the last day, never under a floor). A whole open pass is",
    "how late a lost payment webhook of a charge over an hour old can be found; a whole settled pass,",
    "a lost refund or chargeback webhook of a paid charge.",
    "",
    "| orders a day | own calls | list calls | per order | open pass | settled pass (30 days) |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
  ]
}

/** Puts the month's `section` in BENCHMARKS.md in place of the last one (or at its end). */
export const writeMonthSection = (section: string) => writeSection(HEADING, section)

/** Puts `section` (starting with `heading`) in BENCHMARKS.md in place of its last one, or at its end. */
export function writeSection(heading: string, section: string) {
  const file = join(ROOT, "BENCHMARKS.md")
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n"
  const at = text.indexOf(heading)
  const next = at < 0 ? -1 : text.indexOf("\n## ", at + heading.length)
  const before = at < 0 ? `${text.trimEnd()}\n\n` : text.slice(0, at)
  const after = next < 0 ? "" : text.slice(next + 1)
  writeFileSync(file, `${before}${section}${after ? `\n${after}` : ""}`)
}

/** BENCHMARKS.md's hand-written "## Summary" section (up to the next section), or "" when none. */
export function summarySection(): string {
  const file = join(ROOT, "BENCHMARKS.md")
  const text = existsSync(file) ? readFileSync(file, "utf8") : ""
  const at = text.indexOf("\n## Summary\n")
  if (at < 0) return ""
  const next = text.indexOf("\n## ", at + 1)
  return text.slice(at + 1, next < 0 ? undefined : next + 1)
}
