import type { FilePlan } from "./types"

export type Out = { log(line: string): void; error(line: string): void }

const LABEL = { changed: "changed  ", added: "added    ", unchanged: "unchanged" }

/** One line a file, then what each change does (or the problem, for a file it cannot edit). */
export function printPlans(out: Out, plans: FilePlan[], dryRun: boolean): void {
  for (const p of plans) {
    if (p.state === "failed") {
      out.error(`  ✗ ${p.path}: ${p.problem}`)
      continue
    }
    const label = dryRun && p.state !== "unchanged" ? `would be ${p.state}` : LABEL[p.state]
    out.log(`  ${label} ${p.path}`)
    if (p.state !== "unchanged") for (const what of p.what) out.log(`      - ${what}`)
  }
}

export function printRefusal(out: Out, plans: FilePlan[], verifiedOn: string[]): void {
  const failed = plans.filter((p) => p.state === "failed")
  out.error("")
  out.error(
    `Nothing was changed: ${failed.length} file(s) are not the starter code these edits expect.`
  )
  out.error(`The edits were verified on: ${verifiedOn.join("; ")}.`)
  out.error(
    "Apply the edits by hand (docs/storefront.md: 'Medusa's Next.js starter'), or run this on a " +
      "stock starter tree."
  )
}
