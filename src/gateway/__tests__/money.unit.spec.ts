import {
  centsToMajor,
  formatBRL,
  MajorAmountInput,
  MoneyError,
  reaisToCents,
  toCents,
} from "../money"

describe("money: major units <-> cents", () => {
  it.each([
    [19.99, 1999],
    ["19.99", 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.15, 115],
    [4.35, 435],
    [0.07, 7],
    ["10", 1000],
    [10, 1000],
    ["0.5", 50],
    [".5", 50],
    ["1e3", 100000],
    [1e-7, 0],
    ["-19.99", -1999],
    ["90071992547409.91", 9007199254740991],
  ])("toCents(%p) = %p", (input, expected) => {
    expect(toCents(input as MajorAmountInput)).toBe(expected)
  })

  it("never drifts on the classic float traps", () => {
    // 19.99 * 100 is 1998.9999999999998 in floats; 0.29 * 100 is 28.999999999999996.
    expect(19.99 * 100).not.toBe(1999)
    for (let cents = 0; cents <= 100_000; cents += 7) {
      expect(toCents(cents / 100)).toBe(cents)
    }
  })

  it("accepts Medusa BigNumber shapes structurally", () => {
    expect(toCents({ value: "12.5", precision: 20 } as MajorAmountInput)).toBe(1250)
    expect(toCents({ raw: { value: "0.3" } })).toBe(30)
    expect(toCents({ numeric: 7.77 })).toBe(777)
    expect(toCents({ toFixed: () => "3.10" })).toBe(310)
  })

  it("rounds more than two decimals half away from zero, or refuses them when strict", () => {
    expect(toCents("19.995")).toBe(2000)
    expect(toCents("19.994")).toBe(1999)
    expect(toCents("-0.005")).toBe(-1)
    expect(() => toCents("19.995", { strict: true })).toThrow(MoneyError)
    expect(toCents("19.9900", { strict: true })).toBe(1999)
  })

  it("refuses what is not an amount", () => {
    for (const bad of ["", "abc", "1,50", NaN, Infinity, {}, "1.2.3"]) {
      expect(() => toCents(bad as MajorAmountInput)).toThrow(MoneyError)
    }
    expect(() => toCents("90071992547409.92")).toThrow(/too large/)
  })

  it("converts gateway reais to cents exactly", () => {
    expect(reaisToCents(10.0)).toBe(1000)
    expect(reaisToCents(1234.56)).toBe(123456)
    expect(reaisToCents("0.01")).toBe(1)
  })

  it("converts cents back to exact major-unit strings", () => {
    expect(centsToMajor(1999)).toBe("19.99")
    expect(centsToMajor(5)).toBe("0.05")
    expect(centsToMajor(-5)).toBe("-0.05")
    expect(centsToMajor(100000000000)).toBe("1000000000.00")
    expect(centsToMajor("9007199254740993")).toBe("90071992547409.93")
    expect(() => centsToMajor(19.5)).toThrow(MoneyError)
    for (let cents = 0; cents <= 20_000; cents += 13)
      expect(toCents(centsToMajor(cents))).toBe(cents)
  })

  it("formats reais for people", () => {
    expect(formatBRL(123456)).toBe("R$ 1.234,56")
    expect(formatBRL(1000)).toBe("R$ 10,00")
    expect(formatBRL(-5)).toBe("-R$ 0,05")
  })
})
