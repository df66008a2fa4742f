/**
 * `npm run bench:volume` (BENCH_ONLY=volume): a fresh database migrated with the store's and the
 * plugin's migrations (`medusa db:migrate` on medusa-config.ts), seeded at volume (volume-seed.ts),
 * then PostgreSQL's plan for each query the plugin makes on its two big tables (volume-plans.ts,
 * run inside the store by `medusa exec`). Prints the table; the database is dropped at the end
 * unless VOLUME_KEEP=true. No store is started and no gateway is called: the plugin's options are
 * placeholders.
 */
import { readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { dropDatabase, freshDatabase, medusa } from "../integration-tests/helpers/topology"
import { seedVolume } from "./volume-seed"
import type { PlanRow } from "./volume-plans"

export async function volumePlans(log: (line: string) => void) {
  const name = `vorexy_volume_${process.pid}`
  const databaseUrl = await freshDatabase(name)
  const out = join(tmpdir(), `${name}-plans.json`)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: "",
    DATABASE_URL: databaseUrl,
    MEDUSA_ADMIN_DISABLED: "true",
    MEDUSA_DISABLE_TELEMETRY: "true",
    MEDUSA_REDIS: undefined,
    VOREXY_RECONCILE_DISABLED: "true",
    // Never called: the plans read the database only.
    VOREXY_BASE_URL: "http://127.0.0.1:9",
    VOREXY_CLIENT_ID: "volume",
    VOREXY_API_KEY: "volume",
    VOREXY_COMPANY_ID: "1",
    VOLUME_PLANS_OUT: out,
  }
  try {
    log("volume: migrating a fresh database")
    await medusa(["db:migrate"], env)
    log("volume: seeding 30 days at 10,000 orders a day")
    const seeded = await seedVolume(databaseUrl, (line) => log(`volume: ${line}`))
    log(`volume: seeded in ${seeded.seconds.toFixed(0)} s`)
    for (const t of seeded.tables) log(`volume:   ${t.table}: ${t.rows} rows, ${t.size}`)
    log("volume: plans")
    await medusa(["exec", "./bench/volume-plans.ts"], env)
    const rows = JSON.parse(readFileSync(out, "utf8")) as PlanRow[]
    return { seeded, rows, table: planTable(rows) }
  } finally {
    if (process.env.VOLUME_KEEP !== "true") await dropDatabase(name).catch(() => undefined)
    else log(`volume: kept database ${name}`)
  }
}

/** The plans as a markdown table. */
export function planTable(rows: PlanRow[]) {
  const lines = [
    "| Code path | Plan (top ← scan) | Seq Scan on a big table | Rows | Time | Buffers |",
    "| --- | --- | --- | ---: | ---: | ---: |",
  ]
  for (const r of rows)
    lines.push(
      `| ${r.path} | ${r.top} | ${r.seqScan ?? "no"} | ${r.rows} | ${r.ms.toFixed(2)} ms | ${r.buffers} |`
    )
  return lines.join("\n")
}
