import {
  canMoveCharge,
  canMoveWithdrawal,
  isBalanceReleased,
  normaliseChargeStatus,
  normaliseWithdrawalStatus,
} from "../statuses"

describe("status table", () => {
  it.each([
    ["WAITING_PAYMENT", "pending", false],
    ["PENDING", "pending", false],
    ["Awaiting", "pending", false],
    ["awaiting", "pending", false],
    ["Paid", "paid", true],
    ["PAID", "paid", true],
    ["paid", "paid", true],
    ["Cancelled", "cancelled", true],
    ["CANCELED", "cancelled", true],
    ["expired", "cancelled", true],
    ["Failed", "failed", true],
    ["Refunded", "refunded", true],
    ["processing", "pending", false],
    ["authorized", "pending", false],
    ["in_analisys", "pending", false],
    ["IN_ANALYSIS", "pending", false],
    ["InAnalysis", "pending", false],
    ["refused", "failed", true],
    ["REFUSED", "failed", true],
    ["DECLINED", "failed", true],
    ["not_authorized", "failed", true],
    ["rejected", "failed", true],
    ["chargedback", "disputed", true],
    ["Chargedback", "disputed", true],
    ["in_protest", "disputed", true],
    ["InProtest", "disputed", true],
  ])("charge %s -> %s", (raw, status, terminal) => {
    expect(normaliseChargeStatus(raw)).toEqual({ status, raw, known: true, terminal })
  })

  it("keeps unknown charge statuses verbatim and non-terminal", () => {
    expect(normaliseChargeStatus("Chargeback_Dispute")).toEqual({
      status: "pending",
      raw: "Chargeback_Dispute",
      known: false,
      terminal: false,
    })
    expect(normaliseChargeStatus(undefined)).toEqual({
      status: "pending",
      raw: null,
      known: false,
      terminal: false,
    })
  })

  it.each([
    ["Awaiting", "pending", false],
    ["Pending", "pending", false],
    ["Processing", "processing", false],
    ["PROCESSING", "processing", false],
    ["Successful", "successful", true],
    ["successful", "successful", true],
    ["Failure", "failed", true],
    ["failure", "failed", true],
    ["refunded", "refunded", true],
  ])("withdrawal %s -> %s", (raw, status, terminal) => {
    expect(normaliseWithdrawalStatus(raw)).toMatchObject({ status, known: true, terminal })
  })

  it("treats unknown withdrawal statuses as pending", () => {
    expect(normaliseWithdrawalStatus("InAnalysis")).toMatchObject({
      status: "pending",
      known: false,
      terminal: false,
    })
  })

  it("only moves forward", () => {
    expect(canMoveCharge("pending", "paid")).toBe(true)
    expect(canMoveCharge("paid", "pending")).toBe(false)
    expect(canMoveCharge("paid", "refunded")).toBe(true)
    expect(canMoveCharge("cancelled", "paid")).toBe(false)
    expect(canMoveCharge("refunded", "paid")).toBe(false)
    expect(canMoveWithdrawal("processing", "pending")).toBe(false)
    expect(canMoveWithdrawal("pending", "successful")).toBe(true)
    expect(canMoveWithdrawal("successful", "failed")).toBe(false)
    expect(canMoveWithdrawal("failed", "successful")).toBe(false)
  })

  it("blocks withdrawals unless the balance is Released", () => {
    expect(isBalanceReleased("Released")).toBe(true)
    expect(isBalanceReleased("released")).toBe(true)
    expect(isBalanceReleased("Pending")).toBe(false)
    expect(isBalanceReleased(undefined)).toBe(false)
  })
})

describe("disputes", () => {
  it("move a paid or pending charge to disputed, and a dispute only to refunded", () => {
    expect(canMoveCharge("paid", "disputed")).toBe(true)
    expect(canMoveCharge("pending", "disputed")).toBe(true)
    expect(canMoveCharge("disputed", "refunded")).toBe(true)
    expect(canMoveCharge("disputed", "paid")).toBe(false)
    expect(canMoveCharge("refunded", "disputed")).toBe(false)
  })
})
