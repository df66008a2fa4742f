import type VorexyModuleService from "../../modules/vorexy/service"
import type { VorexyWithdrawalRow } from "../../modules/vorexy/types"
import { noteWithdrawalFailure } from "../utils/withdrawal-write"

type Row = Pick<
  VorexyWithdrawalRow,
  "id" | "status" | "gateway_id" | "sync_failures" | "next_sync_at" | "failure_reason"
>

/**
 * The module's two calls, on one row: the move applies only while the row still has the status
 * and gateway id it was read with, as the service's conditional UPDATE does. `beforeMove` runs
 * once, before the first move: another writer's change landing between the read and the write.
 */
function store(row: Row, beforeMove?: (row: Row) => void) {
  let moves = 0
  const vorexy = {
    listVorexyWithdrawals: async () => [{ ...row }],
    moveWithdrawal: async (
      _id: string,
      read: { status: string; gateway_id: string | null },
      update: Partial<Row>
    ) => {
      if (moves++ === 0) beforeMove?.(row)
      if (row.status !== read.status || row.gateway_id !== read.gateway_id) return false
      Object.assign(row, update)
      return true
    },
  } as unknown as VorexyModuleService
  return { vorexy, row, moves: () => moves }
}

const pending = (): Row => ({
  id: "wd_1",
  status: "pending",
  gateway_id: "77",
  sync_failures: 2,
  next_sync_at: null,
  failure_reason: null,
})

describe("a withdrawal's failed sync or settle", () => {
  it("is counted and backed off while the withdrawal is still in a status it was for", async () => {
    const { vorexy, row } = store(pending())
    await noteWithdrawalFailure(vorexy, "wd_1", ["pending", "processing"])
    expect(row).toMatchObject({ status: "pending", sync_failures: 3, failure_reason: null })
    expect(new Date(row.next_sync_at!).getTime()).toBeGreaterThan(Date.now())
  })

  it("says why, when given a reason", async () => {
    const { vorexy, row } = store({ ...pending(), status: "unknown", gateway_id: null })
    await noteWithdrawalFailure(vorexy, "wd_1", ["unknown"], "Not settled yet: timeout")
    expect(row).toMatchObject({ sync_failures: 3, failure_reason: "Not settled yet: timeout" })
  })

  it("leaves a withdrawal that has moved on alone", async () => {
    const { vorexy, row, moves } = store({ ...pending(), status: "successful", sync_failures: 0 })
    await noteWithdrawalFailure(vorexy, "wd_1", ["pending", "processing"])
    expect(moves()).toBe(0)
    expect(row).toMatchObject({ status: "successful", sync_failures: 0, next_sync_at: null })
  })

  it("reads it again when its webhook settled it between the read and the write", async () => {
    const { vorexy, row, moves } = store(pending(), (now) => {
      Object.assign(now, { status: "failed", failure_reason: "Chave PIX inválida" })
    })
    await noteWithdrawalFailure(vorexy, "wd_1", ["pending", "processing"], "read failed")
    expect(moves()).toBe(1)
    expect(row).toMatchObject({
      status: "failed",
      failure_reason: "Chave PIX inválida",
      sync_failures: 2,
      next_sync_at: null,
    })
  })
})
