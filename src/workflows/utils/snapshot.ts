/**
 * Snapshot-and-restore compensation, in one place: before a step updates a row it keeps the values
 * the row had for exactly the fields it sets; compensation writes them back.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { VOREXY_MODULE } from "../../modules/vorexy"
import type VorexyModuleService from "../../modules/vorexy/service"

export type Snapshot = { id: string } & Record<string, unknown>

/** The values `row` has now for the fields `update` will set (its id included). */
export function snapshotOf(row: { id: string }, update: Record<string, unknown>): Snapshot {
  const values = row as unknown as Record<string, unknown>
  return { ...Object.fromEntries(Object.keys(update).map((k) => [k, values[k]])), id: row.id }
}

type Compensation = (
  snapshots: Snapshot | Snapshot[] | null | undefined,
  context: { container: MedusaContainer }
) => Promise<void>

const list = (snapshots: Snapshot | Snapshot[] | null | undefined) =>
  snapshots ? ([] as Snapshot[]).concat(snapshots) : []

/** Compensation that puts charges back as they were (and wakes their long-polls). */
export const restoreCharges: Compensation = async (snapshots, { container }) => {
  const rows = list(snapshots)
  if (rows.length) {
    await container.resolve<VorexyModuleService>(VOREXY_MODULE).updateChargesAndNotify(rows)
  }
}
