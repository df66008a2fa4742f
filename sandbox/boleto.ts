/**
 * FEBRABAN bank boletos: the 44-digit barcode and the 47-digit linha digitável, with their check
 * digits (mod 10 per field of the line, mod 11 for the barcode's general digit), the due-date
 * factor and the amount. Pure functions: the sandbox issues boletos with them. Checking a boleto
 * and printing its line are left to `@brazilian-utils`, a reader written apart from this
 * generator, which the tests hold it to.
 */
import { formatBoleto } from "@brazilian-utils/brazilian-utils/format-boleto"
import { isValidBoleto } from "@brazilian-utils/brazilian-utils/is-valid-boleto"

/** Mod 10: weights 2, 1, 2, 1… from the right, the digits of each product summed. */
export function mod10(digits: string): number {
  let sum = 0
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 2 ? 1 : 2) {
    const product = Number(digits[i]) * weight
    sum += product > 9 ? product - 9 : product
  }
  return (10 - (sum % 10)) % 10
}

/** The barcode's general check digit: mod 11, weights 2..9 from the right; 0, 10, 11 give 1. */
export function mod11(digits: string): number {
  let sum = 0
  for (let i = digits.length - 1, weight = 2; i >= 0; i--, weight = weight === 9 ? 2 : weight + 1) {
    sum += Number(digits[i]) * weight
  }
  const dv = 11 - (sum % 11)
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv
}

const FACTOR_BASE = Date.UTC(1997, 9, 7)
const DAY_MS = 86_400_000

/**
 * Days from 1997-10-07 to the due date (UTC calendar day). The factor reached 9999 on 2025-02-21
 * and restarted at 1000 the next day, so it cycles through 1000..9999.
 */
export function dueDateFactor(due: Date): number {
  const day = Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate())
  const days = Math.round((day - FACTOR_BASE) / DAY_MS)
  if (days < 1000) throw new RangeError("due date before 2000-07-03")
  return ((days - 1000) % 9000) + 1000
}

export type BoletoInput = {
  /** The bank's 3-digit FEBRABAN code. */
  bank: string
  dueDate: Date
  amountCents: number
  /** The bank's 25-digit "campo livre" (agency, account, nosso número…). */
  freeField: string
}

export function boletoBarcode({ bank, dueDate, amountCents, freeField }: BoletoInput): string {
  if (!/^\d{3}$/.test(bank) || !/^\d{25}$/.test(freeField)) {
    throw new RangeError("bank must be 3 digits and freeField 25")
  }
  if (!Number.isInteger(amountCents) || amountCents < 0 || amountCents > 99_999_999_99) {
    throw new RangeError("amount out of range for a boleto")
  }
  const factor = dueDateFactor(dueDate)
  const body = `${bank}9${factor}${String(amountCents).padStart(10, "0")}${freeField}`
  return body.slice(0, 4) + mod11(body) + body.slice(4)
}

/** The linha digitável: three fields with their mod-10 digit, the general digit, factor + amount. */
export function digitableLine(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError("a barcode has 44 digits")
  const free = barcode.slice(19)
  const field1 = barcode.slice(0, 4) + free.slice(0, 5)
  const field2 = free.slice(5, 15)
  const field3 = free.slice(15, 25)
  return [
    field1 + mod10(field1),
    field2 + mod10(field2),
    field3 + mod10(field3),
    barcode[4],
    barcode.slice(5, 19),
  ].join("")
}

/** The barcode a line encodes (its three field digits dropped). */
export function barcodeOfLine(line: string): string {
  return [
    line.slice(0, 4),
    line[32],
    line.slice(33, 47),
    line.slice(4, 9),
    line.slice(10, 20),
    line.slice(21, 31),
  ].join("")
}

/** True when the barcode's general digit holds (read through the line it prints as). */
export function isValidBarcode(barcode: string): boolean {
  return /^\d{44}$/.test(barcode) && isValidDigitableLine(digitableLine(barcode))
}

/** True when every check digit of a 47-digit bank line holds, and so does the barcode it encodes. */
export function isValidDigitableLine(line: string): boolean {
  // The library also takes masks and the 48-digit tax slips; a bank's line is 47 bare digits.
  return /^\d{47}$/.test(line) && isValidBoleto(line)
}

/** As printed on the slip: `00190.50095 40144.816069 06809.350314 3 37370000000100`. */
export const formatDigitableLine = (line: string) => formatBoleto(line)

/** The factor and amount a barcode carries (what a bank reads back). */
export function readBarcode(barcode: string): { factor: number; amountCents: number } {
  return { factor: Number(barcode.slice(5, 9)), amountCents: Number(barcode.slice(9, 19)) }
}
