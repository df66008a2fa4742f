import { getBoletoInfo } from "@brazilian-utils/brazilian-utils/get-boleto-info"
import { isValidBoleto } from "@brazilian-utils/brazilian-utils/is-valid-boleto"
import {
  barcodeOfLine,
  boletoBarcode,
  digitableLine,
  dueDateFactor,
  formatDigitableLine,
  isValidBarcode,
  isValidDigitableLine,
  mod10,
  mod11,
  readBarcode,
} from "../boleto"
import { boletoFreeField, issueBoleto } from "../state/methods"

/** Banco do Brasil's published example (amount R$ 1,00). */
const PUBLISHED = "00190500954014481606906809350314337370000000100"

/** The line with one digit changed (+1 mod 10) at `position`. */
const corrupt = (line: string, position: number) =>
  line.slice(0, position) + ((Number(line[position]) + 1) % 10) + line.slice(position + 1)

describe("FEBRABAN boleto", () => {
  it("validates the published Banco do Brasil example and round-trips it", () => {
    expect(isValidDigitableLine(PUBLISHED)).toBe(true)
    const barcode = barcodeOfLine(PUBLISHED)
    expect(barcode).toBe("00193373700000001000500940144816060680935031")
    expect(isValidBarcode(barcode)).toBe(true)
    expect(digitableLine(barcode)).toBe(PUBLISHED)
    expect(readBarcode(barcode)).toEqual({ factor: 3737, amountCents: 100 })
    expect(formatDigitableLine(PUBLISHED)).toBe(
      "00190.50095 40144.816069 06809.350314 3 37370000000100"
    )
  })

  it("computes mod 10 and mod 11 as FEBRABAN does (0, 10 and 11 give 1)", () => {
    expect(mod10("001905009")).toBe(5)
    expect(mod10("4014481606")).toBe(9)
    expect(mod11("0019373700000001000500940144816060680935031")).toBe(3)
    // Sums leaving remainder 0 (11 - 0 = 11) or 1 (11 - 1 = 10) give 1.
    expect(mod11("0")).toBe(1)
    expect(mod11("6")).toBe(1)
    expect(mod11("4")).toBe(3)
  })

  it("counts due-date factors across the 2025 restart", () => {
    expect(dueDateFactor(new Date("2000-07-03T12:00:00Z"))).toBe(1000)
    expect(dueDateFactor(new Date("2025-02-20"))).toBe(9998)
    expect(dueDateFactor(new Date("2025-02-21"))).toBe(9999)
    expect(dueDateFactor(new Date("2025-02-22"))).toBe(1000)
    expect(dueDateFactor(new Date("2025-02-23T23:59:59Z"))).toBe(1001)
    expect(() => dueDateFactor(new Date("2000-07-02"))).toThrow(RangeError)
  })

  it("generates boletos that validate again, with their factor and amount", () => {
    const dueDate = new Date("2026-11-25")
    const barcode = boletoBarcode({
      bank: "001",
      dueDate,
      amountCents: 9490,
      freeField: boletoFreeField(1001, 42),
    })
    expect(barcode).toMatch(/^\d{44}$/)
    expect(isValidBarcode(barcode)).toBe(true)
    const line = digitableLine(barcode)
    expect(line).toMatch(/^\d{47}$/)
    expect(isValidDigitableLine(line)).toBe(true)
    expect(barcodeOfLine(line)).toBe(barcode)
    expect(readBarcode(barcode)).toEqual({ factor: dueDateFactor(dueDate), amountCents: 9490 })
    // Banco do Brasil's free field: six zeros, convênio, nosso número sequence, wallet.
    expect(barcode.slice(19)).toBe(["000000", "0001001", "0000000042", "17"].join(""))
  })

  it("issues a boleto due N days after today (UTC), expiring at the end of that day", () => {
    const boleto = issueBoleto({
      companyId: 1001,
      internalId: 7,
      transactionId: "abc",
      amountCents: 123456,
      days: 3,
      baseUrl: "http://sandbox",
      today: new Date("2025-02-19T22:30:00Z"),
    })
    expect(boleto.expirationDate).toBe("2025-02-22T23:59:59.999Z")
    expect(boleto.url).toBe("http://sandbox/boletos/abc.pdf")
    expect(readBarcode(boleto.barcode)).toEqual({ factor: 1000, amountCents: 123456 })
    expect(isValidDigitableLine(boleto.digitableLine)).toBe(true)
  })

  it("refuses a corrupted digit", () => {
    // Every digit of the three fields is covered by its mod-10 digit.
    for (const position of [...Array(47).keys()].filter((i) => i < 32)) {
      expect(isValidDigitableLine(corrupt(PUBLISHED, position))).toBe(false)
    }
    // The general check digit and the factor/amount part are covered by mod 11.
    for (const position of [32, 33, 40, 46]) {
      expect(isValidDigitableLine(corrupt(PUBLISHED, position))).toBe(false)
    }
    expect(isValidBarcode(corrupt(barcodeOfLine(PUBLISHED), 20))).toBe(false)
    expect(isValidDigitableLine(PUBLISHED.slice(1))).toBe(false)
    expect(isValidDigitableLine(`${PUBLISHED.slice(0, 46)}x`)).toBe(false)
  })
})

/** A seeded generator, so a failing sample is the same on every run. */
function seeded(seed: number) {
  let state = seed
  return (below: number) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0
    return (state >>> 8) % below
  }
}

/** The line our generator builds from what `line` carries, its check digits recomputed. */
function regenerated(line: string): string {
  const barcode = barcodeOfLine(line)
  const body = barcode.slice(0, 4) + barcode.slice(5)
  return digitableLine(body.slice(0, 4) + mod11(body) + body.slice(4))
}

describe("the sandbox's boletos, read by @brazilian-utils", () => {
  const random = seeded(7)
  const DAY_MS = 86_400_000
  const issued = Array.from({ length: 2000 }, (_, i) => {
    // Any day from the first factor (2000-07-03) to 2040, so both factor cycles are covered.
    const today = new Date(Date.UTC(2000, 6, 3) + random(14_500) * DAY_MS)
    const days = 1 + random(30)
    const input = {
      companyId: random(100_000_000),
      internalId: 1 + i * 7919 + random(10_000_000),
      transactionId: `tx${i}`,
      // Amounts of every width, from 1 cent to the 10-digit field's last ones.
      amountCents: 1 + random(10 ** (1 + random(9))) * (1 + random(10)),
      days,
      baseUrl: "http://sandbox",
      today,
    }
    return { input, due: new Date(today.getTime() + days * DAY_MS), boleto: issueBoleto(input) }
  })

  it("issues lines and barcodes the library validates, with the charge's amount and due date", () => {
    for (const { input, due, boleto } of issued) {
      expect([boleto.digitableLine, isValidBoleto(boleto.digitableLine)]).toEqual([
        boleto.digitableLine,
        true,
      ])
      expect(getBoletoInfo(boleto.digitableLine, { referenceDate: due })).toEqual({
        amount: input.amountCents,
        bankCode: "001",
        expirationDate: new Date(due.toISOString().slice(0, 10) + "T00:00:00"),
      })
      expect(isValidBarcode(boleto.barcode)).toBe(true)
      expect(barcodeOfLine(boleto.digitableLine)).toBe(boleto.barcode)
    }
  })

  it("agrees with the library on every line with one digit changed", () => {
    const answers = { valid: 0, invalid: 0 }
    for (const { boleto } of issued.slice(0, 200)) {
      for (let at = 0; at < 47; at++) {
        const changed = corrupt(boleto.digitableLine, at)
        const ours = regenerated(changed) === changed
        answers[ours ? "valid" : "invalid"]++
        expect([changed, isValidBoleto(changed)]).toEqual([changed, ours])
      }
    }
    // Mod 11 maps three remainders to 1, so a few changes of the factor or amount still hold.
    expect(answers.valid).toBeGreaterThan(0)
    expect(answers.invalid).toBeGreaterThan(9000)
  })
})
