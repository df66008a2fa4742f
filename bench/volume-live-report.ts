/**
 * The live run at volume's section of BENCHMARKS.md (volume-live.ts measures, this writes): each
 * figure beside the model's or the empty store's, and each target of issue 43 marked met or
 * missed. The arithmetic is pure and unit-tested (__tests__/volume-live-report.unit.spec.ts).
 */
import { cpus, totalmem } from "node:os"
import { listCallsPerOrder, passMs, SWEEPS, type SweepName } from "../src/reconciliation/sweep-plan"
import { LOST_PAYMENT_FOUND_MS, RECENT_PASS_MS } from "../src/rules/timing"
import type { GatewayRequests } from "./volume-gateway"
import type { MarkSample, MemorySample, RouteTimes } from "./volume-live-measure"

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
export const ORDERS_PER_DAY = 10_000

/** A charge paid at the gateway with its webhook lost, and when the store learned it. */
export type LostCapture = {
  transactionId: string
  bucket: string
  /** The charge's age when it was paid. */
  ageMs: number
  paidAt: number
  /** From the payment to the row no longer pending (a live order: to its capture); null: not yet. */
  learnedMs: number | null
  /** From the shopper's page load to the page's long-poll answering paid (null: not within 60 s). */
  pageLoadMs: number | null | undefined
  /** Its order must be captured, not only its row moved (a live checkout's). */
  capture?: boolean
}

export type TableFacts = { rows: number; bytes: number; at: number }

export type LiveRun = {
  minutes: number
  peak: boolean
  runMs: number
  totalMs: number
  placed: number
  checkoutMs: number[]
  checkoutFailures: string[]
  seeded: { seconds: number; tables: { table: string; rows: number; size: string }[] }
  held: number
  empty: RouteTimes
  /** After the checkouts, the job on (as the empty store's). */
  full: RouteTimes
  /** Halfway through the run, among the checkouts. */
  busy: RouteTimes
  requests: GatewayRequests
  ticks: number[]
  marks: MarkSample[]
  memory: MemorySample[]
  lost: LostCapture[]
  eventsBefore: TableFacts
  eventsAfter: TableFacts
  cleanUp: { ms: number; rows: number }
}

/** p50/p95/p99/max of the finite values; `failed`: how many were not. */
export function stats(values: number[]) {
  const ok = values.filter(Number.isFinite).sort((a, b) => a - b)
  const at = (q: number) =>
    ok.length ? ok[Math.min(ok.length - 1, Math.floor(q * ok.length))] : NaN
  return {
    n: ok.length,
    failed: values.length - ok.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: ok.length ? ok[ok.length - 1] : NaN,
  }
}

/** The model's calls per order at `perDay` (BENCHMARKS' month section: own calls as measured there). */
export const MODEL_OWN = { createTransaction: 1.02, getTransaction: 0.9 }
export function modelPerOrder(perDay = ORDERS_PER_DAY) {
  const list = listCallsPerOrder(perDay)
  return {
    ...MODEL_OWN,
    listTransactions: list,
    total: MODEL_OWN.createTransaction + MODEL_OWN.getTransaction + list,
  }
}

/** Gateway calls by route per order placed over the run (a 429 answered counts: it was a call). */
export function callsPerOrder(byRoute: Record<string, number>, placed: number) {
  const per: Record<string, number> = {}
  let total = 0
  for (const [route, n] of Object.entries(byRoute)) {
    per[route] = placed ? n / placed : NaN
    total += n
  }
  return { per, total: placed ? total / placed : NaN }
}

/** Steps (one page each for the paced sweeps) a sweep took between the first and last samples. */
export function sweepSteps(marks: MarkSample[], name: SweepName) {
  const seen = marks.filter((m) => m.sweeps[name])
  if (seen.length < 2) return seen.length ? seen[0].sweeps[name].count : 0
  return seen[seen.length - 1].sweeps[name].count - seen[0].sweeps[name].count + 1
}

/**
 * The passes a sweep started while it was sampled (each pass's start, as its record keeps it) and
 * the gaps between them (ms): how often a whole pass was really made, beside the rule's period.
 */
export function sweepPasses(marks: MarkSample[], name: SweepName) {
  const starts = [
    ...new Set(
      marks
        .map((m) => m.sweeps[name]?.pass_started_at)
        .filter((at): at is number => typeof at === "number")
    ),
  ].sort((a, b) => a - b)
  const gaps = starts.slice(1).map((at, i) => at - starts[i])
  return { starts, gaps }
}

/**
 * The job's runs its own records name (each sampled once or more, told apart by when they ran),
 * that took at least `overMs`, slowest first: what each run did and where its time went.
 */
export function slowRuns(marks: MarkSample[], overMs: number) {
  const runs = new Map<string, Record<string, unknown>>()
  for (const m of marks) if (m.reconcile) runs.set(m.reconcile.last_at, m.reconcile.data)
  return [...runs.values()]
    .map((data) => ({ data, took: (data.took_ms ?? {}) as Record<string, number> }))
    .filter((run) => (run.took.all ?? 0) >= overMs)
    .sort((a, b) => b.took.all - a.took.all)
}

/**
 * A whole pass over `windowMs` of charges at `perDay` read at `pagesPerMinute`: projected from
 * the pages a pass holds (100 transactions each) and the pace measured.
 */
export function projectedPassMs(windowMs: number, pagesPerMinute: number, perDay = ORDERS_PER_DAY) {
  const pages = Math.ceil(((windowMs / DAY) * perDay) / 100)
  return pagesPerMinute > 0 ? (pages / pagesPerMinute) * MINUTE : Infinity
}

/** How much a process's memory grew: the last quarter's mean against the first quarter's. */
export function growth(values: number[]) {
  const ok = values.filter(Number.isFinite)
  if (ok.length < 4)
    return { first: ok[0] ?? NaN, last: ok.at(-1) ?? NaN, max: Math.max(...ok), growth: NaN }
  const q = Math.max(1, Math.floor(ok.length / 4))
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
  const first = mean(ok.slice(0, q))
  const last = mean(ok.slice(-q))
  return { first, last, max: Math.max(...ok), growth: last - first }
}

const mark = (met: boolean) => (met ? "**met**" : "**missed**")
const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : "–")
const sec = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v)
    ? "not within the run"
    : `${(v / 1000).toFixed(1)} s`
const hours = (v: number) => (Number.isFinite(v) ? `${(v / HOUR).toFixed(1)} h` : "never")
const mb = (v: number) => (Number.isFinite(v) ? `${Math.round(v / 2 ** 20)} MB` : "–")

/** Each rate's section of BENCHMARKS.md: the day's, and the 3× peak's. */
export const volumeLiveHeading = (peak: boolean) =>
  peak
    ? "## A store at volume: live run at a 3× peak"
    : "## A store at volume: live run on server + worker"

export function liveSection(run: LiveRun, date: string) {
  const lines: string[] = []
  const machine = `${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`
  lines.push(
    volumeLiveHeading(run.peak),
    "",
    `(\`BENCH_ONLY=volume-live\` on ${date}: ${run.minutes} min at ${run.peak ? "a 3× peak (one checkout every 2.9 s)" : "the day's rate (one checkout every 8.6 s)"}; the whole bench took ${(run.totalMs / MINUTE).toFixed(1)} min. ${machine}; the machine is shared with other work (2 CPUs: PostgreSQL, Redis, the server, the worker, the gateway and the benchmark's own checkouts all on them), so times here are an upper bound of what a store's own machine sees.${run.peak ? "" : " The 3× peak run (`VOLUME_LIVE_RATE=peak`) was not run for this section."})`,
    "",
    `**What ran.** The store seeded as \`bench:volume\` seeds it (${run.seeded.tables.map((t) => `${t.table} ${t.rows.toLocaleString("en")}`).join(", ")}; in ${run.seeded.seconds.toFixed(0)} s), the sandbox gateway in a process of its own over HTTP holding the same month (${run.held.toLocaleString("en")} transactions, in memory, its list indexed by creation), and the test store as a server and a worker of \`medusa start\` on Redis with the reconcile job on (every 10 s). For ${run.minutes} minutes real PIX checkouts went through the Store API (${run.placed} placed, ${run.checkoutFailures.length} failed; checkout p50 ${ms(stats(run.checkoutMs).p50)}, p95 ${ms(stats(run.checkoutMs).p95)}), 90 % of them paid at the gateway 10–60 s later; the gateway lost 5 % of its webhooks and answered two requests 429 (Retry-After: 1 s) every 20 s. Every third checkout was made as old as a seeded awaiting charge (under an hour, 1–24 h, 1–3 days in turn: it takes the seeded charge's place in the gateway's list and its row's creation, expiry and last read; the seeded charge goes) and paid at the gateway 10–30 s later with its webhook lost; for every other one older than an hour the shopper opened its order page 1 s after the payment (the status route without \`wait\`, then the page's long-poll). Each is a real order, so each is captured as a store's would be.`,
    ""
  )

  // Tick times.
  const tick = stats(run.ticks)
  lines.push(
    "**The job's run per tick** (its run lock on Redis held, polled every 100 ms): " +
      `${tick.n} runs, p50 ${ms(tick.p50)}, p99 ${ms(tick.p99)}, max ${ms(tick.max)}. ` +
      `Target p99 ≤ 5 s: ${mark(tick.n > 0 && tick.p99 <= 5_000)}.`,
    ""
  )
  const slow = slowRuns(run.marks, 5_000)
  if (slow.length)
    lines.push(
      `Where the runs over 5 s spent their time (their own records, slowest first; ms): ${slow
        .slice(0, 8)
        .map(
          ({ data, took }) =>
            `${took.all} (${Object.entries(took)
              .filter(([part, v]) => part !== "all" && v >= 50)
              .map(([part, v]) => `${part} ${v}`)
              .join(", ")}; ${data.charges} charges read, ${data.sweep_pages} pages)`
        )
        .join("; ")}.`,
      ""
    )

  // Gateway calls.
  const calls = callsPerOrder(run.requests.byRoute, run.placed)
  const model = modelPerOrder()
  const routes = ["createTransaction", "getTransaction", "listTransactions"]
  const others = Object.keys(calls.per).filter((r) => !routes.includes(r))
  lines.push(
    `**Gateway calls** over the run, ${Object.values(run.requests.byRoute).reduce((a, b) => a + b, 0)} in all, per order placed (${run.placed}), beside the model (the month's own calls per order and \`listCallsPerOrder(10,000)\`). The reads include the seeded month's expiry reads (at its day's rate, as a store's are), the reads of the charges this run paid with their webhook lost and the shoppers' looks; the model's own calls cover a charge's whole life, most of which (an abandoned PIX's expiry read a day later, a boleto's) the seeded charges stand for here.`,
    "",
    "| route | calls | per order | model |",
    "| --- | ---: | ---: | ---: |",
    ...routes.map(
      (r) =>
        `| ${r} | ${run.requests.byRoute[r] ?? 0} | ${(calls.per[r] ?? 0).toFixed(2)} | ${model[r as keyof typeof model].toFixed(2)} |`
    ),
    ...others.map((r) => `| ${r} | ${run.requests.byRoute[r]} | ${calls.per[r].toFixed(2)} | – |`),
    `| **all** | | **${calls.total.toFixed(2)}** | **${model.total.toFixed(2)}** |`,
    "",
    `Target ≤ 2.5 calls per order at 10,000 a day: ${mark(calls.total <= 2.5)} (measured ${calls.total.toFixed(2)}; without the ${run.requests.byStatus["429"] ?? 0} calls the gateway answered 429, each asked again: ${((Object.values(run.requests.byRoute).reduce((a, b) => a + b, 0) - (run.requests.byStatus["429"] ?? 0)) / run.placed || 0).toFixed(2)}). This run is harsher than a store's day: every third order here loses its payment webhook (a store's: about 5 %), each costing a read, and the injected 429s are a fifth of all calls.`,
    ""
  )
  const answered429 = run.requests.byStatus["429"] ?? 0
  const retried = run.requests.retries.filter((r) => r.afterMs !== null)
  const early = retried.filter((r) => (r.afterMs as number) < 1_000)
  lines.push(
    `**429s.** ${answered429} answered 429; ${retried.length} asked again (the same path), after ${retried.length ? `${(stats(retried.map((r) => r.afterMs as number)).p50 / 1000).toFixed(1)} s at the median, ${(Math.min(...retried.map((r) => r.afterMs as number)) / 1000).toFixed(1)} s at least` : "–"}; ${early.length} sooner than the Retry-After asked (${early.length ? "**not backed off**" : "every one backed off"}); the rest were not asked again within the run (the next run's page or read moved on). Answers by status: ${Object.entries(
      run.requests.byStatus
    )
      .map(([s, n]) => `${s} ${n}`)
      .join(", ")}.`,
    ""
  )

  // Sweeps.
  const minutes = run.runMs / MINUTE
  const openSteps = sweepSteps(run.marks, "open")
  const settledSteps = sweepSteps(run.marks, "settled")
  const listCalls = run.requests.byRoute.listTransactions ?? 0
  const recentPages = Math.max(0, listCalls - openSteps - settledSteps)
  const openPerMin = openSteps / minutes
  const settledPerMin = settledSteps / minutes
  const openPass = projectedPassMs(3 * DAY, openPerMin)
  const settledPass = projectedPassMs(30 * DAY, settledPerMin)
  const ruleOpen = passMs(
    SWEEPS.find((s) => s.name === "open")!,
    3 * DAY,
    ORDERS_PER_DAY
  )
  const ruleSettled = passMs(
    SWEEPS.find((s) => s.name === "settled")!,
    30 * DAY,
    ORDERS_PER_DAY
  )
  const lastMarks = run.marks.at(-1)?.sweeps ?? {}
  const recentPasses = sweepPasses(run.marks, "recent")
  const sortedGaps = [...recentPasses.gaps].sort((a, b) => a - b)
  const recentPassesText = sortedGaps.length
    ? `${recentPasses.starts.length} passes started, ${(sortedGaps[Math.floor(sortedGaps.length / 2)] / 1000).toFixed(0)} s apart at the median, ${(sortedGaps.at(-1)! / 1000).toFixed(0)} s at most`
    : "–"
  lines.push(
    "**The sweeps' pages** (list calls; the paced sweeps' steps from their own records, a page each; the recent sweep's: the rest):",
    "",
    "| sweep | pages | per minute | where its pass stood at the end | whole pass, projected from the pace measured | the rules' pass (sweep-plan.ts) |",
    "| --- | ---: | ---: | --- | ---: | ---: |",
    `| recent (last hour, every ${RECENT_PASS_MS / 1000} s) | ${recentPages} | ${(recentPages / minutes).toFixed(2)} | ${recentPassesText} | – | ${RECENT_PASS_MS / 1000} s |`,
    `| open (1 h – 3 days) | ${openSteps} | ${openPerMin.toFixed(2)} | page ${lastMarks.open?.page ?? "–"} | ${hours(openPass)} | ${hours(ruleOpen)} |`,
    `| settled (30 days here) | ${settledSteps} | ${settledPerMin.toFixed(2)} | page ${lastMarks.settled?.page ?? "–"} | ${hours(settledPass)} | ${hours(ruleSettled)} |`,
    "",
    `The pass times are **projected** (a 9-hour pass cannot be watched in ${run.minutes} minutes): the pages a whole pass holds at 10,000 orders a day (100 transactions a page) over the pages per minute measured.`,
    ""
  )

  // Lost webhooks.
  const buckets = [...new Set(run.lost.map((l) => l.bucket))]
  lines.push(
    "**Every lost payment webhook's time to capture**, by the charge's age when paid: from the payment at the gateway to the charge's row saying paid with its order captured (the database polled every second); \"live\": the 5 % the gateway lost of the other checkouts' payments.",
    "",
    "| charge's age | lost | learned within the run | each (s) | page load → the page says paid (s) |",
    "| --- | ---: | ---: | --- | --- |"
  )
  for (const b of buckets) {
    const of = run.lost.filter((l) => l.bucket === b)
    const learned = of.filter((l) => l.learnedMs !== null)
    const looked = of.filter((l) => l.pageLoadMs !== undefined)
    lines.push(
      `| ${b} | ${of.length} | ${learned.length} | ${of.map((l) => (l.learnedMs === null ? "–" : (l.learnedMs / 1000).toFixed(0))).join(", ")} | ${looked.length ? looked.map((l) => (l.pageLoadMs === null ? "over 60" : ((l.pageLoadMs as number) / 1000).toFixed(1))).join(", ") : "–"} |`
    )
  }
  const young = run.lost.filter((l) => l.ageMs < HOUR)
  const youngMet =
    young.length > 0 &&
    young.every((l) => l.learnedMs !== null && l.learnedMs <= LOST_PAYMENT_FOUND_MS)
  const looked = run.lost.filter((l) => l.pageLoadMs !== undefined)
  const lookMet =
    looked.length > 0 &&
    looked.every((l) => l.pageLoadMs !== null && (l.pageLoadMs as number) <= 10_000)
  const other = run.lost.filter((l) => l.ageMs >= HOUR && l.pageLoadMs === undefined)
  lines.push(
    "",
    `- Under an hour old, captured within 2 minutes: ${mark(youngMet)} (${young.length} lost, slowest ${sec(Math.max(...young.map((l) => l.learnedMs ?? Infinity)))}).`,
    `- Older, the shopper opens the order page, within 10 s of the page load: ${mark(lookMet)} (${looked.length} looked, slowest ${sec(Math.max(...looked.map((l) => l.pageLoadMs ?? Infinity)))}).`,
    `- Any other (${other.length}, older than an hour, no page load), within its open pass (≤ 10 h at 10,000 a day, projected from the pages per minute): ${mark(openPass <= 10 * HOUR)} (projected ${hours(openPass)}; ${other.filter((l) => l.learnedMs !== null).length} of them learned within the run). Never later than its expiry's read: by the rules (a pending charge's next sync is its expiry, watch-schedule.ts), not watched here.`,
    ""
  )

  // Routes.
  const routeRow = (label: string, key: keyof RouteTimes) => {
    const e = stats(run.empty[key])
    const f = stats(run.full[key])
    const b = stats(run.busy[key])
    const ratio = f.p95 / e.p95
    const failed = e.failed + f.failed + b.failed
    return {
      met: ratio <= 1.5,
      line: `| ${label} | ${ms(e.p50)} / ${ms(e.p95)} | ${ms(f.p50)} / ${ms(f.p95)} | ${ratio.toFixed(2)}× | ${mark(ratio <= 1.5)} | ${ms(b.p50)} / ${ms(b.p95)}${failed ? ` (${failed} failed)` : ""} |`,
    }
  }
  const rows = [
    routeRow("status route (a page load, `/store/vorexy/payment-status`)", "status"),
    routeRow("admin: an order's charges (`/admin/vorexy/charges`)", "charges"),
    routeRow("admin: withdrawals (`/admin/vorexy/withdrawals`)", "withdrawals"),
    routeRow("admin: the health card (`/admin/vorexy/health`)", "health"),
  ]
  lines.push(
    `**The routes**, ${run.full.status.length} requests each, one at a time: on the empty store (before the seed: the same processes' settings, the job on, no checkouts going on) and on the seeded store once the checkouts stopped (the job on), the target's comparison; and on the seeded store halfway through the run, among the checkouts and their payments (for information: the load differs). p50 / p95. The status route is asked for a seeded order's charge; the admin's charges list for an order's.`,
    "",
    "| route | empty store | at volume | p95 ratio | within 1.5× | at volume, among checkouts |",
    "| --- | ---: | ---: | ---: | --- | ---: |",
    ...rows.map((r) => r.line),
    ""
  )

  // Memory.
  const mem = (key: "server" | "worker" | "gateway") => growth(run.memory.map((m) => m[key]))
  const memRow = (label: string, key: "server" | "worker" | "gateway") => {
    const g = mem(key)
    return `| ${label} | ${mb(g.first)} | ${mb(g.last)} | ${mb(g.max)} | ${Number.isFinite(g.growth) ? `${g.growth >= 0 ? "+" : ""}${mb(g.growth)}` : "–"} |`
  }
  lines.push(
    `**Memory** (RSS, every 15 s, ${run.memory.length} samples; the first and the last quarter's means):`,
    "",
    "| process | first quarter | last quarter | max | growth |",
    "| --- | ---: | ---: | ---: | ---: |",
    memRow("server (`medusa start`, its process group)", "server"),
    memRow("worker (the job, the subscribers)", "worker"),
    memRow("sandbox gateway (300,000 transactions in memory)", "gateway"),
    ""
  )

  // Webhook events.
  const grown = run.eventsAfter.rows - run.eventsBefore.rows
  const perHour = (grown / (run.eventsAfter.at - run.eventsBefore.at)) * HOUR
  lines.push(
    `**The webhook-event table** grew from ${run.eventsBefore.rows.toLocaleString("en")} rows (${mb(run.eventsBefore.bytes)}) to ${run.eventsAfter.rows.toLocaleString("en")} (${mb(run.eventsAfter.bytes)}): ${grown} rows, ${Math.round(perHour)} an hour at this rate (${Math.round(perHour * 24).toLocaleString("en")} a day). Its clean-up (the job drops the bodies of events past the 30-day retention, at most 1,000 a run): the statement run once with a day's events due, in a transaction rolled back, took ${ms(run.cleanUp.ms)} for ${run.cleanUp.rows} rows.`,
    ""
  )

  const reconciles = run.marks.map((m) => m.reconcile).filter((r) => r !== null)
  const failures = reconciles.reduce((n, r) => n + Number(r!.data.failures ?? 0), 0)
  const samples = [
    ...new Set(reconciles.flatMap((r) => (r!.data.failure_sample as string[] | undefined) ?? [])),
  ]
  lines.push(
    `The job's own record of its last run was sampled ${reconciles.length} times; failures it recorded in those: ${failures}${
      samples.length
        ? `, e.g. ${samples
            .slice(0, 3)
            .map((f) => `\`${f.slice(0, 160)}\``)
            .join("; ")}`
        : ""
    }.`,
    ""
  )
  if (run.checkoutFailures.length)
    lines.push(
      `Checkouts that failed: ${[...new Set(run.checkoutFailures)].slice(0, 3).join("; ")}.`,
      ""
    )
  return lines.join("\n")
}
