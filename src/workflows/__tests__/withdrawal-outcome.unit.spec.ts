import { normaliseWithdrawalStatus, type Withdrawal } from "../../gateway"
import { rowUpdateFor, WithdrawalOutcome } from "../utils/withdrawal-request"

const accepted = (status: string): WithdrawalOutcome => ({
  type: "accepted",
  withdrawal: { id: "77", status: normaliseWithdrawalStatus(status), raw: {} } as Withdrawal,
})
const refused: WithdrawalOutcome = {
  type: "refused",
  reason: "invalid key",
  gateway_id: null,
  raw: "Failed",
}
const unknown: WithdrawalOutcome = { type: "unknown", reason: "timeout" }

describe("what an answer writes on a withdrawal, from the row as it is", () => {
  it.each([
    ["requested", "pending", "pending"],
    ["unknown", "successful", "successful"],
    ["pending", "successful", "successful"],
    // Its webhook moved it on before the answer came: the answer's older word does not win.
    ["successful", "pending", undefined],
    ["processing", "pending", undefined],
    ["failed", "successful", undefined],
  ])("accepted %s <- %s: status %s", (from, answered, written) => {
    const update = rowUpdateFor(accepted(answered), { status: from })
    expect(update).toMatchObject({ gateway_id: "77" })
    expect(update?.status).toBe(written)
  })

  it("fails on a refusal a withdrawal not yet named, or the very record it names", () => {
    expect(rowUpdateFor(refused, { status: "unknown" })).toMatchObject({
      status: "failed",
      failure_reason: "invalid key",
    })
    const ownRefusal = { ...refused, gateway_id: "77" }
    expect(rowUpdateFor(ownRefusal, { status: "pending", gateway_id: "77" })).toMatchObject({
      status: "failed",
      gateway_id: "77",
    })
  })

  it("never fails on a refusal a record the gateway named otherwise, nor one paid out", () => {
    // Its webhook named it "pending": a refusal of the replay is not the record's word.
    expect(rowUpdateFor(refused, { status: "pending", gateway_id: "77" })).toBeNull()
    expect(
      rowUpdateFor({ ...refused, gateway_id: "78" }, { status: "pending", gateway_id: "77" })
    ).toBeNull()
    expect(
      rowUpdateFor({ ...refused, gateway_id: "77" }, { status: "successful", gateway_id: "77" })
    ).toBeNull()
  })

  it("keeps the reason of a failure its webhook wrote when an older answer comes", () => {
    const update = rowUpdateFor(accepted("pending"), { status: "failed" })
    expect(update).not.toHaveProperty("failure_reason")
    expect(update).not.toHaveProperty("gateway_status")
    expect(rowUpdateFor(accepted("pending"), { status: "unknown" })).toMatchObject({
      status: "pending",
      failure_reason: null,
    })
  })

  it("marks unknown only a withdrawal the gateway has not named", () => {
    expect(rowUpdateFor(unknown, { status: "requested" })).toEqual({
      status: "unknown",
      failure_reason: null,
    })
    expect(rowUpdateFor(unknown, { status: "pending" })).toBeNull()
    expect(rowUpdateFor(unknown, { status: "successful" })).toBeNull()
  })
})
