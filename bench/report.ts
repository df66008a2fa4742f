/** BENCHMARKS.md from one run's results: each figure beside its baseline, targets checked. */
import type { cartCompletion, paymentToPaid } from "./measure"
import type { longPollLoad, webhookBurst } from "./load"

type Latency = Awaited<ReturnType<typeof paymentToPaid>>
type CompletionRun = Awaited<ReturnType<typeof cartCompletion>>
export type Results = {
  /** Under `medusa start`, and the demo's way (`medusa develop`). */
  completion: { start: CompletionRun; demo: CompletionRun }
  oneProcess: { plugin: Latency; builtIn: Latency }
  serverWorker: { plugin: Latency; builtIn: Latency }
  burst: Awaited<ReturnType<typeof webhookBurst>>
  longPoll: Awaited<ReturnType<typeof longPollLoad>>
}

const ms = (value: number) => `${value.toFixed(0)}`
const ratio = (value: number, baseline: number) => (value / baseline).toFixed(2)
const verdict = (ok: boolean, missed: string) => (ok ? "**met**" : `**missed** (${missed})`)

const calls = (perRoute: Record<string, number>) =>
  Object.entries(perRoute)
    .filter(([, n]) => n > 0)
    .map(([route, n]) => `${route} ${n.toFixed(2)}`)
    .join(", ") || "none"

const gatewayCalls = (perRoute: Record<string, number>) =>
  Object.values(perRoute).reduce((sum, n) => sum + n, 0)

export function report(r: Results, run: { machine: string; date: string; samples: number }) {
  const latencyRow = (topology: string, route: string, l: Latency, base: Latency) =>
    `| ${topology} | ${route} | ${l.n} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.max)} | ${ratio(l.p50, base.p50)} |`
  const paidCalls = gatewayCalls(r.serverWorker.plugin.calls)
  const lp = r.longPoll
  return [
    "# Benchmarks",
    "",
    `Written by \`npm run bench\` (\`bench/run.ts\`) on ${run.date}: ${run.machine}. The test store`,
    "(medusa-config.ts with this plugin) runs under `medusa start`, as one process on in-memory modules and as a",
    "server plus a worker on Redis (event bus, workflow engine, locking), on PostgreSQL, with the sandbox gateway",
    "in the benchmark's process (no added latency). Compare ratios, each against its baseline from the same run;",
    "absolute times depend on the machine. No test asserts a time.",
    "",
    completionSection(r.completion),
    '## Payment → the storefront knows "paid"',
    "",
    `${run.samples} PIX orders per row, paid at the sandbox 10 at a time; each timed from the pay call until its`,
    "long-poll on `GET /store/vorexy/payment-status` answers paid. The sandbox POSTs its webhook to the plugin's",
    "route, or to Medusa's built-in route (which waits a fixed 5 s before processing).",
    "",
    "| topology | webhook route | orders | p50 ms | p99 ms | max ms | p50 ratio to built-in |",
    "|---|---|---|---|---|---|---|",
    latencyRow("one process", "built-in (baseline)", r.oneProcess.builtIn, r.oneProcess.builtIn),
    latencyRow("one process", "plugin `/hooks/vorexy`", r.oneProcess.plugin, r.oneProcess.builtIn),
    latencyRow(
      "server + worker",
      "built-in (baseline)",
      r.serverWorker.builtIn,
      r.serverWorker.builtIn
    ),
    latencyRow(
      "server + worker",
      "plugin `/hooks/vorexy`",
      r.serverWorker.plugin,
      r.serverWorker.builtIn
    ),
    "",
    "## Gateway calls per paid PIX order, by route",
    "",
    "| topology | calls per order | total |",
    "|---|---|---|",
    `| one process | ${calls(r.oneProcess.plugin.calls)} | ${gatewayCalls(r.oneProcess.plugin.calls).toFixed(2)} |`,
    `| server + worker | ${calls(r.serverWorker.plugin.calls)} | ${paidCalls.toFixed(2)} |`,
    "",
    `Target ≤ 2 (one create, one verifying read): ${verdict(paidCalls <= 2, `${paidCalls.toFixed(2)}`)}.`,
    "",
    "## Burst: 500 webhook deliveries for 200 paid orders",
    "",
    "200 PIX orders paid at the sandbox with its webhooks off; then 500 deliveries sent to the server 50 at a time",
    "in random order (one paid per order, the rest awaiting, 30% repeats of another's event id). Server + worker.",
    "",
    "| time to drain (all 200 captured) | captures per order | gateway calls per order |",
    "|---|---|---|",
    `| ${ms(r.burst.drainMs)} ms | ${r.burst.exactlyOnce ? "exactly 1 each" : `up to ${r.burst.maxCaptures} (NOT exactly once)`} | ${calls(r.burst.calls)} |`,
    "",
    longPollSection(lp),
  ].join("\n")
}

export const LONG_POLL_HEADING = "## Long-poll load: 1,000 waiters"

const overflows = (n: number | null) =>
  n === null ? "not known (no /proc/net/netstat)" : String(n)

/** The long-poll section (also written alone by BENCH_ONLY=longpoll, with `alone` saying when). */
export function longPollSection(lp: Results["longPoll"], alone?: string) {
  const slowdown = lp.loaded.p95 / lp.idle.p95
  const late = Math.max(lp.lateAfterChange.p99, lp.lateAfterTimeout.p99)
  const spreadLate = Math.max(lp.spread.lateAfterChange.max, lp.spread.lateAfterTimeout.max)
  const row = (what: string, l: { n: number; p50: number; p99: number; max: number }) =>
    `| ${what} | ${l.n} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.max)} |`
  return [
    LONG_POLL_HEADING,
    "",
    ...(alone ? [alone, ""] : []),
    "1,000 long-polls (20 s timeout), all sent at once, on 20 pending orders on the server (server + worker);",
    "meanwhile 200 sequential GETs of `/store/regions` and `/store/products`; then 10 of the orders are paid.",
    '"Late" is how long after its order was paid, or after its timeout counted from when it was sent, each',
    "long-poll answered.",
    "",
    "| other routes | samples | p50 ms | p95 ms | ratio to idle (p95) |",
    "|---|---|---|---|---|",
    `| idle (baseline) | ${lp.idle.n} | ${ms(lp.idle.p50)} | ${ms(lp.idle.p95)} | 1.00 |`,
    `| with 1,000 long-polls | ${lp.loaded.n} | ${ms(lp.loaded.p50)} | ${ms(lp.loaded.p95)} | ${slowdown.toFixed(2)} |`,
    "",
    "| long-polls | answered | p50 late ms | p99 late ms | max late ms |",
    "|---|---|---|---|---|",
    row("after their order was paid", lp.lateAfterChange),
    row("after their timeout (unpaid)", lp.lateAfterTimeout),
    "",
    "The same number arriving evenly over 10 s, on 20 other pending orders, 10 of them paid once all have arrived:",
    "",
    "| long-polls (over 10 s) | answered | p50 late ms | p99 late ms | max late ms |",
    "|---|---|---|---|---|",
    row("after their order was paid", lp.spread.lateAfterChange),
    row("after their timeout (unpaid)", lp.spread.lateAfterTimeout),
    "",
    `Targets: other routes within 1.5× idle ${verdict(slowdown <= 1.5, `${slowdown.toFixed(2)}×`)}; the same-instant burst's`,
    `p99 lateness within 2 s ${verdict(late <= 2000, `${ms(late)} ms`)}; over 10 s, each within 1 s ${verdict(spreadLate <= 1000, `max ${ms(spreadLate)} ms`)}.`,
    "",
    `Connections the kernel dropped on a full listen queue (Linux's ListenOverflows, machine-wide): ${overflows(lp.overflows)} in the burst, ${overflows(lp.spread.overflows)} over 10 s.`,
    "Node listens with a backlog of 511 (Medusa does not change it): a thousand connections opened in",
    "the same instant while the server is busy with the first of them can overflow it, and the client",
    "tries a dropped connection again 1 s later; that second, plus the queue it then meets, is the",
    "burst's tail after the timeout when there are drops. The long-poll's own timeout counts from the",
    "request reaching the store (the start time Medusa's request logger notes in its first layers).",
    "The burst is sent 2 s after its 20 orders are placed, once what they set off has settled.",
    "",
  ].join("\n")
}

export const COMPLETION_HEADING = "## Cart completion: Vorexy PIX against `pp_system_default`"

type Completion = Results["completion"]["start"]

/** The completion section (also written alone by BENCH_ONLY=completion, with `alone` saying when). */
export function completionSection(c: Results["completion"], alone?: string) {
  const ratioOf = (r: Completion) => r.vorexy.p50 / r.system.p50
  const rows = (where: string, r: Completion) => [
    `| ${where} | pp_system_default (baseline) | ${r.system.n} | ${ms(r.system.p50)} | ${ms(r.system.p95)} | 1.00 |`,
    `| ${where} | Vorexy PIX | ${r.vorexy.n} | ${ms(r.vorexy.p50)} | ${ms(r.vorexy.p95)} | ${ratioOf(r).toFixed(2)} |`,
  ]
  const target = (where: string, r: Completion) =>
    `${where} ${verdict(ratioOf(r) <= 1.1, `${ratioOf(r).toFixed(2)}×, ${((ratioOf(r) - 1.1) * 100).toFixed(0)} points over`)}`
  return [
    COMPLETION_HEADING,
    "",
    ...(alone ? [alone, ""] : []),
    "Payment collection, payment session and `POST /store/carts/:id/complete` (the cart and its shipping made",
    "before, untimed), alternating providers on the same store (each first every other round), one process,",
    "the sandbox answering at once:",
    "under `medusa start` (production), and the demo's way (`medusa develop`, development, its e-mail links).",
    "",
    "| store | provider | samples | p50 ms | p95 ms | ratio to baseline |",
    "|---|---|---|---|---|---|",
    ...rows("`medusa start`", c.start),
    ...rows("the demo's way", c.demo),
    "",
    `Target ≤ 1.10×: ${target("`medusa start`", c.start)}; ${target("the demo's way", c.demo)}. During completion the PIX`,
    "charge is created at the gateway (one HTTP call), its QR drawn (a 1-bit PNG, about 1 ms) and its row",
    "recorded beside the authorisation (the session, its order link, one insert); the session route reads the",
    "cart for the gateway (its items, shipping and addresses, one joined query). The system provider does none",
    "of these.",
    "",
  ].join("\n")
}
