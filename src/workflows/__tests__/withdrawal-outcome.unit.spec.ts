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

  it("fails a local or pending withdrawal on a refusal, keeping the id its webhook gave", () => {
    expect(rowUpdateFor(refused, { status: "unknown" })).toMatchObject({
      status: "failed",
      failure_reason: "invalid key",
    })
    expect(rowUpdateFor(refused, { status: "pending", gateway_id: "77" })).toMatchObject({
      status: "failed",
      gateway_id: "77",
    })
  })

  it("never fails on a refusal what the gateway has paid out", () => {
    const update = rowUpdateFor(refused, { status: "successful", gateway_id: "77" })
    expect(update).not.toHaveProperty("status")
    expect(update).not.toHaveProperty("gateway_id")
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
